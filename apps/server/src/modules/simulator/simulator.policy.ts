import { can } from "@conversa/shared";
import type { RequestContext } from "../../lib/context.ts";

/**
 * Who may use the simulator at all: its admins (and super users in their own company). Playing the customers
 * shows every conversation of the company's connections, whatever the queue, and playing the phone changes the
 * connection's session as the connections page's session buttons do; so the whole tool follows the permission of
 * those buttons. An attendant opens a conversation only through the inbox, under its visibility rule.
 */
export function canUseSimulator(ctx: RequestContext): boolean {
  return can({ profile: ctx.profile, isSuper: ctx.isSuper }, "connections-page:actionButtons");
}
