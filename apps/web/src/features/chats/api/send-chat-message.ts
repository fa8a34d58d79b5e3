import { type ChatMessage, ZChatMessage } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { logChatError } from "../utils/chat-errors.ts";
import { storeChatMessage } from "./cache.ts";

export interface SendChatMessageInput {
  chatId: number;
  message: string;
}

/** POST /chats/{id}/messages. Rejects with ERR_NO_CHAT_FOUND (the user is no longer a member). */
export function sendChatMessage({ chatId, message }: SendChatMessageInput): Promise<ChatMessage> {
  return apiRequest(`/chats/${chatId}/messages`, ZChatMessage, { method: "POST", body: { message } });
}

/** Writes a message; it shows in the conversation at once. A failure is logged in the console and said by the composer. */
export function useSendChatMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendChatMessage,
    meta: { silentError: true },
    onSuccess: (message) => storeChatMessage(queryClient, message),
    onError: logChatError,
  });
}
