import type { Chat, ChatMessage } from "@conversa/shared";
import type { QueryClient } from "@tanstack/react-query";
import { type ChatPages, belongsToChatList, canPatchUnreadList, dropChat, placeChat } from "../utils/chat-list.ts";
import { type ChatMessagePages, appendMessage } from "../utils/chat-messages.ts";
import { chatDetailPrefix, chatMessagesQueryKey, chatQueryKey, chatsListPrefix, listFiltersOf } from "./query-keys.ts";

/**
 * Shows a chat as it is now in every cached list of the user (at its place by last activity, where it
 * belongs: its search, and the top bar's unread list only while the user has unread messages in it) and
 * in its detail. An unread list that cannot be patched safely is read again.
 */
export function storeChat(queryClient: QueryClient, chat: Chat, userId: number, options: { isNewMessage?: boolean } = {}): void {
  for (const [queryKey, data] of queryClient.getQueriesData<ChatPages>({ queryKey: chatsListPrefix })) {
    const filters = listFiltersOf(queryKey);
    if (filters.unreadOnly && !canPatchUnreadList(data, chat, userId, options.isNewMessage ?? false)) {
      void queryClient.invalidateQueries({ queryKey, exact: true });
      continue;
    }
    queryClient.setQueryData<ChatPages>(queryKey, (current) => placeChat(current, chat, belongsToChatList(chat, filters, userId)));
  }
  queryClient.setQueryData(chatQueryKey(chat.uuid), chat);
}

/** Drops a chat (deleted, or the user was removed from it) from every cached list, its detail and its messages. */
export function forgetChat(queryClient: QueryClient, chatId: number): void {
  for (const [queryKey] of queryClient.getQueriesData<ChatPages>({ queryKey: chatsListPrefix })) {
    queryClient.setQueryData<ChatPages>(queryKey, (current) => dropChat(current, chatId));
  }
  queryClient.removeQueries({ queryKey: chatDetailPrefix, predicate: (query) => (query.state.data as Chat | undefined)?.id === chatId });
  queryClient.removeQueries({ queryKey: chatMessagesQueryKey(chatId) });
}

/** Adds a message at the end of its chat's cached conversation (once). */
export function storeChatMessage(queryClient: QueryClient, message: ChatMessage): void {
  queryClient.setQueryData<ChatMessagePages>(chatMessagesQueryKey(message.chatId), (current) => appendMessage(current, message));
}
