import { and, asc, count, desc, eq, gt, ilike, inArray, ne, notInArray, sql } from "drizzle-orm";
import { CHAT_MESSAGES_PAGE_SIZE, CHATS_PAGE_SIZE, type Chat, type ChatMessage, type ChatUser } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { chatMessages, chatUsers, chats, users } from "../../db/schema/index.ts";

type ChatRow = typeof chats.$inferSelect;

/** A chat's row as the service reads it to decide: its owner. */
export interface ChatHead {
  id: number;
  ownerId: number | null;
}

function toChat(row: ChatRow, members: ChatUser[]): Chat {
  return {
    id: row.id,
    uuid: row.uuid,
    title: row.title,
    ownerId: row.ownerId,
    lastMessage: row.lastMessage,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    users: members,
  };
}

/** The members of each chat (by name), with their unread counts. */
async function membersOf(db: Db, companyId: number, chatIds: readonly number[]): Promise<Map<number, ChatUser[]>> {
  const byChat = new Map<number, ChatUser[]>(chatIds.map((id) => [id, []]));
  if (chatIds.length === 0) return byChat;
  const rows = await db
    .select({ chatId: chatUsers.chatId, userId: chatUsers.userId, unreads: chatUsers.unreads, name: users.name })
    .from(chatUsers)
    .innerJoin(users, eq(users.id, chatUsers.userId))
    .where(and(eq(chatUsers.companyId, companyId), inArray(chatUsers.chatId, [...chatIds])))
    .orderBy(asc(users.name), asc(users.id));
  for (const row of rows) byChat.get(row.chatId)?.push({ userId: row.userId, unreads: row.unreads, user: { id: row.userId, name: row.name } });
  return byChat;
}

async function withMembers(db: Db, companyId: number, rows: ChatRow[]): Promise<Chat[]> {
  const members = await membersOf(
    db,
    companyId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toChat(row, members.get(row.id) ?? []));
}

/** A chat of the company by id or uuid, with its members (the service checks membership). */
export async function findChat(db: Db, companyId: number, ref: number | string): Promise<Chat | undefined> {
  const [row] = await db
    .select()
    .from(chats)
    .where(and(eq(chats.companyId, companyId), typeof ref === "number" ? eq(chats.id, ref) : eq(chats.uuid, ref)));
  if (!row) return undefined;
  return (await withMembers(db, companyId, [row]))[0];
}

/** `%term%` for ILIKE, with the pattern characters of the term escaped. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A page of the chats `userId` is a member of, the most recently active first, searched in the title;
 * only those with messages the user has not read when `withUnreadMessages`.
 */
export async function listChatPage(
  db: Db,
  companyId: number,
  userId: number,
  options: { searchParam: string | undefined; pageNumber: number; withUnreadMessages: boolean },
): Promise<{ records: Chat[]; count: number; hasMore: boolean }> {
  const term = options.searchParam?.trim();
  const membership = and(eq(chatUsers.chatId, chats.id), eq(chatUsers.userId, userId), eq(chatUsers.companyId, companyId));
  const where = and(eq(chats.companyId, companyId), options.withUnreadMessages ? gt(chatUsers.unreads, 0) : undefined, term ? ilike(chats.title, containsPattern(term)) : undefined);
  const offset = (options.pageNumber - 1) * CHATS_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    db
      .select({ chat: chats })
      .from(chats)
      .innerJoin(chatUsers, membership)
      .where(where)
      .orderBy(desc(chats.updatedAt), desc(chats.id))
      .limit(CHATS_PAGE_SIZE)
      .offset(offset),
    db.select({ value: count() }).from(chats).innerJoin(chatUsers, membership).where(where),
  ]);
  const all = total?.value ?? 0;
  const records = await withMembers(
    db,
    companyId,
    rows.map((row) => row.chat),
  );
  return { records, count: all, hasMore: offset + rows.length < all };
}

/**
 * Which of `ids` are users of the company, each kept from being deleted until the end of the transaction
 * `tx` (so that a member added is still there when the chat's rows are written).
 */
export async function lockCompanyUserIds(tx: Db, companyId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, [...ids])))
    .for("key share");
  return new Set(rows.map((row) => row.id));
}

/** Whether a user of the company exists. */
export async function companyUserExists(db: Db, companyId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  return row !== undefined;
}

/** Creates a chat of `ownerId` with these members (the owner among them); answers its id. */
export async function insertChat(tx: Db, values: { companyId: number; ownerId: number; title: string; memberIds: readonly number[] }): Promise<number> {
  const [row] = await tx.insert(chats).values({ companyId: values.companyId, ownerId: values.ownerId, title: values.title }).returning({ id: chats.id });
  const chatId = row!.id;
  await tx.insert(chatUsers).values(values.memberIds.map((userId) => ({ companyId: values.companyId, chatId, userId })));
  return chatId;
}

/**
 * Locks a chat's row until the end of the transaction: its members' changes, its messages and its
 * deletion happen one at a time, so that a member removed by the owner cannot write after the removal.
 */
export async function lockChat(tx: Db, companyId: number, id: number): Promise<ChatHead | undefined> {
  const [row] = await tx
    .select({ id: chats.id, ownerId: chats.ownerId })
    .from(chats)
    .where(and(eq(chats.companyId, companyId), eq(chats.id, id)))
    .for("update");
  return row;
}

