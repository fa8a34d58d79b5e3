/** Cache keys of the chats feature. */
export const chatsListPrefix = ["chats", "list"] as const;
/** A list of the user's chats: the page's (per search) or the top bar's (`unreadOnly`: those with unread messages). */
export const chatsListQueryKey = (searchParam: string, unreadOnly = false) => [...chatsListPrefix, { searchParam, unreadOnly }] as const;
export const chatDetailPrefix = ["chats", "detail"] as const;
/** One chat, by the uuid of its address. */
export const chatQueryKey = (uuid: string) => [...chatDetailPrefix, uuid] as const;
export const chatMessagesQueryKey = (chatId: number) => ["chats", "messages", chatId] as const;
export const chatUsersQueryKey = ["chats", "users"] as const;

/** The search and filter of a cached list, read back from its key. */
export function listFiltersOf(queryKey: readonly unknown[]): { searchParam: string; unreadOnly: boolean } {
  const filters = queryKey[2];
  if (typeof filters !== "object" || filters === null) return { searchParam: "", unreadOnly: false };
  const searchParam = "searchParam" in filters && typeof filters.searchParam === "string" ? filters.searchParam : "";
  const unreadOnly = "unreadOnly" in filters && filters.unreadOnly === true;
  return { searchParam, unreadOnly };
}
