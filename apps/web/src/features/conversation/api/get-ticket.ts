import { type Ticket, ZTicket } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { ApiError, apiRequest } from "../../../lib/api-client.ts";
import { conversationKeys } from "./query-keys.ts";

/** GET /tickets/u/{uuid}. Rejects with ERR_NO_PERMISSION (403) or ERR_NO_TICKET_FOUND (404). */
export function fetchTicket(uuid: string): Promise<Ticket> {
  return apiRequest(`/tickets/u/${encodeURIComponent(uuid)}`, ZTicket);
}

/** The ticket of the panel; the panel itself reports failures (access refused, not found). */
export function useTicket(uuid: string) {
  return useQuery({
    queryKey: conversationKeys.ticket(uuid),
    queryFn: () => fetchTicket(uuid),
    retry: (count, error) => !(error instanceof ApiError && error.status > 0 && error.status < 500) && count < 2,
    meta: { silentError: true },
    // Events sent before the panel joined the ticket's room (an accept from the list, say) are not replayed:
    // opening the panel always reads the ticket again.
    refetchOnMount: "always",
  });
}
