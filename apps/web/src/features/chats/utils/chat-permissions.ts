import type { Chat } from "@conversa/shared";

/** Whether the user sees edit and delete on a chat: its owner only (spec admin §6). */
export function canManageChat(chat: Pick<Chat, "ownerId">, userId: number): boolean {
  return chat.ownerId !== null && chat.ownerId === userId;
}
