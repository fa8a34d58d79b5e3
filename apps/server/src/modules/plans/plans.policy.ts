import type { RequestContext } from "../../lib/context.ts";

/** Whether the actor may list, create, change or delete plans: super users only (spec admin §1, core §6). */
export function canManagePlans(ctx: Pick<RequestContext, "profile" | "isSuper">): boolean {
  return ctx.isSuper;
}
