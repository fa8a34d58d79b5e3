import { can } from "@conversa/shared";
import type { RequestContext } from "../../lib/context.ts";

/** The dashboard and its charts are for admins (spec core §6, `dashboard:view`). */
export function canViewDashboard(ctx: RequestContext): boolean {
  return can({ profile: ctx.profile, isSuper: ctx.isSuper }, "dashboard:view");
}

/** The Active Connections and Companies cards count the whole installation: super users only (spec core §6). */
export function seesInstallationTotals(ctx: RequestContext): boolean {
  return ctx.isSuper;
}
