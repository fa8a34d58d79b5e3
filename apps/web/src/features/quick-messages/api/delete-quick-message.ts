import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiSend } from "../../../lib/api-client.ts";
import { forgetQuickMessage } from "./cache.ts";

/** DELETE /quick-messages/{id}: the reply and its attachment. */
export function deleteQuickMessage(id: number): Promise<void> {
  return apiSend(`/quick-messages/${id}`, { method: "DELETE" });
}

/** Deletes a reply and drops it from the lists. Failures become error toasts. */
export function useDeleteQuickMessage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteQuickMessage, onSuccess: (_result, id) => forgetQuickMessage(queryClient, id) });
}
