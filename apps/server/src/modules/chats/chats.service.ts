import type { Chat, ChatBody, ChatMessage, ChatMessageBody, ChatReadBody, ListChatMessagesQuery, ListChatMessagesResponse, ListChatsQuery, ListChatsResponse } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import type { DomainEvents } from "../../events/domain-events.ts";
import { AppError } from "../../lib/app-error.ts";
import type { RequestContext } from "../../lib/context.ts";
import { canManageChat, canUseChat, chatMemberIds } from "./chats.policy.ts";
import {
  clearChatUnreads,
  companyUserExists,
  deleteChatRow,
  findChat,
  findChatMessage,
  insertChat,
  insertChatMessage,
  isChatMember,
  listChatMessagePage,
  listChatPage,
  lockChat,
  lockCompanyUserIds,
  memberIdsOf,
  replaceChat,
} from "./chats.repository.ts";

export interface ChatsDeps {
  db: Db;
  events: DomainEvents;
}

const notFound = () => new AppError("ERR_NO_CHAT_FOUND", undefined, "Chat not found");
const noPermission = () => new AppError("ERR_NO_PERMISSION");
const userNotFound = () => new AppError("ERR_NO_USER_FOUND", undefined, "User not found");

/** A chat the actor is a member of, by id or uuid. Throws ERR_NO_CHAT_FOUND (missing, another company's, or not a member). */
async function findMemberChat(db: Db, ctx: RequestContext, ref: number | string): Promise<Chat> {
  const chat = await findChat(db, ctx.companyId, ref);
  if (!chat || !canUseChat(ctx, chat.users.map((member) => member.userId))) throw notFound();
  return chat;
}

/** The chat as it is now (after a committed change). Throws ERR_NO_CHAT_FOUND when it was deleted meanwhile. */
async function reload(db: Db, ctx: RequestContext, id: number): Promise<Chat> {
  const chat = await findChat(db, ctx.companyId, id);
  if (!chat) throw notFound();
  return chat;
}

/**
 * The members a save names, each a user of the company, kept from being deleted until the end of the
 * transaction. Throws ERR_NO_USER_FOUND (another company's user, or none), adding nobody.
 */
async function membersToSave(tx: Db, ctx: RequestContext, ownerId: number, userIds: readonly number[]): Promise<number[]> {
  const memberIds = chatMemberIds(ownerId, userIds);
  const found = await lockCompanyUserIds(tx, ctx.companyId, memberIds);
  if (memberIds.some((id) => !found.has(id))) throw userNotFound();
  return memberIds;
}

/**
 * A page of 20 of the actor's chats (those they are a member of), the most recently active first,
 * searched in the title; `withUnreadMessages` keeps those with messages the actor has not read.
 */
export function listChats(deps: Pick<ChatsDeps, "db">, ctx: RequestContext, query: ListChatsQuery): Promise<ListChatsResponse> {
  return listChatPage(deps.db, ctx.companyId, ctx.userId, {
    searchParam: query.searchParam,
    pageNumber: query.pageNumber,
    withUnreadMessages: query.withUnreadMessages ?? false,
  });
}

/** One chat of the actor, by id or uuid (the web app's address). Throws ERR_NO_CHAT_FOUND. */
export function showChat(deps: Pick<ChatsDeps, "db">, ctx: RequestContext, ref: number | string): Promise<Chat> {
  return findMemberChat(deps.db, ctx, ref);
}

/**
 * Creates a chat owned by the actor with the users named (of the company) and the actor as members; each
 * member is told. Throws ERR_NO_USER_FOUND (a user who is not of the company: nobody is added).
 */
export async function createChat(deps: ChatsDeps, ctx: RequestContext, body: ChatBody): Promise<Chat> {
  const id = await deps.db.transaction(async (tx) => {
    const memberIds = await membersToSave(tx, ctx, ctx.userId, body.users);
    return insertChat(tx, { companyId: ctx.companyId, ownerId: ctx.userId, title: body.title, memberIds });
  });
  const chat = await reload(deps.db, ctx, id);
  deps.events.publish("chat.changed", { companyId: ctx.companyId, action: "create", chat });
  return chat;
}

/**
 * Replaces a chat's title and members (the owner stays one). Members added are told of a new chat;
 * members removed lose it at once (it leaves their list and they hear nothing of it after).
 * Throws ERR_NO_CHAT_FOUND (not a member), ERR_NO_PERMISSION (not the owner), ERR_NO_USER_FOUND.
 */