/** The ids of a chat's members. */
export async function memberIdsOf(db: Db, companyId: number, chatId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: chatUsers.userId })
    .from(chatUsers)
    .where(and(eq(chatUsers.companyId, companyId), eq(chatUsers.chatId, chatId)));
  return rows.map((row) => row.userId);
}

/** Whether `userId` is a member of the chat. */
export async function isChatMember(db: Db, companyId: number, chatId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: chatUsers.id })
    .from(chatUsers)
    .where(and(eq(chatUsers.companyId, companyId), eq(chatUsers.chatId, chatId), eq(chatUsers.userId, userId)));
  return row !== undefined;
}

/** Sets a chat's title and makes `memberIds` its members (those kept keep their unread counts). */
export async function replaceChat(tx: Db, companyId: number, chatId: number, values: { title: string; memberIds: readonly number[] }): Promise<void> {
  await tx
    .update(chats)
    .set({ title: values.title, updatedAt: sql`now()` })
    .where(and(eq(chats.companyId, companyId), eq(chats.id, chatId)));
  await tx.delete(chatUsers).where(and(eq(chatUsers.companyId, companyId), eq(chatUsers.chatId, chatId), notInArray(chatUsers.userId, [...values.memberIds])));
  await tx
    .insert(chatUsers)
    .values(values.memberIds.map((userId) => ({ companyId, chatId, userId })))
    .onConflictDoNothing({ target: [chatUsers.chatId, chatUsers.userId] });
}

/** Deletes a chat with its members and messages. */
export async function deleteChatRow(tx: Db, companyId: number, chatId: number): Promise<void> {
  await tx.delete(chats).where(and(eq(chats.companyId, companyId), eq(chats.id, chatId)));
}

/** Sets a member's unread count to zero; answers whether they are a member. */
export async function clearChatUnreads(db: Db, companyId: number, chatId: number, userId: number): Promise<boolean> {
  const rows = await db
    .update(chatUsers)
    .set({ unreads: 0, updatedAt: sql`now()` })
    .where(and(eq(chatUsers.companyId, companyId), eq(chatUsers.chatId, chatId), eq(chatUsers.userId, userId)))
    .returning({ id: chatUsers.id });
  return rows.length === 1;
}

/**
 * Stores a message of `senderId` in the chat, counts it unread for every other member and makes it the
 * chat's last message (the chat moves to the top of its members' lists). Answers the message's id.
 */
export async function insertChatMessage(tx: Db, values: { companyId: number; chatId: number; senderId: number; message: string }): Promise<number> {
  const { companyId, chatId, senderId, message } = values;
  const [row] = await tx.insert(chatMessages).values({ companyId, chatId, senderId, message }).returning({ id: chatMessages.id });
  await tx
    .update(chatUsers)
    .set({ unreads: sql`${chatUsers.unreads} + 1` })
    .where(and(eq(chatUsers.companyId, companyId), eq(chatUsers.chatId, chatId), ne(chatUsers.userId, senderId)));
  await tx
    .update(chats)
    .set({ lastMessage: message, updatedAt: sql`now()` })
    .where(and(eq(chats.companyId, companyId), eq(chats.id, chatId)));
  return row!.id;
}

const messageColumns = {
  id: chatMessages.id,
  chatId: chatMessages.chatId,
  senderId: chatMessages.senderId,
  senderName: users.name,
  message: chatMessages.message,
  createdAt: chatMessages.createdAt,
};

function toChatMessage(row: { id: number; chatId: number; senderId: number | null; senderName: string | null; message: string; createdAt: Date }): ChatMessage {
  return {
    id: row.id,
    chatId: row.chatId,
    senderId: row.senderId,
    sender: row.senderId !== null && row.senderName !== null ? { id: row.senderId, name: row.senderName } : null,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One message of the company, with its sender's name. */
export async function findChatMessage(db: Db, companyId: number, id: number): Promise<ChatMessage | undefined> {
  const [row] = await db
    .select(messageColumns)
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.senderId))
    .where(and(eq(chatMessages.companyId, companyId), eq(chatMessages.id, id)));
  return row ? toChatMessage(row) : undefined;
}

/** A page of a chat's messages: page 1 the newest, each page oldest first. */
export async function listChatMessagePage(db: Db, companyId: number, chatId: number, pageNumber: number): Promise<{ records: ChatMessage[]; count: number; hasMore: boolean }> {
  const where = and(eq(chatMessages.companyId, companyId), eq(chatMessages.chatId, chatId));
  const offset = (pageNumber - 1) * CHAT_MESSAGES_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    db
      .select(messageColumns)
      .from(chatMessages)
      .leftJoin(users, eq(users.id, chatMessages.senderId))
      .where(where)
      .orderBy(desc(chatMessages.id))
      .limit(CHAT_MESSAGES_PAGE_SIZE)
      .offset(offset),
    db.select({ value: count() }).from(chatMessages).where(where),
  ]);
  const all = total?.value ?? 0;
  return { records: rows.map(toChatMessage).reverse(), count: all, hasMore: offset + rows.length < all };
}
