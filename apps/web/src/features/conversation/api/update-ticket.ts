import { type Ticket, type UpdateTicketBody, ZTicket } from "@conversa/shared";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { conversationKeys } from "./query-keys.ts";

export interface UpdateTicketInput {
  id: number;
  body: UpdateTicketBody;
}

/** PUT /tickets/{id}: accept, return, resolve, reopen or transfer. Rejects with ERR_OTHER_OPEN_TICKET (409) on reopen. */
export function updateTicket({ id, body }: UpdateTicketInput): Promise<Ticket> {
  return apiRequest(`/tickets/${id}`, ZTicket, { method: "PUT", body });
}

/** Whether one of the user's own changes of the ticket is still waiting for the server's answer. */
export function isUpdatingTicket(queryClient: QueryClient, id: number): boolean {
  return queryClient.isMutating({ mutationKey: conversationKeys.updateTicket, predicate: (mutation) => (mutation.state.variables as UpdateTicketInput | undefined)?.id === id }) > 0;
}

/** Changes a ticket and keeps the panel's copy current. The caller reports failures. */
export function useUpdateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: conversationKeys.updateTicket,
    mutationFn: updateTicket,
    meta: { silentError: true },
    onSuccess: (ticket) => queryClient.setQueryData(conversationKeys.ticket(ticket.uuid), ticket),
  });
}
