import { can } from "@conversa/shared";
import type { RequestContext } from "../../lib/context.ts";

/**
 * Who may play the company's phone on the simulator: pair it (scan the QR code), drop its network and make
 * its sends fail. These change the connection's session as the connections page's session buttons do, so they
 * follow the same permission (admins). Playing the company's customers (writing, reading, seeing the chats and
 * their media) is open to every user of the company.
 */
export function canOperateSimulatedPhone(ctx: RequestContext): boolean {
  return can({ profile: ctx.profile, isSuper: ctx.isSuper }, "connections-page:actionButtons");
}
