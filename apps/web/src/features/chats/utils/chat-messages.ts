import type { ChatMessage, ListChatMessagesResponse } from "@conversa/shared";
import type { InfiniteData } from "@tanstack/react-query";

/** The cached pages of a chat's messages (page 1 the newest). */
export type ChatMessagePages = InfiniteData<ListChatMessagesResponse, unknown>;

/** The conversation in the order written, each message once (pages shift as new messages arrive). */
export function flattenMessages(data: ChatMessagePages | undefined): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const page of data?.pages ?? []) for (const message of page.records) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** A conversation with a new message at its end (once, however often it is told). */
export function appendMessage(data: ChatMessagePages | undefined, message: ChatMessage): ChatMessagePages | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((page) => page.records.some((record) => record.id === message.id))) return data;
  const [first, ...rest] = data.pages;
  return { ...data, pages: [{ ...first!, records: [...first!.records, message], count: first!.count + 1 }, ...rest] };
}
