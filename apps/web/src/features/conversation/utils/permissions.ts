import { can, type Message, mayWriteOnTicket, type SessionUser, type Ticket } from "@conversa/shared";

/** Only messages the company sent can be deleted: by their author, or by an admin (spec core §6). */
export function canDeleteMessage(message: Pick<Message, "fromMe" | "userId" | "isDeleted">, user: Pick<SessionUser, "id" | "profile" | "super"> | null): boolean {
  if (!user || !message.fromMe || message.isDeleted) return false;
  return message.userId === user.id || user.profile === "admin";
}

/** Whether the user may create tags ("tags:manage": admins); everyone applies existing ones. */
export function canCreateTags(user: Pick<SessionUser, "profile" | "super"> | null): boolean {
  return user !== null && can({ profile: user.profile, isSuper: user.super }, "tags:manage");
}

/** Whether the user may delete tickets (ticket-options:deleteTicket). */
export function canDeleteTicket(user: Pick<SessionUser, "profile" | "super"> | null): boolean {
  return user !== null && can({ profile: user.profile, isSuper: user.super }, "ticket-options:deleteTicket");
}

/**
 * The attendant who holds an open ticket the user may not write on (`mayWriteOnTicket`: a colleague
 * took it), or null when the user may write, the ticket is not open or the user is not known yet.
 */
export function blockingHolder(
  ticket: Pick<Ticket, "status" | "userId" | "user">,
  user: Pick<SessionUser, "id" | "profile" | "super"> | null,
): { id: number; name: string } | null {
  if (!user || ticket.status !== "open" || ticket.userId === null) return null;
  if (mayWriteOnTicket({ profile: user.profile, isSuper: user.super, userId: user.id }, ticket)) return null;
  return { id: ticket.userId, name: ticket.user?.name ?? "" };
}
