import { useUnreadChatList } from "../api/list-chats.ts";

/** Whether the user has internal chats with unread messages (the menu's /chats dot); false while unknown or off. */
export function useHasUnreadChats(enabled: boolean): boolean {
  const list = useUnreadChatList(enabled);
  return enabled && list.count > 0;
}
