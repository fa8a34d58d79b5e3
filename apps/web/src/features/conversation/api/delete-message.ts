import { type Message, ZMessage } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { type MessagePages, replaceMessage } from "../utils/message-cache.ts";
import { conversationKeys } from "./query-keys.ts";

/** DELETE /messages/{id}: own messages (admins: any sent by the company). Answers the message marked deleted. */
export function deleteMessage(id: number): Promise<Message> {
  return apiRequest(`/messages/${id}`, ZMessage, { method: "DELETE" });
}

/** Deletes a message and shows it as deleted; failures become error toasts. */
export function useDeleteMessage(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMessage,
    onSuccess: (message) => {
      queryClient.setQueryData<MessagePages>(conversationKeys.messages(ticketId), (data) => replaceMessage(data, message));
    },
  });
}
