import { useMutation } from "@tanstack/react-query";
import { apiSend } from "../../../lib/api-client.ts";

/** DELETE /tickets/{id} (permission ticket-options:deleteTicket). */
export function deleteTicket(id: number): Promise<void> {
  return apiSend(`/tickets/${id}`, { method: "DELETE" });
}

/** Deletes a ticket; failures become error toasts. */
export function useDeleteTicket() {
  return useMutation({ mutationFn: deleteTicket });
}
