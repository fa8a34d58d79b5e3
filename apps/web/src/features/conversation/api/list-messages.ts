import { ZListMessagesResponse } from "@conversa/shared";
import { type QueryClient, useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { appendMessages, type MessagePages, type MessagesPage } from "../utils/message-cache.ts";
import { conversationKeys } from "./query-keys.ts";

/**
 * GET /messages/{ticketId}?pageNumber=N: page 1 holds the newest 20 messages (ascending), page 2 the
 * 20 before them. Opening page 1 marks the ticket read.
 */
export function fetchMessagesPage(ticketId: number, pageNumber: number): Promise<MessagesPage> {
  return apiRequest(`/messages/${ticketId}`, ZListMessagesResponse, { query: { pageNumber } });
}

/** The conversation, paged backwards in time. */
export function useMessages(ticketId: number | undefined) {
  return useInfiniteQuery({
    queryKey: conversationKeys.messages(ticketId ?? 0),
    queryFn: ({ pageParam }) => fetchMessagesPage(ticketId ?? 0, pageParam),
    initialPageParam: 1,
    getNextPageParam: (lastPage, _pages, lastPageParam) => (lastPage.hasMore ? lastPageParam + 1 : undefined),
    enabled: ticketId !== undefined,
    // Live events keep it current while the panel is open; opening it again reads the pages again,
    // since messages that arrived meanwhile were not delivered to this ticket's room.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnMount: "always",
  });
}

/** Fetches the newest page again and merges it into the cached conversation (the other pages stay). */
export async function refreshNewestPage(queryClient: QueryClient, ticketId: number): Promise<void> {
  const page = await fetchMessagesPage(ticketId, 1);
  queryClient.setQueryData<MessagePages>(conversationKeys.messages(ticketId), (data) => appendMessages(data, page.messages));
}
