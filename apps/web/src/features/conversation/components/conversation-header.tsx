import { formatPhoneNumber, type SessionUser, type Ticket, type TicketStatus, ticketNumberOf } from "@conversa/shared";
import ArrowBack from "@mui/icons-material/ArrowBack";
import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import { useTheme } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmationDialog } from "../../../components/confirmation-dialog.tsx";
import { useTicketActions } from "../hooks/use-ticket-actions.ts";
import { canDeleteTicket } from "../utils/permissions.ts";
import { ContactAvatar } from "./contact-avatar.tsx";
import { TicketActionButtons } from "./ticket-action-buttons.tsx";
import { TransferTicketDialog } from "./transfer-ticket-dialog.tsx";

const STATUS_COLOR: Record<TicketStatus, "warning" | "success" | "default"> = { pending: "warning", open: "success", closed: "default" };

interface ConversationHeaderProps {
  ticket: Ticket;
  user: SessionUser | null;
  onOpenContact: () => void;
  onClose?: () => void;
  /** Opens the schedule-message dialog for the ticket's contact (composed by the page). */
  onScheduleMessage?: (contact: Ticket["contact"]) => void;
}

/** Contact, ticket number, status, queue and the ticket's actions (spec core §2). */
export function ConversationHeader({ ticket, user, onOpenContact, onClose, onScheduleMessage }: ConversationHeaderProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down("sm"), { noSsr: true });
  const actions = useTicketActions(ticket, user);
  const [transferOpen, setTransferOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  return (
    <Box component="header" sx={{ display: "flex", alignItems: "center", gap: 1, px: 1.5, py: 1, borderBottom: 1, borderColor: "divider", bgcolor: "background.paper", flexWrap: "wrap" }}>
      {onClose ? (
        <IconButton aria-label={t("conversation.header.back")} onClick={onClose} size="small">
          <ArrowBack />
        </IconButton>
      ) : null}
      <ButtonBase
        onClick={onOpenContact}
        aria-label={t("conversation.header.openContact", { name: ticket.contact.name })}
        sx={{ display: "flex", alignItems: "center", gap: 1.5, borderRadius: 1, px: 0.5, py: 0.25, textAlign: "left", minWidth: 0, flex: "1 1 220px", justifyContent: "flex-start" }}
      >
        <ContactAvatar name={ticket.contact.name} profilePicUrl={ticket.contact.profilePicUrl} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle1" component="h2" noWrap sx={{ fontWeight: 600, lineHeight: 1.3 }}>
            {ticket.contact.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {formatPhoneNumber(ticket.contact.number)}
            {" · "}
            {t("conversation.header.ticketNumber", { id: ticketNumberOf(ticket) })}
            {ticket.user ? ` · ${t("conversation.header.assignedTo", { name: ticket.user.name })}` : ""}
          </Typography>
        </Box>
      </ButtonBase>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
        <Chip size="small" color={STATUS_COLOR[ticket.status]} label={t(`conversation.status.${ticket.status}`)} />
        <Chip
          size="small"
          variant="outlined"
          label={ticket.queue?.name ?? t("conversation.header.noQueue")}
          sx={ticket.queue ? { borderColor: ticket.queue.color } : undefined}
          icon={ticket.queue ? <Box component="span" sx={{ width: 10, height: 10, borderRadius: "50%", bgcolor: ticket.queue.color, ml: "8px !important" }} /> : undefined}
        />
      </Stack>
      <Box sx={{ ml: "auto" }}>
        <TicketActionButtons
          ticket={ticket}
          running={actions.running}
          canDelete={canDeleteTicket(user)}
          compact={compact}
          onAction={(action) => {
            if (action === "transfer") setTransferOpen(true);
            else void actions.changeStatus(action);
          }}
          onDelete={() => setConfirmDelete(true)}
          onSchedule={onScheduleMessage ? () => onScheduleMessage(ticket.contact) : undefined}
        />
      </Box>
      <TransferTicketDialog open={transferOpen} ticket={ticket} onClose={() => setTransferOpen(false)} onTransfer={actions.transfer} />
      <ConfirmationDialog
        open={confirmDelete}
        title={t("conversation.confirmDelete.title", { id: ticketNumberOf(ticket) })}
        message={t("conversation.confirmDelete.message")}
        confirmLabel={t("conversation.confirmDelete.confirm")}
        loading={actions.running === "delete"}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() => void actions.deleteTicket().finally(() => setConfirmDelete(false))}
      />
    </Box>
  );
}
