import { type ListChatMessagesResponse, ZListChatMessagesResponse } from "@conversa/shared";
import { useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { logChatError } from "../utils/chat-errors.ts";
import { chatMessagesQueryKey } from "./query-keys.ts";

/** GET /chats/{id}/messages?pageNumber=N: page 1 the newest 20 messages (in the order written), page 2 the 20 before. */
export async function fetchChatMessagesPage(chatId: number, pageNumber: number, signal?: AbortSignal): Promise<ListChatMessagesResponse> {
  try {
    return await apiRequest(`/chats/${chatId}/messages`, ZListChatMessagesResponse, { query: { pageNumber }, signal });
  } catch (error) {
    if (!signal?.aborted) logChatError(error);
    throw error;
  }
}

/** A chat's conversation, paged backwards in time; live events add new messages. Failures stay silent. */
export function useChatMessages(chatId: number | undefined) {
  return useInfiniteQuery({
    queryKey: chatMessagesQueryKey(chatId ?? 0),
    queryFn: ({ pageParam, signal }) => fetchChatMessagesPage(chatId ?? 0, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (lastPage, _pages, lastPageParam) => (lastPage.hasMore ? lastPageParam + 1 : undefined),
    enabled: chatId !== undefined,
    // Messages that arrived while the chat was closed reached the cache only if it was kept: read it again on opening.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnMount: "always",
    retry: false,
    meta: { silentError: true },
  });
}
