import { type Ticket, ZTicket } from "@conversa/shared";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { useApplyTicketUpdate } from "../hooks/use-tickets-live-updates.ts";

/** PUT /tickets/{id} {status: "open"}: the signed-in user takes a pending ticket. */
export function acceptTicket(ticketId: number): Promise<Ticket> {
  return apiRequest(`/tickets/${ticketId}`, ZTicket, { method: "PUT", body: { status: "open" } });
}

/** Accepts a pending ticket; the lists move it to "assigned" at once. Failures become error toasts. */
export function useAcceptTicket() {
  const applyUpdate = useApplyTicketUpdate();
  return useMutation({
    mutationFn: acceptTicket,
    onSuccess: (ticket) => applyUpdate(ticket),
  });
}
