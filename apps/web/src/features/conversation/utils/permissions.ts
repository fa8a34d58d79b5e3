import { can, type Message, type SessionUser } from "@conversa/shared";

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