export async function updateChat(deps: ChatsDeps, ctx: RequestContext, id: number, body: ChatBody): Promise<Chat> {
  const previousUserIds = await deps.db.transaction(async (tx) => {
    const head = await lockChat(tx, ctx.companyId, id);
    if (!head) throw notFound();
    const before = await memberIdsOf(tx, ctx.companyId, id);
    if (!canUseChat(ctx, before)) throw notFound();
    if (!canManageChat(ctx, head)) throw noPermission();
    const memberIds = await membersToSave(tx, ctx, ctx.userId, body.users);
    await replaceChat(tx, ctx.companyId, id, { title: body.title, memberIds });
    return before;
  });
  const chat = await reload(deps.db, ctx, id);
  deps.events.publish("chat.changed", { companyId: ctx.companyId, action: "update", chat, previousUserIds });
  return chat;
}

/** Deletes a chat with its messages; its members are told. Throws ERR_NO_CHAT_FOUND (not a member), ERR_NO_PERMISSION (not the owner). */
export async function deleteChat(deps: ChatsDeps, ctx: RequestContext, id: number): Promise<void> {
  const userIds = await deps.db.transaction(async (tx) => {
    const head = await lockChat(tx, ctx.companyId, id);
    if (!head) throw notFound();
    const members = await memberIdsOf(tx, ctx.companyId, id);
    if (!canUseChat(ctx, members)) throw notFound();
    if (!canManageChat(ctx, head)) throw noPermission();
    await deleteChatRow(tx, ctx.companyId, id);
    return members;
  });
  deps.events.publish("chat.deleted", { companyId: ctx.companyId, chatId: id, userIds });
}

/**
 * Marks a chat read by the actor (spec admin §4: opening a chat clears its unread count) and answers it;
 * the actor's other sockets are told. A `userId` in the body must be the actor's own.
 * Throws ERR_NO_CHAT_FOUND (not a member), ERR_NO_USER_FOUND, ERR_NO_PERMISSION (another user's id).
 */
export async function markChatRead(deps: ChatsDeps, ctx: RequestContext, id: number, body: ChatReadBody): Promise<Chat> {
  await findMemberChat(deps.db, ctx, id);
  if (body.userId !== undefined && body.userId !== ctx.userId) {
    throw (await companyUserExists(deps.db, ctx.companyId, body.userId)) ? noPermission() : userNotFound();
  }
  if (!(await clearChatUnreads(deps.db, ctx.companyId, id, ctx.userId))) throw notFound();
  const chat = await reload(deps.db, ctx, id);
  deps.events.publish("chat.read", { companyId: ctx.companyId, userId: ctx.userId, chat });
  return chat;
}

/** A page of 20 of a chat's messages, page 1 the newest, each page oldest first. Throws ERR_NO_CHAT_FOUND (not a member). */
export async function listChatMessages(deps: Pick<ChatsDeps, "db">, ctx: RequestContext, id: number, query: ListChatMessagesQuery): Promise<ListChatMessagesResponse> {
  await findMemberChat(deps.db, ctx, id);
  return listChatMessagePage(deps.db, ctx.companyId, id, query.pageNumber);
}

/**
 * Writes a message in a chat: counted unread for every other member and made the chat's last message in
 * one transaction, under the chat's lock (a member removed meanwhile cannot write); every member is
 * told. Throws ERR_NO_CHAT_FOUND (not a member).
 */
export async function sendChatMessage(deps: ChatsDeps, ctx: RequestContext, id: number, body: ChatMessageBody): Promise<ChatMessage> {
  const messageId = await deps.db.transaction(async (tx) => {
    if (!(await lockChat(tx, ctx.companyId, id))) throw notFound();
    if (!(await isChatMember(tx, ctx.companyId, id, ctx.userId))) throw notFound();
    return insertChatMessage(tx, { companyId: ctx.companyId, chatId: id, senderId: ctx.userId, message: body.message });
  });
  const [message, chat] = await Promise.all([findChatMessage(deps.db, ctx.companyId, messageId), reload(deps.db, ctx, id)]);
  if (!message) throw notFound();
  deps.events.publish("chat.message", { companyId: ctx.companyId, chat, message });
  return message;
}
