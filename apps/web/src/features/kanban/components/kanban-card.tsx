import { type Ticket, ticketNumberOf } from "@conversa/shared";
import { useDraggable } from "@dnd-kit/core";
import DragIndicator from "@mui/icons-material/DragIndicator";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import { memo } from "react";
import { useTranslation } from "react-i18next";
import { cardDragId } from "../utils/drag-data.ts";
import type { LaneId } from "../utils/board-filter.ts";
import { CardView } from "./card-view.tsx";

interface KanbanCardProps {
  ticket: Ticket;
  laneId: LaneId;
  onOpen: (ticket: Ticket) => void;
}

/**
 * A card of a lane: dragged with the pointer from anywhere on it, or with the keyboard from its handle
 * (Space or Enter to pick it up, arrows to choose the lane, Space or Enter to drop, Escape to cancel).
 */
export const KanbanCard = memo(function KanbanCard({ ticket, laneId, onOpen }: KanbanCardProps) {
  const { t } = useTranslation();
  const name = ticket.contact.name || ticket.contact.number;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: cardDragId(ticket.id),
    data: { ticket, laneId },
    attributes: { roleDescription: t("kanban.card.roleDescription") },
  });
  const handle = (
    <IconButton
      ref={setActivatorNodeRef}
      {...attributes}
      size="small"
      aria-label={t("kanban.card.move", { id: ticketNumberOf(ticket), name })}
      sx={{ alignSelf: "flex-start", m: 0.5, cursor: "grab", touchAction: "none" }}
    >
      <DragIndicator fontSize="small" />
    </IconButton>
  );
  return (
    <Box ref={setNodeRef} role="listitem" {...listeners} sx={{ opacity: isDragging ? 0.4 : 1, touchAction: "manipulation" }}>
      <CardView ticket={ticket} handle={handle} onOpen={onOpen} />
    </Box>
  );
});
