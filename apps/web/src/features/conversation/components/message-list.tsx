import type { Message, SessionUser, Ticket } from "@conversa/shared";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import Divider from "@mui/material/Divider";
import { useTheme } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import { parseISO } from "date-fns";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmationDialog } from "../../../components/confirmation-dialog.tsx";
import { DATE_PATTERNS, formatDate } from "../../../lib/date.ts";
import { showToast } from "../../../lib/toast.ts";
import { useDeleteMessage } from "../api/delete-message.ts";
import { useMessages } from "../api/list-messages.ts";
import { useRetryMessage } from "../api/retry-message.ts";
import { flattenActivities, flattenPages } from "../utils/message-cache.ts";
import { canDeleteMessage } from "../utils/permissions.ts";
import { buildTimeline, type TimelineItem } from "../utils/timeline.ts";
import { chatColors } from "../../../components/chat-colors.ts";
import { ActivityLine } from "./activity-line.tsx";
import { MessageBubble } from "./message-bubble.tsx";

/** Older messages load when the list is scrolled within this distance of the top (spec core §9). */
export const LOAD_OLDER_THRESHOLD_PX = 50;
/** Within this distance of the bottom the list follows new messages. */
const FOLLOW_THRESHOLD_PX = 120;
/** Opening at a message pages back at most this far (20 messages a page) before asking the user to scroll. */
export const FOCUS_MAX_PAGES = 25;
/** How long the message the conversation was opened at stays marked. */
export const FOCUS_HIGHLIGHT_MS = 4000;

interface MessageListProps {
  ticket: Ticket;
  user: SessionUser | null;
  /** Open at this message (a search result): earlier pages load until it is there, then it is scrolled to and marked. */
  focusMessageId?: number;
  onReply: (message: Message) => void;
}

function Separator({ item }: { item: Exclude<TimelineItem, { kind: "message" | "activity" }> }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const colors = chatColors(theme);
  if (item.kind === "day") {
    const label = item.isToday ? t("conversation.messages.today") : formatDate(parseISO(item.day), DATE_PATTERNS.day);
    return (
      <Box sx={{ display: "flex", justifyContent: "center", py: 1 }} role="separator" aria-label={label}>
        <Chip label={label} size="small" sx={{ bgcolor: colors.divider, color: colors.meta, boxShadow: "0 1px 0.5px rgba(0,0,0,0.13)" }} />
      </Box>
    );
  }
  const label = t(item.kind === "ticketEnded" ? "conversation.messages.ticketEnded" : "conversation.messages.ticketStarted", { id: item.ticketId });
  return (
    <Divider role="separator" aria-label={label} sx={{ my: 1, mx: 2, color: colors.meta, "&::before, &::after": { borderColor: colors.meta } }}>
      <Typography variant="caption" sx={{ color: "inherit" }}>
        {label}
      </Typography>
    </Divider>
  );
}

/**
 * The conversation: paged upwards (the next page loads within 50 px of the top, keeping what the
 * user was reading in place), day separators, ticket dividers, activity lines, bubbles and their actions.
 * With `focusMessageId` it opens at that message, paging back up to FOCUS_MAX_PAGES pages for it.
 */
