import { ZListMessagesResponse } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";
import { ticketsKeys } from "./query-keys.ts";

export type MessagesPage = z.infer<typeof ZListMessagesResponse>;

/** GET /messages/{ticketId}: the newest page of a ticket's messages (the server marks them read). */
export function fetchPeekMessages(ticketId: number, signal?: AbortSignal): Promise<MessagesPage> {
  return apiRequest(`/messages/${ticketId}`, ZListMessagesResponse, { query: { pageNumber: 1 }, signal });
}

/** The last messages of a ticket for the read-only peek dialog. */
export function usePeekMessages(ticketId: number | null) {
  return useQuery({
    queryKey: ticketsKeys.peek(ticketId ?? 0),
    queryFn: ({ signal }) => fetchPeekMessages(ticketId ?? 0, signal),
    enabled: ticketId !== null,
    staleTime: 0,
  });
}
