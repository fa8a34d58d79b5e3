import type { RequestContext } from "../../lib/context.ts";

/** Whether the actor may create, change or delete help videos: super users only (spec admin §1, §6). */
export function canManageHelps(ctx: Pick<RequestContext, "profile" | "isSuper">): boolean {
  return ctx.isSuper;
}

/** Whether the actor may read the help videos: every logged-in user of every company (the /helps gallery). */
export function canReadHelps(_ctx: Pick<RequestContext, "profile" | "isSuper">): boolean {
  return true;
}
