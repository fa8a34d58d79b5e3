import type { Message, Ticket } from "@conversa/shared";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Paper from "@mui/material/Paper";
import { alpha } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import { type ReactNode, useCallback, useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { DATE_PATTERNS, formatDate } from "../../../lib/date.ts";
import { plainText } from "../../../lib/format-text.ts";
import { currentLanguage } from "../../../lib/i18n.ts";
import { usePeekMessages } from "../api/peek-messages.ts";

interface TicketPeekDialogProps {
  ticket: Ticket | null;
  onClose: () => void;
  /** A message's content as the conversation shows it (media, formatting); plain text without it. */
  renderContent?: (message: Message) => ReactNode;
}

/** Within this distance of the end the view follows the newest message (media growing as they load). */
const STICK_TO_END_PX = 48;

/**
 * Keeps a scroll box at its end while the user has not scrolled up: it opens at the newest message
 * and stays there while images and players above or at the end take their size.
 */
function useStickToEnd(ready: boolean) {
  const boxRef = useRef<HTMLDivElement | null>(null);
  const stuck = useRef(true);
  // Where this hook last scrolled to: a scroll event at or below it is its own, not the user's.
  const placedAt = useRef(0);
  const scrollToEnd = useCallback(() => {
    const box = boxRef.current;
    if (!box || !stuck.current) return;
    box.scrollTop = box.scrollHeight;
    placedAt.current = box.scrollTop;
  }, []);
  useEffect(() => {
    const box = boxRef.current;
    if (!ready || !box) return;
    scrollToEnd();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(scrollToEnd);
    observer.observe(box);
    for (const child of Array.from(box.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [ready, scrollToEnd]);
  const onScroll = useCallback(() => {
    const box = boxRef.current;
    if (!box || box.scrollTop >= placedAt.current - 1) return;
    stuck.current = box.scrollHeight - box.scrollTop - box.clientHeight <= STICK_TO_END_PX;
  }, []);
  return { boxRef, onScroll };
}

function PlainContent({ message }: { message: Message }) {
  const { t } = useTranslation();
  return (
    <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
      {plainText(message.body) || (message.mediaType !== "chat" ? t("tickets.peek.media", { type: message.mediaType }) : "")}
    </Typography>
  );
}

/**
 * Admins' "spy" view of a ticket: its last messages,
 * read-only, with their media, opened at the newest.
 */
export function TicketPeekDialog({ ticket, onClose, renderContent }: TicketPeekDialogProps) {
  const { t } = useTranslation();
  const messages = usePeekMessages(ticket?.id ?? null);
  const ordered = useMemo(
    () => [...(messages.data?.messages ?? [])].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id - b.id),
    [messages.data],
  );
  const name = ticket ? ticket.contact.name || ticket.contact.number : "";
  const { boxRef, onScroll } = useStickToEnd(ordered.length > 0);

  return (
    <Dialog open={ticket !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="ticket-peek-title">
      <DialogTitle id="ticket-peek-title">{t("tickets.peek.title", { name })}</DialogTitle>
      <DialogContent ref={boxRef} onScroll={onScroll} dividers sx={{ bgcolor: "action.hover", minHeight: 240 }} data-testid="ticket-peek-messages">
        {messages.isPending ? (
          <Box sx={{ display: "flex", justifyContent: "center", py: 4 }}>
            <CircularProgress size={28} aria-label={t("common.loading")} />
          </Box>
        ) : messages.isError ? (
          <Alert severity="error">{t("tickets.peek.loadFailed")}</Alert>
        ) : ordered.length === 0 ? (
          <Typography color="text.secondary" sx={{ textAlign: "center", py: 4 }}>
            {t("tickets.peek.empty")}
          </Typography>
        ) : (
          <Box component="ol" aria-label={t("tickets.peek.messages")} sx={{ listStyle: "none", m: 0, p: 0, display: "flex", flexDirection: "column", gap: 1 }}>
            {ordered.map((message) => (
              <Box component="li" key={message.id} sx={{ display: "flex", justifyContent: message.fromMe ? "flex-end" : "flex-start" }}>
                <Paper
                  elevation={0}
                  sx={{
                    px: 1.5,
                    py: 1,
                    maxWidth: "80%",
                    bgcolor: (theme) => (message.fromMe ? alpha(theme.palette.success.main, 0.2) : theme.palette.background.paper),
                    color: "text.primary",
                  }}
                >
                  {message.isDeleted ? (
                    <Typography variant="body2" sx={{ fontStyle: "italic" }}>
                      {t("tickets.peek.deleted")}
                    </Typography>
                  ) : renderContent ? (
                    renderContent(message)
                  ) : (
                    <PlainContent message={message} />
                  )}
                  <Typography variant="caption" sx={{ display: "block", textAlign: "right", opacity: 0.75 }}>
                    {formatDate(message.createdAt, DATE_PATTERNS.dateTime, currentLanguage())}
                  </Typography>
                </Paper>
              </Box>
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("common.close")}</Button>
      </DialogActions>
    </Dialog>
  );
}
