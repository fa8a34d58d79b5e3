import type { Ticket } from "@conversa/shared";
import CheckCircleOutline from "@mui/icons-material/CheckCircleOutlined";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import EventNote from "@mui/icons-material/EventNote";
import LockOpen from "@mui/icons-material/LockOpen";
import PlayArrow from "@mui/icons-material/PlayArrow";
import SwapHoriz from "@mui/icons-material/SwapHoriz";
import Undo from "@mui/icons-material/Undo";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import Tooltip from "@mui/material/Tooltip";
import type { ReactElement } from "react";
import { useTranslation } from "react-i18next";
import type { RunningAction } from "../hooks/use-ticket-actions.ts";
import { type TicketAction, ticketActionsFor } from "../utils/ticket-actions.ts";

const ICONS: Record<TicketAction, ReactElement> = {
  accept: <PlayArrow />,
  return: <Undo />,
  resolve: <CheckCircleOutline />,
  transfer: <SwapHoriz />,
  reopen: <LockOpen />,
};

interface ActionButtonProps {
  action: TicketAction;
  compact: boolean;
  loading: boolean;
  disabled: boolean;
  onClick: () => void;
}

function ActionButton({ action, compact, loading, disabled, onClick }: ActionButtonProps) {
  const { t } = useTranslation();
  const label = t(`conversation.actions.${action}`);
  if (compact) {
    return (
      <Tooltip title={label}>
        <IconButton size="small" color={action === "return" ? "default" : "primary"} aria-label={label} loading={loading} disabled={disabled} onClick={onClick}>
          {ICONS[action]}
        </IconButton>
      </Tooltip>
    );
  }
  return (
    <Button
      size="small"
      variant={action === "accept" || action === "resolve" || action === "reopen" ? "contained" : "outlined"}
      color={action === "return" ? "inherit" : "primary"}
      startIcon={ICONS[action]}
      loading={loading}
      disabled={disabled}
      onClick={onClick}
    >
      {label}
    </Button>
  );
}

interface TicketActionButtonsProps {
  ticket: Pick<Ticket, "status">;
  running: RunningAction;
  canDelete: boolean;
  /** Icons only (names kept for assistive technology and tooltips), for narrow screens. */
  compact?: boolean;
  onAction: (action: TicketAction) => void;
  onDelete: () => void;
  /** Schedules a message to the contact; without it the action is shown unavailable. */
  onSchedule?: () => void;
}

/**
 * The actions of the ticket's status (pending → Accept; open → Return, Resolve, Transfer; closed →
 * Reopen), the schedule action (unavailable without `onSchedule`) and delete with permission.
 */
export function TicketActionButtons({ ticket, running, canDelete, compact = false, onAction, onDelete, onSchedule }: TicketActionButtonsProps) {
  const { t } = useTranslation();
  const busy = running !== null;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap", justifyContent: "flex-end" }}>
      {ticketActionsFor(ticket.status).map((action) => (
        <ActionButton key={action} action={action} compact={compact} loading={running === action} disabled={busy && running !== action} onClick={() => onAction(action)} />
      ))}
      {onSchedule ? (
        <Tooltip title={t("conversation.actions.schedule")}>
          <IconButton size="small" aria-label={t("conversation.actions.schedule")} onClick={onSchedule}>
            <EventNote fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <Tooltip title={t("conversation.actions.scheduleUnavailable")}>
          {/* A disabled button fires no events: the wrapper keeps the tooltip reachable. */}
          <span tabIndex={0} aria-label={`${t("conversation.actions.schedule")}: ${t("conversation.actions.scheduleUnavailable")}`}>
            <IconButton size="small" disabled aria-label={t("conversation.actions.schedule")}>
              <EventNote fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      )}
      {canDelete ? (
        <Tooltip title={t("conversation.actions.delete")}>
          <IconButton size="small" color="error" aria-label={t("conversation.actions.delete")} onClick={onDelete} disabled={busy} loading={running === "delete"}>
            <DeleteOutline fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : null}
    </Stack>
  );
}
