import { type Ticket, ticketNumberOf } from "@conversa/shared";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { plainText } from "../../../lib/format-text.ts";

/** The text colour on a tag's colour (a colour the theme cannot read falls back to white). */
function contrastTextOf(getContrastText: (color: string) => string, color: string): string {
  try {
    return getContrastText(color);
  } catch {
    return "#fff";
  }
}

interface CardViewProps {
  ticket: Ticket;
  /** The drag handle (the board's card), or nothing (the card under the pointer while dragging). */
  handle?: ReactNode;
  onOpen?: (ticket: Ticket) => void;
  raised?: boolean;
}

/**
 * What a card shows (spec admin §2): ticket number, contact name and number, the attendant, the ticket's tags,
 * the last message as plain text (WhatsApp's *bold*, _italic_, ~strike~ and ```mono``` markers taken out), and
 * the button that opens the ticket.
 */
export function CardView({ ticket, handle, onOpen, raised = false }: CardViewProps) {
  const { t } = useTranslation();
  const name = ticket.contact.name || ticket.contact.number;
  return (
    <Paper
      variant={raised ? "elevation" : "outlined"}
      elevation={raised ? 8 : 0}
      data-ticket-id={ticket.id}
      sx={{ display: "flex", overflow: "hidden", cursor: raised ? "grabbing" : "grab", bgcolor: "background.paper" }}
    >
      <Box aria-hidden sx={{ width: 4, flexShrink: 0, bgcolor: ticket.queue?.color ?? "action.disabled" }} />
      <Box sx={{ flex: 1, minWidth: 0, p: 1.25, pr: 0.5 }}>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
          <Typography component="span" variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
            {t("kanban.card.number", { id: ticketNumberOf(ticket) })}
          </Typography>
          {ticket.queue ? (
            <Typography component="span" variant="caption" color="text.secondary" noWrap sx={{ minWidth: 0 }}>
              · {ticket.queue.name}
            </Typography>
          ) : null}
        </Box>
        <Typography variant="subtitle2" component="h3" noWrap title={name} sx={{ fontWeight: 600 }}>
          {name}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="p">
          {ticket.contact.number}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="p">
          {ticket.user ? t("kanban.card.attendant", { name: ticket.user.name }) : t("kanban.card.noAttendant")}
        </Typography>
        {ticket.tags.length ? (
          <Box component="ul" aria-label={t("kanban.card.tags")} sx={{ display: "flex", flexWrap: "wrap", gap: 0.5, listStyle: "none", m: 0, mt: 0.5, p: 0 }}>
            {ticket.tags.map((tag) => (
              <li key={tag.id}>
                <Chip size="small" label={tag.name} sx={{ height: 20, fontSize: 11, bgcolor: tag.color, color: (theme) => contrastTextOf(theme.palette.getContrastText, tag.color) }} />
              </li>
            ))}
          </Box>
        ) : null}
        <Typography
          variant="body2"
          color={ticket.lastMessage ? "text.primary" : "text.secondary"}
          sx={{ mt: 0.5, display: "-webkit-box", WebkitLineClamp: 2, WebkitBoxOrient: "vertical", overflow: "hidden", overflowWrap: "anywhere" }}
        >
          {(ticket.lastMessage && plainText(ticket.lastMessage)) || t("kanban.card.noMessage")}
        </Typography>
        {onOpen ? (
          <Button size="small" variant="outlined" sx={{ mt: 1 }} onClick={() => onOpen(ticket)} aria-label={t("kanban.card.openLabel", { id: ticketNumberOf(ticket), name })}>
            {t("kanban.card.open")}
          </Button>
        ) : null}
      </Box>
      {handle}
    </Paper>
  );
}
