import type { RequestContext } from "../../lib/context.ts";

/** Whether the actor may read and change the installation's settings: super users only (the provider's staff). */
export function canManageInstallation(ctx: Pick<RequestContext, "isSuper">): boolean {
  return ctx.isSuper;
}
