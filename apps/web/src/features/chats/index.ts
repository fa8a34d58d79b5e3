export { ChatList } from "./components/chat-list.tsx";
export { ChatPane } from "./components/chat-pane.tsx";
export { ChatsPopover } from "./components/chats-popover.tsx";
export { useChatsLiveUpdates } from "./hooks/use-chats-live-updates.ts";
export { useHasUnreadChats } from "./hooks/use-has-unread-chats.ts";
