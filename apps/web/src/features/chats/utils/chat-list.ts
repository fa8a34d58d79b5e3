import { type Chat, type ListChatsResponse, unreadsOf } from "@conversa/shared";
import type { InfiniteData } from "@tanstack/react-query";

/** The cached pages of a chat list (GET /chats). */
export type ChatPages = InfiniteData<ListChatsResponse, unknown>;

/** The server's order: most recently active first, then newest. */
export function compareChats(a: Pick<Chat, "id" | "updatedAt">, b: Pick<Chat, "id" | "updatedAt">): number {
  const diff = Date.parse(b.updatedAt) - Date.parse(a.updatedAt);
  return Number.isNaN(diff) || diff === 0 ? b.id - a.id : diff;
}

/** The chats of the cached pages in order, each once (pages shift as chats move up). */
export function flattenChats(data: ChatPages | undefined): Chat[] {
  const seen = new Set<number>();
  const chats: Chat[] = [];
  for (const page of data?.pages ?? []) {
    for (const chat of page.records) {
      if (seen.has(chat.id)) continue;
      seen.add(chat.id);
      chats.push(chat);
    }
  }
  return chats;
}

/** Whether a chat belongs in a list of this search (the title contains it, in any case) and filter (unread by `userId`). */
export function belongsToChatList(chat: Chat, filters: { searchParam: string; unreadOnly: boolean }, userId: number): boolean {
  const term = filters.searchParam.trim().toLowerCase();
  if (term && !chat.title.toLowerCase().includes(term)) return false;
  return !filters.unreadOnly || unreadsOf(chat, userId) > 0;
}

function isListed(data: ChatPages, chatId: number): boolean {
  return data.pages.some((page) => page.records.some((chat) => chat.id === chatId));
}

function withCount(pages: ListChatsResponse[], change: number): ListChatsResponse[] {
  if (change === 0 || pages.length === 0) return pages;
  const [first, ...rest] = pages;
  return [{ ...first!, count: Math.max(0, first!.count + change) }, ...rest];
}

/**
 * A cached list after a chat was created, changed or written in: at its place by last activity when it
 * belongs (past the last loaded chat while more pages exist, it is left to them), out of the list when it
 * no longer does. The first page's `count` follows.
 */
export function placeChat(data: ChatPages | undefined, chat: Chat, belongs: boolean): ChatPages | undefined {
  if (!data) return data;
  const wasListed = isListed(data, chat.id);
  const pages = data.pages.map((page) => ({ ...page, records: page.records.filter((record) => record.id !== chat.id) }));
  if (!belongs) return wasListed ? { ...data, pages: withCount(pages, -1) } : data;
  const hasMore = data.pages.at(-1)?.hasMore ?? false;
  let placed = false;
  for (const page of pages) {
    const index = page.records.findIndex((record) => compareChats(chat, record) < 0);
    if (index === -1) continue;
    page.records.splice(index, 0, chat);
    placed = true;
    break;
  }
  const last = pages.at(-1);
  if (!placed && !hasMore && last) {
    last.records.push(chat);
    placed = true;
  }
  return { ...data, pages: withCount(pages, wasListed ? 0 : 1) };
}

/** A cached list without a chat (deleted, or the user was removed from it). */
export function dropChat(data: ChatPages | undefined, chatId: number): ChatPages | undefined {
  if (!data || !isListed(data, chatId)) return data;
  const pages = data.pages.map((page) => ({ ...page, records: page.records.filter((record) => record.id !== chatId) }));
  return { ...data, pages: withCount(pages, -1) };
}

/**
 * Whether a change to a chat can be applied to a cached unread list by itself, or the list must be read
 * again: a chat absent from the loaded pages while more exist may be in one of them, unless a new message
 * just made it unread (one unread message: it was read before).
 */
export function canPatchUnreadList(data: ChatPages | undefined, chat: Chat, userId: number, isNewMessage: boolean): boolean {
  if (!data) return true;
  const hasMore = data.pages.at(-1)?.hasMore ?? false;
  if (!hasMore || isListed(data, chat.id)) return true;
  return isNewMessage && unreadsOf(chat, userId) === 1;
}
