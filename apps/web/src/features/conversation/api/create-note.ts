import { type TicketNote, ZTicketNote } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { conversationKeys } from "./query-keys.ts";

export interface CreateNoteInput {
  note: string;
  ticketId: number;
  contactId: number;
}

/** POST /ticket-notes. */
export function createNote(input: CreateNoteInput): Promise<TicketNote> {
  return apiRequest("/ticket-notes", ZTicketNote, { method: "POST", body: input });
}

export function useCreateNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNote,
    onSuccess: (note, input) =>
      queryClient.setQueryData<TicketNote[]>(conversationKeys.notes(input.ticketId, input.contactId), (notes) => (notes ? [note, ...notes] : [note])),
  });
}
