import { ZListTicketsResponse } from "@conversa/shared";
import { useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { type TicketListFilter, toTicketsQuery } from "../utils/ticket-filter.ts";
import type { TicketPage } from "../utils/ticket-list-cache.ts";
import { ticketsKeys } from "./query-keys.ts";

/** GET /tickets: one page (40 tickets, newest first) of a filtered list. */
export function fetchTickets(filter: TicketListFilter, pageNumber: number, signal?: AbortSignal): Promise<TicketPage> {
  return apiRequest("/tickets", ZListTicketsResponse, { query: toTicketsQuery(filter, pageNumber), signal });
}

/**
 * A ticket list, page by page. Kept current by live events while the page is shown
 * (useTicketsLiveUpdates), so it is not refetched on its own then; once the page is left it is
 * marked stale and fetched again when next shown. The list shows its failure itself.
 */
export function useTicketList(filter: TicketListFilter, enabled = true) {
  return useInfiniteQuery({
    queryKey: ticketsKeys.list(filter),
    queryFn: ({ pageParam, signal }) => fetchTickets(filter, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (lastPage, _pages, lastPageParam) => (lastPage.hasMore ? lastPageParam + 1 : undefined),
    enabled,
    staleTime: 60_000,
    meta: { silentError: true },
  });
}
