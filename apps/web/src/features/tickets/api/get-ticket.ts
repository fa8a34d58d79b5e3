import { type Ticket, ZTicket } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { ticketsKeys } from "./query-keys.ts";

/** GET /tickets/u/{uuid}: one ticket; 403 ERR_NO_PERMISSION outside the user's queues. */
export function fetchTicketByUuid(uuid: string, signal?: AbortSignal): Promise<Ticket> {
  return apiRequest(`/tickets/u/${encodeURIComponent(uuid)}`, ZTicket, { signal });
}

/** The ticket at /tickets/{uuid}, to check that the user may open it; the caller reports failures. */
export function useTicketAccess(uuid: string | undefined) {
  return useQuery({
    queryKey: ticketsKeys.access(uuid ?? ""),
    queryFn: ({ signal }) => fetchTicketByUuid(uuid ?? "", signal),
    enabled: uuid !== undefined && uuid !== "",
    retry: false,
    staleTime: 0,
    meta: { silentError: true },
  });
}
