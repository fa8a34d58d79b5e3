import { z } from "zod";
import { ZId, ZIdText } from "./common.ts";

/** Chat titles: required, up to 100 characters (spec admin §5: 'Por favor, preencha o título da conversa.'). */
export const CHAT_TITLE_MAX = 100;
/** A chat message: trimmed, not empty, up to 4000 characters. */
export const CHAT_MESSAGE_MAX = 4000;
/** How many users one save may name (the owner is always a member besides them). */
export const CHAT_USERS_MAX = 500;
/** GET /chats answers pages of this many chats. */
export const CHATS_PAGE_SIZE = 20;
/** GET /chats/{id}/messages answers pages of this many messages. */
export const CHAT_MESSAGES_PAGE_SIZE = 20;

/** A member of a chat (spec admin §3): the user, and how many messages they have not read yet. */
export const ZChatUser = z.object({
  userId: z.number(),
  unreads: z.number(),
  user: z.object({ id: z.number(), name: z.string() }),
});
export type ChatUser = z.infer<typeof ZChatUser>;

/** An internal chat between users of one company (spec admin §3), as its members see it. */
export const ZChat = z.object({
  id: z.number(),
  /** The chat's address in the web app (/chats/{uuid}). */
  uuid: z.string(),
  title: z.string(),
  /** The user who created it, the only one who may edit or delete it; null once that user was deleted. */
  ownerId: z.number().nullable(),
  lastMessage: z.string(),
  createdAt: z.string(),
  /** The last change or message: the list shows the most recent first. */
  updatedAt: z.string(),
  users: z.array(ZChatUser),
});
export type Chat = z.infer<typeof ZChat>;

/** A message of a chat (spec admin §3). */
export const ZChatMessage = z.object({
  id: z.number(),
  chatId: z.number(),
  /** Null once the sender's account was deleted. */
  senderId: z.number().nullable(),
  sender: z.object({ id: z.number(), name: z.string() }).nullable(),
  message: z.string(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof ZChatMessage>;

/**
 * POST /chats and PUT /chats/{id}: the title and the members besides the owner (ids of users of the
 * company; the owner is always a member). A save replaces the members.
 */
/** A member named by id, or as the 4.8.2 client's user picker gives it, `{id, name}` (the name is not read). */
const ZChatMember = z.union([ZId, z.strictObject({ id: ZId, name: z.string().max(200).optional() }).transform((member) => member.id)]);

export const ZChatBody = z.strictObject({
  title: z.string().trim().min(1).max(CHAT_TITLE_MAX),
  users: z.array(ZChatMember).min(1).max(CHAT_USERS_MAX),
});
export type ChatBody = z.infer<typeof ZChatBody>;

/** POST /chats/{id}/messages. */
export const ZChatMessageBody = z.strictObject({
  message: z.string().trim().min(1).max(CHAT_MESSAGE_MAX),
});
export type ChatMessageBody = z.infer<typeof ZChatMessageBody>;

/** POST /chats/{id}/read: marks the chat read for the caller; `userId`, when sent, must be the caller's own. */
export const ZChatReadBody = z.strictObject({
  userId: ZId.optional(),
});
export type ChatReadBody = z.infer<typeof ZChatReadBody>;

/** GET /chats/{id}: a chat by its numeric id or its uuid (the web app's address). */
export const ZChatRefParam = z.object({ id: z.union([ZIdText, z.uuid()]) });

const ZQueryBoolean = z.enum(["true", "false"]).transform((v) => v === "true");

/** GET /chats: the caller's chats, most recent first, searched in the title; only those with unread messages on request. */
export const ZListChatsQuery = z.object({
  searchParam: z.string().max(200).optional(),
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
  withUnreadMessages: ZQueryBoolean.optional(),
});
export type ListChatsQuery = z.infer<typeof ZListChatsQuery>;

export const ZListChatsResponse = z.object({ records: z.array(ZChat), count: z.number(), hasMore: z.boolean() });
export type ListChatsResponse = z.infer<typeof ZListChatsResponse>;

/** GET /chats/{id}/messages: page 1 holds the newest messages, each page in the order they were written. */
export const ZListChatMessagesQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
});
export type ListChatMessagesQuery = z.infer<typeof ZListChatMessagesQuery>;

export const ZListChatMessagesResponse = z.object({ records: z.array(ZChatMessage), count: z.number(), hasMore: z.boolean() });
export type ListChatMessagesResponse = z.infer<typeof ZListChatMessagesResponse>;

/** The caller's unread count in a chat (0 when not a member). */
export function unreadsOf(chat: Pick<Chat, "users">, userId: number): number {
  return chat.users.find((member) => member.userId === userId)?.unreads ?? 0;
}
