import type { Ticket } from "@conversa/shared";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { useCompanyEvent, useRealtimeReconnect } from "../../../lib/socket-provider.tsx";
import { ticketsKeys } from "../api/query-keys.ts";
import { ZAppMessageCreateEvent, ZTicketEvent } from "../utils/ticket-events.ts";
import { canInsertInto, listOrderOf, type TicketListFilter, type TicketViewer, ticketMatchesFilter, ZTicketListFilter } from "../utils/ticket-filter.ts";
import { markTicketRead, removeTicket, type TicketListData, upsertTicket } from "../utils/ticket-list-cache.ts";
import { useTicketsViewer } from "./use-tickets-viewer.ts";

/** Runs `update` on every cached ticket list, with the filter the list was fetched with. */
function updateLists(queryClient: QueryClient, update: (data: TicketListData, filter: TicketListFilter) => TicketListData): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: ticketsKeys.lists() })) {
    const filter = ZTicketListFilter.safeParse(query.queryKey[2]);
    if (!filter.success) continue;
    queryClient.setQueryData<TicketListData>(query.queryKey, (data) => (data ? update(data, filter.data) : data));
  }
}

/** Puts a changed ticket in the lists it now belongs to and takes it out of the others. */
export function applyTicketToLists(queryClient: QueryClient, ticket: Ticket, viewer: TicketViewer, moveToTop = false): void {
  updateLists(queryClient, (data, filter) =>
    upsertTicket(data, ticket, { matches: ticketMatchesFilter(ticket, filter, viewer), canInsert: canInsertInto(filter), moveToTop, order: listOrderOf(filter) }),
  );
}

/** A function that applies a ticket returned by a mutation to every list, as a live update would. */
export function useApplyTicketUpdate(): (ticket: Ticket) => void {
  const queryClient = useQueryClient();
  const viewer = useTicketsViewer();
  return useCallback((ticket: Ticket) => applyTicketToLists(queryClient, ticket, viewer), [queryClient, viewer]);
}

/** Marks every cached ticket list stale, refetching those on screen now (the others when next shown). */
function refreshLists(queryClient: QueryClient, refetchType: "active" | "none"): void {
  void queryClient.invalidateQueries({ queryKey: ticketsKeys.lists(), refetchType });
}

/**
 * Applies `company-{id}-ticket` (update, delete, updateUnread) and `company-{id}-appMessage`
 * (create) to every cached ticket list: tickets move between tabs and to the top without a reload.
 *
 * The lists are current only while this subscription lives and the socket is connected: the events
 * of the time between never reach the cache. So when the page that holds it is left, the cached
 * lists are marked stale (they are fetched again when the page is shown again, rather than showing
 * what they held when it was left), and after a reconnection the lists are fetched again.
 */
export function useTicketsLiveUpdates(): void {
  const queryClient = useQueryClient();
  const viewer = useTicketsViewer();

  useEffect(() => () => refreshLists(queryClient, "none"), [queryClient]);
  useRealtimeReconnect(() => refreshLists(queryClient, "active"));

  useCompanyEvent("ticket", (payload) => {
    const event = ZTicketEvent.safeParse(payload);
    if (!event.success) return;
    const data = event.data;
    if (data.action === "update") applyTicketToLists(queryClient, data.ticket, viewer);
    else if (data.action === "delete") updateLists(queryClient, (list) => removeTicket(list, data.ticketId));
    else updateLists(queryClient, (list, filter) => markTicketRead(list, data.ticketId, filter.withUnreadMessages === true));
  });

  useCompanyEvent("appMessage", (payload) => {
    const event = ZAppMessageCreateEvent.safeParse(payload);
    if (event.success) applyTicketToLists(queryClient, event.data.ticket, viewer, true);
  });
}