export function MessageList({ ticket, user, focusMessageId, onReply }: MessageListProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const colors = chatColors(theme);
  const query = useMessages(ticket.id);
  const deleteMessage = useDeleteMessage(ticket.id);
  const retryMessage = useRetryMessage();
  const [toDelete, setToDelete] = useState<Message | null>(null);
  // The message last opened at (done seeking), and the one marked now.
  const [focusedId, setFocusedId] = useState<number | null>(null);
  const [highlightedId, setHighlightedId] = useState<number | null>(null);

  const scrollRef = useRef<HTMLDivElement | null>(null);
  const contentRef = useRef<HTMLDivElement | null>(null);
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const following = useRef(true);
  const lastMessageId = useRef<number | null>(null);

  const messages = useMemo(() => flattenPages(query.data), [query.data]);
  const activities = useMemo(() => flattenActivities(query.data), [query.data]);
  const timeline = useMemo(() => buildTimeline(messages, new Date(), activities), [messages, activities]);
  const pageCount = query.data?.pages.length ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

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

  // An older page was added above: keep the first message the user saw where it was.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element || !anchor.current) return;
    element.scrollTop = element.scrollHeight - anchor.current.height + anchor.current.top;
    anchor.current = null;
  }, [pageCount]);

  // A new last message: follow it when the user was at the bottom or sent it.
  useLayoutEffect(() => {
    const last = messages.at(-1);
    if (!last || last.id === lastMessageId.current) return;
    const first = lastMessageId.current === null;
    lastMessageId.current = last.id;
    if (first || following.current || last.fromMe) {
      following.current = true;
      scrollToBottom();
    }
  }, [messages, scrollToBottom]);

  // Media that finish loading grow the list, panels above it shrink it: stay at the bottom while following.
  useLayoutEffect(() => {
    const content = contentRef.current;
    const container = scrollRef.current;
    if (!content || !container || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      if (following.current) scrollToBottom();
    });
    observer.observe(content);
    observer.observe(container);
    return () => observer.disconnect();
  }, [scrollToBottom]);

  // A first page that does not fill the panel cannot be scrolled: load the next one directly.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (element && element.scrollHeight <= element.clientHeight && pageCount > 0) loadOlder();
  }, [pageCount, loadOlder]);

  // Opening at a message: once it is loaded, scroll to it and mark it; until then, load earlier pages.
  const isSeeking = focusMessageId !== undefined && focusedId !== focusMessageId && query.isSuccess;
  useLayoutEffect(() => {
    if (!isSeeking || focusMessageId === undefined) return;
    const element = scrollRef.current?.querySelector(`[data-message-id="${focusMessageId}"]`);
    if (element) {
      following.current = false;
      element.scrollIntoView?.({ block: "center" });
      setFocusedId(focusMessageId);
      setHighlightedId(focusMessageId);
    } else if (hasNextPage && pageCount < FOCUS_MAX_PAGES) {
      if (!isFetchingNextPage) void fetchNextPage();
    } else if (!isFetchingNextPage) {
      setFocusedId(focusMessageId);
      showToast(t("conversation.messages.notFound"), "info");
    }
  }, [isSeeking, focusMessageId, messages, hasNextPage, pageCount, isFetchingNextPage, fetchNextPage, t]);

  useEffect(() => {
    if (highlightedId === null) return;
    const timer = setTimeout(() => setHighlightedId(null), FOCUS_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlightedId]);

  const onScroll = () => {
    const element = scrollRef.current;
    if (!element) return;
    following.current = element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_THRESHOLD_PX;
    if (element.scrollTop <= LOAD_OLDER_THRESHOLD_PX) loadOlder();
  };

  const onDelete = useCallback((message: Message) => setToDelete(message), []);
  const { mutate: retry } = retryMessage;
  const onRetry = useCallback((message: Message) => retry(message.id), [retry]);

  return (
    <Box
      ref={scrollRef}
      onScroll={onScroll}
      role="log"
      aria-label={t("conversation.messages.list")}
      aria-busy={query.isPending || isFetchingNextPage}
      sx={{ flex: 1, minHeight: 0, overflowY: "auto", bgcolor: colors.wallpaper, py: 1 }}
    >
      {isSeeking ? (
        <Box role="status" sx={{ position: "sticky", top: 0, zIndex: 1, display: "flex", justifyContent: "center", py: 0.5 }}>
          <Chip size="small" icon={<CircularProgress size={14} />} label={t("conversation.messages.seeking")} sx={{ bgcolor: colors.divider, color: colors.meta }} />
        </Box>
      ) : null}
      <Box ref={contentRef}>
        {isFetchingNextPage ? (
          <Box sx={{ display: "flex", justifyContent: "center", py: 1 }}>
            <CircularProgress size={20} aria-label={t("conversation.messages.loadingOlder")} />
          </Box>
        ) : null}
        {query.isPending ? (
          <Box sx={{ display: "flex", justifyContent: "center", py: 4 }}>
            <CircularProgress size={28} aria-label={t("common.loading")} />
          </Box>
        ) : null}
        {query.isSuccess && messages.length === 0 ? (
          <Typography variant="body2" sx={{ textAlign: "center", color: colors.meta, py: 4 }}>
            {t("conversation.messages.empty")}
          </Typography>
        ) : null}
        {timeline.map((item) =>
          item.kind === "message" ? (
            <MessageBubble
              key={item.key}
              message={item.message}
              isGroup={ticket.isGroup}
              canDelete={canDeleteMessage(item.message, user)}
              retrying={retryMessage.isPending && retryMessage.variables === item.message.id}
              isHighlighted={item.message.id === highlightedId}
              onReply={onReply}
              onDelete={onDelete}
              onRetry={onRetry}
            />
          ) : item.kind === "activity" ? (
            <ActivityLine key={item.key} activity={item.activity} />
          ) : (
            <Separator key={item.key} item={item} />
          ),
        )}
      </Box>
      <ConfirmationDialog
        open={toDelete !== null}
        title={toDelete && toDelete.sendStatus !== "sent" ? t("conversation.messages.confirmCancel.title") : t("conversation.messages.confirmDelete.title")}
        message={toDelete && toDelete.sendStatus !== "sent" ? t("conversation.messages.confirmCancel.message") : t("conversation.messages.confirmDelete.message")}
        confirmLabel={toDelete && toDelete.sendStatus !== "sent" ? t("conversation.messages.confirmCancel.confirm") : t("conversation.messages.confirmDelete.confirm")}
        loading={deleteMessage.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          deleteMessage.mutate(toDelete.id, { onSettled: () => setToDelete(null) });
        }}
      />
    </Box>
  );
}
