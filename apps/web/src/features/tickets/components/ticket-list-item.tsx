import type { Ticket } from "@conversa/shared";
import Visibility from "@mui/icons-material/Visibility";
import Avatar from "@mui/material/Avatar";
import Badge from "@mui/material/Badge";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import ListItemButton from "@mui/material/ListItemButton";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { memo } from "react";
import { useTranslation } from "react-i18next";
import { TagChip } from "../../../components/tag-chip.tsx";
import { plainText } from "../../../lib/format-text.ts";
import { type AgeColor, ageLabel, waitingTime } from "../utils/age-label.ts";
import { searchSnippet } from "../utils/search-snippet.ts";
import { LAST_MESSAGE_MAX, NARROW_NAME_MAX, truncate } from "../utils/truncate.ts";

const AGE_COLORS: Record<AgeColor, string> = { green: "success.main", orange: "warning.main", red: "error.main" };

export interface TicketListItemProps {
  ticket: Ticket;
  now: Date;
  isSelected: boolean;
  /** Under 600 px: long contact names are cut. */
  isNarrow: boolean;
  truncateLastMessage: boolean;
  /** The list's search term: a ticket found by a message's text shows that message with the term in bold. */
  searchTerm?: string;
  canSpy: boolean;
  isAccepting: boolean;
  onOpen: (ticket: Ticket) => void;
  onAccept: (ticket: Ticket) => void;
  onPeek: (ticket: Ticket) => void;
}

/** The matching message of a search result, around the match, the match in bold. */
function MatchPreview({ body, term }: { body: string; term: string }) {
  const { t } = useTranslation();
  const text = plainText(body);
  const snippet = searchSnippet(text, term);
  return (
    <Typography component="span" variant="body2" color="text.secondary" noWrap sx={{ flex: 1, minWidth: 0 }} title={t("tickets.row.searchMatch")} data-testid="search-match">
      {snippet ? (
        <>
          {snippet.before}
          <Box component="strong" sx={{ color: "text.primary", fontWeight: 700 }}>
            {snippet.match}
          </Box>
          {snippet.after}
        </>
      ) : (
        text
      )}
    </Typography>
  );
}

/**
 * One ticket of a list (its wrapper is the listitem): contact, queue, connection, tags, last message
 * (without WhatsApp markers), or in a search the matching message, unread count and age; a pending
 * ticket also shows how long it has waited.
 */
