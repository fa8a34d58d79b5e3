import { type Ticket, ZTicket } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { apiRequest } from "../../../lib/api-client.ts";
import { showToast } from "../../../lib/toast.ts";
import { applyTicketToBoard, cachedLanes, ticketMovedTo } from "../utils/board-cache.ts";
import type { BoardViewer, LaneId } from "../utils/board-filter.ts";
import { kanbanKeys } from "./query-keys.ts";

/** A card dropped on another lane. */
export interface CardMove {
  ticket: Ticket;
  from: LaneId;
  to: LaneId;
}

/**
 * One call per move: PUT /ticket-tags/{ticketId}/{tagId} puts the ticket in a lane (the server replaces
 * its other lane's tag in the same transaction); DELETE /ticket-tags/{ticketId} takes it back to 'Em aberto'.
 */
export function moveCard({ ticket, to }: CardMove): Promise<Ticket> {
  return to === null
    ? apiRequest(`/ticket-tags/${ticket.id}`, ZTicket, { method: "DELETE" })
    : apiRequest(`/ticket-tags/${ticket.id}/${to}`, ZTicket, { method: "PUT" });
}

/**
 * Moves a card at once (before the server answers), then settles it where the server's ticket says,
 * with the spec's toasts: 'Ticket Tag Removido!' when it left a lane's tag, 'Ticket Tag Adicionado com
 * Sucesso!' when it got one. A refused move puts the card back; the failure's toast is the app's.
 */
export function useMoveCard(viewer: BoardViewer) {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: moveCard,
    onMutate: async (move: CardMove) => {
      await queryClient.cancelQueries({ queryKey: kanbanKeys.cards() });
      applyTicketToBoard(queryClient, ticketMovedTo(move.ticket, move.to, cachedLanes(queryClient)), viewer, { keepVisible: true });
    },
    onError: (_error, move) => applyTicketToBoard(queryClient, move.ticket, viewer, { keepVisible: true }),
    onSuccess: (ticket, move) => {
      if (move.from !== null) showToast(t("kanban.tagRemoved"), "success");
      if (move.to !== null) showToast(t("kanban.tagAdded"), "success");
      applyTicketToBoard(queryClient, ticket, viewer, { keepVisible: true });
    },
  });
}
