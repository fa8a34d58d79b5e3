import { type Ticket, ZTicket } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { conversationKeys } from "./query-keys.ts";

export interface SyncTagsInput {
  ticketId: number;
  tagIds: readonly number[];
}

/** POST /tags/sync: sets the ticket's tags to exactly these. */
export function syncTags({ ticketId, tagIds }: SyncTagsInput): Promise<Ticket> {
  return apiRequest("/tags/sync", ZTicket, { method: "POST", body: { ticketId, tags: tagIds.map((id) => ({ id })) } });
}

export function useSyncTags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncTags,
    onSuccess: (ticket) => queryClient.setQueryData(conversationKeys.ticket(ticket.uuid), ticket),
  });
}