export const TicketListItem = memo(function TicketListItem({
  ticket,
  now,
  isSelected,
  isNarrow,
  truncateLastMessage,
  searchTerm,
  canSpy,
  isAccepting,
  onOpen,
  onAccept,
  onPeek,
}: TicketListItemProps) {
  const { t } = useTranslation();
  const isPending = ticket.status === "pending";
  const contactName = ticket.contact.name || ticket.contact.number;
  const shownName = isNarrow ? truncate(contactName, NARROW_NAME_MAX) : contactName;
  const preview = plainText(ticket.lastMessage);
  const lastMessage = truncateLastMessage ? truncate(preview, LAST_MESSAGE_MAX) : preview;
  const age = ageLabel(ticket.updatedAt, now);
  const queueColor = ticket.queue?.color ?? "grey.500";

  return (
    <Box
      data-ticket-id={ticket.id}
      sx={{ display: "flex", alignItems: "stretch", borderBottom: 1, borderColor: "divider", bgcolor: "background.paper" }}
    >
      <Box aria-hidden sx={{ width: 6, flexShrink: 0, bgcolor: queueColor }} />
      <ListItemButton
        selected={isSelected}
        onClick={() => onOpen(ticket)}
        aria-label={isPending ? t("tickets.row.pendingHint", { name: contactName }) : t("tickets.row.open", { name: contactName })}
        sx={{ alignItems: "flex-start", gap: 1.5, py: 1, px: 1.5, minWidth: 0, cursor: isPending ? "default" : "pointer" }}
      >
        <Avatar src={ticket.contact.profilePicUrl ?? undefined} alt="" sx={{ width: 44, height: 44, mt: 0.25 }}>
          {contactName.charAt(0).toUpperCase()}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
            <Typography component="span" variant="subtitle2" noWrap sx={{ flex: 1, minWidth: 0, fontWeight: 600 }} title={contactName}>
              {shownName}
            </Typography>
            <Typography
              component="span"
              variant="caption"
              noWrap
              sx={{ color: age.color ? AGE_COLORS[age.color] : "text.secondary", fontWeight: age.color ? 700 : 400 }}
              title={t("tickets.row.lastInteraction")}
            >
              {age.text}
            </Typography>
          </Box>
          <Box sx={{ display: "flex", alignItems: "center", gap: 1, minHeight: 22 }}>
            {ticket.searchMatch && searchTerm ? (
              <MatchPreview body={ticket.searchMatch.body} term={searchTerm} />
            ) : (
              <Typography component="span" variant="body2" color="text.secondary" noWrap sx={{ flex: 1, minWidth: 0 }}>
                {lastMessage}
              </Typography>
            )}
            {ticket.unreadMessages > 0 ? (
              <Badge
                badgeContent={ticket.unreadMessages}
                color="success"
                max={999}
                aria-label={t("tickets.row.unread", { count: ticket.unreadMessages })}
                sx={{ mr: 1.5, "& .MuiBadge-badge": { position: "static", transform: "none" } }}
              />
            ) : null}
          </Box>
          <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5, mt: 0.5 }}>
            <Chip
              size="small"
              label={ticket.queue?.name ?? t("tickets.noQueue")}
              sx={{ height: 20, fontSize: 11, bgcolor: ticket.queue?.color ?? "action.selected", color: ticket.queue ? "#fff" : "text.primary" }}
            />
            {ticket.whatsapp ? (
              <Chip size="small" variant="outlined" label={ticket.whatsapp.name} sx={{ height: 20, fontSize: 11 }} />
            ) : null}
            {isPending && ticket.slaDueAt && Date.parse(ticket.slaDueAt) <= now.getTime() ? (
              <Chip size="small" color="error" label={t("distribution.sla.late")} title={t("distribution.sla.lateHint", { minutes: Math.round((Date.parse(ticket.slaDueAt) - Date.parse(ticket.createdAt)) / 60_000) })} sx={{ height: 20, fontSize: 11 }} />
            ) : null}
            {ticket.user && ticket.status !== "pending" ? (
              <Chip size="small" variant="outlined" label={ticket.user.name} sx={{ height: 20, fontSize: 11 }} />
            ) : null}
            {ticket.user && isPending ? (
              // A pending ticket with a user is only reserved for them by distribution: nobody attends it yet.
              <Chip
                size="small"
                variant="outlined"
                color="info"
                label={t("tickets.row.reservedFor", { name: ticket.user.name })}
                title={t("tickets.row.reservedForHint", { name: ticket.user.name })}
                data-testid="ticket-reserved"
                sx={{ height: 20, fontSize: 11, borderStyle: "dashed" }}
              />
            ) : null}
            {ticket.tags.map((tag) => (
              <TagChip key={tag.id} name={tag.name} color={tag.color} dense />
            ))}
          </Box>
          {isPending ? (
            <Typography component="p" variant="caption" color="text.secondary" title={t("tickets.row.waitingHint")} sx={{ mt: 0.25 }} data-testid="ticket-waiting">
              {t("tickets.row.waiting", { time: waitingTime(ticket.createdAt, now) })}
            </Typography>
          ) : null}
        </Box>
      </ListItemButton>
      {canSpy || isPending ? (
        <Box sx={{ display: "flex", flexDirection: "column", alignItems: "center", justifyContent: "center", gap: 0.5, pr: 1 }}>
          {isPending ? (
            <Button
              size="small"
              variant="contained"
              color="success"
              disabled={isAccepting}
              onClick={() => onAccept(ticket)}
              aria-label={t("tickets.row.acceptNamed", { name: contactName })}
              sx={{ minWidth: 0, px: 1, fontSize: 12 }}
            >
              {t("tickets.row.accept")}
            </Button>
          ) : null}
          {canSpy ? (
            <Tooltip title={t("tickets.row.spy")}>
              <IconButton size="small" onClick={() => onPeek(ticket)} aria-label={t("tickets.row.spyNamed", { name: contactName })}>
                <Visibility fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
});
