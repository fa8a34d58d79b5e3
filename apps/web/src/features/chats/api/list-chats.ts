import { type Chat, type ListChatsResponse, ZListChatsResponse } from "@conversa/shared";
import { useInfiniteList } from "../../../components/list/index.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { logChatError } from "../utils/chat-errors.ts";
import { flattenChats } from "../utils/chat-list.ts";
import { chatsListQueryKey } from "./query-keys.ts";

/** GET /chats: a page (20) of the user's chats, most recently active first, searched in the title; only unread ones on request. */
export async function fetchChatPage(searchParam: string, pageNumber: number, unreadOnly: boolean, signal?: AbortSignal): Promise<ListChatsResponse> {
  try {
    return await apiRequest("/chats", ZListChatsResponse, {
      query: { searchParam: searchParam || undefined, pageNumber, withUnreadMessages: unreadOnly ? "true" : undefined },
      signal,
    });
  } catch (error) {
    if (!signal?.aborted) logChatError(error);
    throw error;
  }
}

/** A paged chat list as one list of chats (each once, as live moves can repeat one across pages) and its count. */
function useChats(searchParam: string, unreadOnly: boolean, enabled: boolean) {
  const list = useInfiniteList<Chat, ListChatsResponse>({
    queryKey: chatsListQueryKey(searchParam, unreadOnly),
    fetchPage: (pageNumber, signal) => fetchChatPage(searchParam, pageNumber, unreadOnly, signal),
    silentError: true,
    enabled,
  });
  const pages = list.pages;
  return { ...list, records: flattenChats(pages ? { pages, pageParams: [] } : undefined), count: pages?.[0]?.count ?? 0 };
}

/** The page's chats, page after page as the user scrolls; a new search restarts them. Failures stay silent. */
export function useChatList(searchParam: string) {
  return useChats(searchParam, false, true);
}

/** The chats with messages the user has not read (the top bar and the menu's dot), page after page. Failures stay silent. */
export function useUnreadChatList(enabled = true) {
  return useChats("", true, enabled);
}
