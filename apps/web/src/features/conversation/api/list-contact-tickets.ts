import { ZListTicketsResponse } from "@conversa/shared";
import { useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { conversationKeys } from "./query-keys.ts";

/**
 * GET /tickets?contactId=: one contact's tickets, newest activity first, 40 a page. The server applies
 * the visibility rule, so only the tickets the user may open come back.
 */
export function useContactTickets(contactId: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: conversationKeys.contactTickets(contactId),
    queryFn: ({ pageParam, signal }) => apiRequest("/tickets", ZListTicketsResponse, { query: { contactId, showAll: "true", pageNumber: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: (lastPage, _pages, lastPageParam) => (lastPage.hasMore ? lastPageParam + 1 : undefined),
    enabled,
  });
}
