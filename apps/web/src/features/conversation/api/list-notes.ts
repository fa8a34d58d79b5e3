import { type TicketNote, ZTicketNote } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";
import { conversationKeys } from "./query-keys.ts";

/** GET /ticket-notes/list?ticketId=&contactId=: the notes of a ticket and its contact. */
export function fetchNotes(ticketId: number, contactId: number): Promise<TicketNote[]> {
  return apiRequest("/ticket-notes/list", z.array(ZTicketNote), { query: { ticketId, contactId } });
}

export function useNotes(ticketId: number, contactId: number, enabled = true) {
  return useQuery({ queryKey: conversationKeys.notes(ticketId, contactId), queryFn: () => fetchNotes(ticketId, contactId), enabled });
}
