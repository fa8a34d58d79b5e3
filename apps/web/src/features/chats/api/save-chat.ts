import { type Chat, type ChatBody, ZChat } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { logChatError } from "../utils/chat-errors.ts";
import { storeChat } from "./cache.ts";

export interface SaveChatInput {
  /** The chat to change (its owner only); null creates one. */
  id: number | null;
  body: ChatBody;
}

/** POST /chats, or PUT /chats/{id}. Rejects with ERR_NO_USER_FOUND, ERR_NO_PERMISSION, ERR_NO_CHAT_FOUND. */
export function saveChat({ id, body }: SaveChatInput): Promise<Chat> {
  return id === null ? apiRequest("/chats", ZChat, { method: "POST", body }) : apiRequest(`/chats/${id}`, ZChat, { method: "PUT", body });
}

/** Creates or changes a chat; the lists show it at once. Failures stay silent (logged in the console). */
export function useSaveChat(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveChat,
    meta: { silentError: true },
    onSuccess: (chat) => storeChat(queryClient, chat, userId),
    onError: logChatError,
  });
}
