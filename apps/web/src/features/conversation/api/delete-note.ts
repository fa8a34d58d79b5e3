import type { TicketNote } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiSend } from "../../../lib/api-client.ts";
import { conversationKeys } from "./query-keys.ts";

export interface DeleteNoteInput {
  id: number;
  ticketId: number;
  contactId: number;
}

/** DELETE /ticket-notes/{id}. */
export function deleteNote({ id }: DeleteNoteInput): Promise<void> {
  return apiSend(`/ticket-notes/${id}`, { method: "DELETE" });
}

export function useDeleteNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNote,
    onSuccess: (_result, input) =>
      queryClient.setQueryData<TicketNote[]>(conversationKeys.notes(input.ticketId, input.contactId), (notes) => notes?.filter((note) => note.id !== input.id)),
  });
}
