import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiSend } from "../../../lib/api-client.ts";
import { logChatError } from "../utils/chat-errors.ts";
import { forgetChat } from "./cache.ts";

/** DELETE /chats/{id}: the chat and its messages, for every member (its owner only). */
export function deleteChat(id: number): Promise<void> {
  return apiSend(`/chats/${id}`, { method: "DELETE" });
}

/** Deletes a chat and drops it from the lists. Failures stay silent (logged in the console). */
export function useDeleteChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChat,
    meta: { silentError: true },
    onSuccess: (_result, id) => forgetChat(queryClient, id),
    onError: logChatError,
  });
}
