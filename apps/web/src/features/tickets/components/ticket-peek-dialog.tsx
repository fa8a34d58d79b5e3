import type { Ticket } from "@conversa/shared";
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
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { DATE_PATTERNS, formatDate } from "../../../lib/date.ts";
import { currentLanguage } from "../../../lib/i18n.ts";
import { usePeekMessages } from "../api/peek-messages.ts";

interface TicketPeekDialogProps {
  ticket: Ticket | null;
  onClose: () => void;
}

/** Admins' "spy" view: the last messages of a ticket, read-only. */
export function TicketPeekDialog({ ticket, onClose }: TicketPeekDialogProps) {
  const { t } = useTranslation();
  const messages = usePeekMessages(ticket?.id ?? null);
  const ordered = useMemo(
    () => [...(messages.data?.messages ?? [])].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt)),
    [messages.data],
  );
  const name = ticket ? ticket.contact.name || ticket.contact.number : "";

  return (
    <Dialog open={ticket !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="ticket-peek-title">
      <DialogTitle id="ticket-peek-title">{t("tickets.peek.title", { name })}</DialogTitle>
      <DialogContent dividers sx={{ bgcolor: "action.hover", minHeight: 240 }}>
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
                  <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", wordBreak: "break-word", fontStyle: message.isDeleted ? "italic" : undefined }}>
                    {message.isDeleted
                      ? t("tickets.peek.deleted")
                      : message.body || (message.mediaType !== "chat" ? t("tickets.peek.media", { type: message.mediaType }) : "")}
                  </Typography>
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
