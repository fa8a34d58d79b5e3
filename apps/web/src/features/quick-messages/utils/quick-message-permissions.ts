import { type Actor, type QuickMessage, can } from "@conversa/shared";

/** The signed-in user as the quick-reply rules need them. */
export interface QuickMessageActor extends Actor {
  userId: number;
}

/** The owner edits and deletes their replies; admins ("quick-messages:editShared") also the shared ones (as the server rules). */
export function canEditQuickMessage(actor: QuickMessageActor, quick: Pick<QuickMessage, "geral" | "userId">): boolean {
  return quick.userId === actor.userId || (quick.geral && can(actor, "quick-messages:editShared"));
}

/** Only the owner (or whoever creates it) decides whether a reply is shared. */
export function canChangeSharing(actor: QuickMessageActor, quick: Pick<QuickMessage, "userId"> | undefined): boolean {
  return quick === undefined || quick.userId === actor.userId;
}
