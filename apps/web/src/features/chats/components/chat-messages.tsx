import type { Chat, ChatMessage } from "@conversa/shared";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import { useTheme } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import { memo, useCallback, useLayoutEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { chatColors } from "../../../components/chat-colors.ts";
import { DEFAULT_LANGUAGE, isLanguage } from "../../../lib/i18n.ts";
import { useChatMessages } from "../api/list-chat-messages.ts";
import { flattenMessages } from "../utils/chat-messages.ts";
import { formatChatTime } from "../utils/chat-time.ts";

/** Older messages load when the pane is scrolled within this distance of the top (spec admin §9). */
export const LOAD_OLDER_THRESHOLD_PX = 600;
/** Within this distance of the bottom the pane follows new messages. */
const FOLLOW_THRESHOLD_PX = 120;

const Bubble = memo(function Bubble({ message, mine }: { message: ChatMessage; mine: boolean }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const colors = chatColors(useTheme());
  return (
    <Box sx={{ display: "flex", justifyContent: mine ? "flex-end" : "flex-start", px: 2, py: 0.5 }} data-message-id={message.id}>
      <Box
        component="article"
        sx={{ maxWidth: "75%", bgcolor: mine ? colors.mine : colors.theirs, color: colors.text, borderRadius: 2, px: 1.5, py: 0.75, boxShadow: "0 1px 0.5px rgba(0,0,0,0.13)" }}
      >
        <Typography
          variant="caption"
          component="h3"
          sx={{ fontWeight: 700, display: "block", color: mine ? colors.meta : (theme) => (theme.palette.mode === "dark" ? theme.palette.success.light : theme.palette.success.dark) }}
        >
          {message.sender?.name ?? t("chats.messages.unknownSender")}
        </Typography>
        <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {message.message}
        </Typography>
        <Typography variant="caption" component="time" dateTime={message.createdAt} sx={{ display: "block", textAlign: "right", color: colors.meta }}>
          {formatChatTime(message.createdAt, new Date(), language)}
        </Typography>
      </Box>
    </Box>
  );
});

/**
 * A chat's conversation (spec admin §2): each message with its sender's name and time, the user's own on
 * the right; older pages load within 600 px of the top keeping what the user was reading in place, and
 * the pane follows new messages while the user is at the bottom (or wrote them).
 */
export function ChatMessages({ chat, userId }: { chat: Chat; userId: number }) {
  const { t } = useTranslation();
  const colors = chatColors(useTheme());
  const query = useChatMessages(chat.id);
  const messages = useMemo(() => flattenMessages(query.data), [query.data]);
  const pageCount = query.data?.pages.length ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const following = useRef(true);
  const lastMessageId = useRef<number | null>(null);

  const scrollToBottom = useCallback(() => {
    const element = scrollRef.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, []);

  const loadOlder = useCallback(() => {
    const element = scrollRef.current;
    if (!element || !hasNextPage || isFetchingNextPage) return;
    anchor.current = { height: element.scrollHeight, top: element.scrollTop };
    void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);

  // An older page was added above: the message the user was reading stays where it was.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element || !anchor.current) return;
    element.scrollTop = element.scrollHeight - anchor.current.height + anchor.current.top;
    anchor.current = null;
  }, [pageCount]);

  // A new last message: follow it when the user was at the bottom or wrote it.
  useLayoutEffect(() => {
    const last = messages.at(-1);
    if (!last || last.id === lastMessageId.current) return;
    const first = lastMessageId.current === null;
    lastMessageId.current = last.id;
    if (first || following.current || last.senderId === userId) {
      following.current = true;
      scrollToBottom();
    }
  }, [messages, scrollToBottom, userId]);

  // Pages that do not reach 600 px above what is shown: the next one loads at once.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (element && pageCount > 0 && element.scrollTop <= LOAD_OLDER_THRESHOLD_PX) loadOlder();
  }, [pageCount, loadOlder]);

  const onScroll = () => {
    const element = scrollRef.current;
    if (!element) return;
    following.current = element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_THRESHOLD_PX;
    if (element.scrollTop <= LOAD_OLDER_THRESHOLD_PX) loadOlder();
  };

  return (
    <Box
      ref={scrollRef}
      onScroll={onScroll}
      role="log"
      aria-label={t("chats.messages.list", { title: chat.title })}
      aria-busy={query.isPending || isFetchingNextPage}
      data-testid="chat-messages-scroll"
      sx={{ flex: 1, minHeight: 0, overflowY: "auto", bgcolor: colors.wallpaper, py: 1 }}
    >
      {isFetchingNextPage && (
        <Box sx={{ display: "flex", justifyContent: "center", py: 1 }}>
          <CircularProgress size={20} aria-label={t("chats.messages.loadingOlder")} />
        </Box>
      )}
      {query.isPending ? (
        <Box sx={{ display: "flex", justifyContent: "center", py: 4 }}>
          <CircularProgress size={28} aria-label={t("chats.messages.loading")} />
        </Box>
      ) : messages.length === 0 ? (
        <Typography variant="body2" sx={{ textAlign: "center", color: colors.meta, py: 4 }}>
          {t("chats.messages.empty")}
        </Typography>
      ) : (
        messages.map((message) => <Bubble key={message.id} message={message} mine={message.senderId === userId} />)
      )}
    </Box>
  );
}
