import { type Ticket, ZTicket } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiRequest } from "../../../lib/api-client.ts";
import { useApplyTicketUpdate } from "../hooks/use-tickets-live-updates.ts";
import { ticketsKeys } from "./query-keys.ts";

/** PUT /tickets/{id} {status: "open"}: the signed-in user takes a pending ticket. */
export function acceptTicket(ticketId: number): Promise<Ticket> {
  return apiRequest(`/tickets/${ticketId}`, ZTicket, { method: "PUT", body: { status: "open" } });
}

/**
 * Accepts a pending ticket; the lists move it to "assigned" at once. Failures become error toasts
 * (ERR_TICKET_ALREADY_ACCEPTED names who took it); after that one the lists are read again, in case
 * its event has not arrived.
 */
export function useAcceptTicket() {
  const queryClient = useQueryClient();
  const applyUpdate = useApplyTicketUpdate();
  return useMutation({
    mutationFn: acceptTicket,
    onSuccess: (ticket) => applyUpdate(ticket),
    onError: (error) => {
      if (error instanceof ApiError && error.code === "ERR_TICKET_ALREADY_ACCEPTED") void queryClient.invalidateQueries({ queryKey: ticketsKeys.lists() });
    },
  });
}
