import { type Chat, unreadsOf } from "@conversa/shared";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import { alpha } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import { type UIEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmationDialog } from "../../../components/confirmation-dialog.tsx";
import { EditDeleteActions, ListToolbar, isNearBottom, useListSearch } from "../../../components/list/index.ts";
import { DEFAULT_LANGUAGE, isLanguage } from "../../../lib/i18n.ts";
import { useDeleteChat } from "../api/delete-chat.ts";
import { useChatList } from "../api/list-chats.ts";
import { canManageChat } from "../utils/chat-permissions.ts";
import { formatChatTime } from "../utils/chat-time.ts";
import { ChatDialog } from "./chat-dialog.tsx";
import { UnreadCount } from "./unread-count.tsx";

interface ChatListProps {
  userId: number;
  /** The uuid of the chat shown beside the list. */
  selectedUuid: string | undefined;
  /** A chat was picked, or created. */
  onOpen: (chat: Chat) => void;
  /** A chat was deleted by the user. */
  onDeleted: (chat: Chat) => void;
}

/**
 * The user's chats (spec admin §2): search, new chat, each chat with its last message, time and unread
 * count; edit and delete for the chats the user owns only. The next page loads within 100 px of the bottom.
 */
export function ChatList({ userId, selectedUuid, onOpen, onDeleted }: ChatListProps) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const search = useListSearch();
  const list = useChatList(search.searchParam);
  const [editing, setEditing] = useState<{ chat: Chat | null } | null>(null);
  const [deleting, setDeleting] = useState<Chat | null>(null);
  const deleteChat = useDeleteChat();
  const frame = useRef<HTMLDivElement>(null);
  const { hasMore, isFetchingMore, loadMore } = list;
  const now = new Date();

  // A page that does not fill the column cannot be scrolled: the next one loads at once.
  useEffect(() => {
    const el = frame.current;
    if (el && hasMore && !isFetchingMore && isNearBottom(el)) loadMore();
  });
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    if (hasMore && !isFetchingMore && isNearBottom(event.currentTarget)) loadMore();
  };

  return (
    <Box sx={{ display: "flex", flexDirection: "column", flex: 1, minHeight: 0, borderRight: 1, borderColor: "divider", bgcolor: "background.paper" }}>
      <Box sx={{ px: 1.5, pt: 1.5 }}>
        <ListToolbar search={search.input} onSearchChange={search.setInput} onAdd={() => setEditing({ chat: null })} addLabel={t("chats.newChat")} />
      </Box>
      <Box ref={frame} onScroll={onScroll} role="region" aria-label={t("chats.listLabel")} sx={{ flex: 1, minHeight: 0, overflowY: "auto" }}>
        {list.isLoading ? (
          <Box sx={{ display: "flex", justifyContent: "center", py: 3 }}>
            <CircularProgress size={24} aria-label={t("common.loading")} />
          </Box>
        ) : list.records.length === 0 ? (
          // Chat failures stay silent (spec admin §8): a list that cannot be read shows as empty.
          <Typography color="text.secondary" sx={{ px: 2, py: 2 }}>
            {t("chats.empty")}
          </Typography>
        ) : (
          <List disablePadding aria-label={t("chats.listLabel")}>
            {list.records.map((chat) => {
              const unreads = unreadsOf(chat, userId);
              const owned = canManageChat(chat, userId);
              return (
                <ListItem key={chat.id} disablePadding data-chat-id={chat.id} sx={{ borderBottom: 1, borderColor: "divider", alignItems: "stretch" }}>
                  <ListItemButton selected={chat.uuid === selectedUuid} onClick={() => onOpen(chat)} sx={{ gap: 1, flex: 1, minWidth: 0 }}>
                    <ListItemText
                      primary={chat.title}
                      secondary={chat.lastMessage || t("chats.noMessagesYet")}
                      slotProps={{ primary: { noWrap: true, sx: { fontWeight: unreads > 0 ? 700 : 500 } }, secondary: { noWrap: true } }}
                      sx={{ minWidth: 0 }}
                    />
                    <Box sx={{ display: "flex", flexDirection: "column", alignItems: "flex-end", gap: 0.5, flexShrink: 0 }}>
                      <Typography variant="caption" color="text.secondary" noWrap>
                        {formatChatTime(chat.updatedAt, now, language)}
                      </Typography>
                      <UnreadCount count={unreads} />
                    </Box>
                  </ListItemButton>
                  {owned && (
                    <Box sx={{ display: "flex", alignItems: "center", px: 0.5, bgcolor: chat.uuid === selectedUuid ? (theme) => alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity) : undefined }}>
                      <EditDeleteActions
                        subject={chat.title}
                        editLabel={t("chats.actions.edit")}
                        deleteLabel={t("chats.actions.delete")}
                        onEdit={() => setEditing({ chat })}
                        onDelete={() => setDeleting(chat)}
                      />
                    </Box>
                  )}
                </ListItem>
              );
            })}
          </List>
        )}
        {isFetchingMore && (
          <Box sx={{ display: "flex", justifyContent: "center", py: 2 }}>
            <CircularProgress size={20} />
          </Box>
        )}
      </Box>
      <ChatDialog
        open={editing !== null}
        chat={editing?.chat ?? null}
        userId={userId}
        onClose={() => setEditing(null)}
        onSaved={(chat) => {
          if (editing?.chat === null) onOpen(chat);
        }}
      />
      <ConfirmationDialog
        open={deleting !== null}
        title={t("chats.confirmDelete.title", { title: deleting?.title ?? "" })}
        message={t("chats.confirmDelete.message")}
        confirmLabel={t("chats.confirmDelete.confirm")}
        loading={deleteChat.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          const chat = deleting;
          if (!chat) return;
          deleteChat.mutate(chat.id, { onSuccess: () => onDeleted(chat), onSettled: () => setDeleting(null) });
        }}
      />
    </Box>
  );
}
