import { type Chat, ZChat } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { logChatError } from "../utils/chat-errors.ts";
import { storeChat } from "./cache.ts";

/** POST /chats/{id}/read: the user's unread count of the chat back to zero. */
export function markChatRead(chatId: number, userId: number): Promise<Chat> {
  return apiRequest(`/chats/${chatId}/read`, ZChat, { method: "POST", body: { userId } });
}

/** Marks a chat read by the user; its badge clears at once. Failures stay silent (logged in the console). */
export function useMarkChatRead(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (chatId: number) => markChatRead(chatId, userId),
    meta: { silentError: true },
    onSuccess: (chat) => storeChat(queryClient, chat, userId),
    onError: logChatError,
  });
}
