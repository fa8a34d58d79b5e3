import { unreadsOf } from "@conversa/shared";
import Forum from "@mui/icons-material/ForumOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { PopoverListFrame, TopBarPopover } from "../../../components/top-bar-popover.tsx";
import { DEFAULT_LANGUAGE, isLanguage } from "../../../lib/i18n.ts";
import { useUnreadChatList } from "../api/list-chats.ts";
import { useChatsLiveUpdates } from "../hooks/use-chats-live-updates.ts";
import { formatChatTime } from "../utils/chat-time.ts";
import { UnreadCount } from "./unread-count.tsx";

/**
 * The internal chat button of the top bar (spec core §2): a badge with the user's unread chats and a
 * popover listing them, most recently active first, the next page within 100 px of the bottom; a click
 * opens the chat. `company-{id}-chat` keeps it live.
 */
export function ChatsPopover({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const navigate = useNavigate();
  const list = useUnreadChatList();
  useChatsLiveUpdates(userId);
  const now = new Date();

  return (
    <TopBarPopover icon={<Forum />} title={t("chats.popover.title")} buttonLabel={t("chats.popover.button", { count: list.count })} badge={list.count}>
      {(close) => {
        const open = (path: string) => {
          close();
          void navigate(path);
        };
        return (
          <>
            <PopoverListFrame
              isLoading={list.isLoading}
              loadingLabel={t("chats.popover.loading")}
              // Chat failures stay silent (spec admin §8): a list that cannot be read shows as empty.
              notice={list.records.length === 0 ? { text: t("chats.popover.empty") } : null}
              hasMore={list.hasMore}
              isFetchingMore={list.isFetchingMore}
              onLoadMore={list.loadMore}
              testId="chats-popover-scroll"
            >
              <List dense disablePadding aria-label={t("chats.popover.title")}>
                {list.records.map((chat) => {
                  const count = unreadsOf(chat, userId);
                  return (
                    <ListItemButton key={chat.id} aria-label={t("chats.popover.open", { title: chat.title, count })} onClick={() => open(`/chats/${chat.uuid}`)} sx={{ gap: 1, borderBottom: 1, borderColor: "divider" }}>
                      <ListItemText
                        primary={chat.title}
                        secondary={chat.lastMessage || t("chats.noMessagesYet")}
                        slotProps={{ primary: { noWrap: true, sx: { fontWeight: 600 } }, secondary: { noWrap: true } }}
                        sx={{ minWidth: 0 }}
                      />
                      <Box sx={{ display: "flex", flexDirection: "column", alignItems: "flex-end", gap: 0.5 }}>
                        <Typography variant="caption" color="text.secondary" noWrap>
                          {formatChatTime(chat.updatedAt, now, language)}
                        </Typography>
                        <UnreadCount count={count} />
                      </Box>
                    </ListItemButton>
                  );
                })}
              </List>
            </PopoverListFrame>
            <Box sx={{ borderTop: 1, borderColor: "divider", p: 1, display: "flex", justifyContent: "center" }}>
              <Button size="small" onClick={() => open("/chats")}>
                {t("chats.popover.seeAll")}
              </Button>
            </Box>
          </>
        );
      }}
    </TopBarPopover>
  );
}
