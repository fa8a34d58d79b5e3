import type { SessionUser, Ticket } from "@conversa/shared";

/** What a board asks GET /ticket/kanban for (part of every lane's cache key). */
export interface BoardFilter {
  /** Only tickets of these queues; empty, every ticket the viewer's inbox shows. */
  queueIds: readonly number[];
  /** Every ticket of the company (only for those with tickets-manager:showall). */
  showAll: boolean;
}

/** The signed-in user as far as the board's visibility goes. */
export type BoardViewer = Pick<SessionUser, "id" | "profile" | "allTicket"> & { queues: readonly { id: number }[] };

/** A lane of the board: a kanban tag's id, or null for 'Em aberto' (no kanban tag). */
export type LaneId = number | null;

/** The statuses whose tickets are on the board; a resolved ticket leaves it. */
const BOARD_STATUSES: readonly Ticket["status"][] = ["open", "pending"];

/**
 * The query string of GET /ticket/kanban for a lane's page: a kanban tag's lane by `tagId`, 'Em aberto'
 * by `untagged` (without either the server answers the whole board); queue ids as a JSON array, as GET /tickets.
 */
export function toKanbanQuery(filter: BoardFilter, laneId: LaneId, pageNumber: number): Record<string, string | number | undefined> {
  return {
    pageNumber,
    tagId: laneId ?? undefined,
    untagged: laneId === null ? "true" : undefined,
    queueIds: filter.queueIds.length > 0 ? JSON.stringify(filter.queueIds) : undefined,
    showAll: filter.showAll ? "true" : undefined,
  };
}

/**
 * Whether a ticket is on the board, as the server decides it for GET /ticket/kanban (the inbox's
 * filter): open or pending; with showAll every ticket; otherwise the viewer's own tickets, those of
 * the viewer's queues, and those without a queue for an admin or with allTicket enabled; and within
 * the queue filter. Live events only reach those who may open the ticket; this narrows them to the
 * board's own view.
 */
export function isOnBoard(ticket: Pick<Ticket, "status" | "userId" | "queueId">, filter: BoardFilter, viewer: BoardViewer): boolean {
  if (!BOARD_STATUSES.includes(ticket.status)) return false;
  if (filter.queueIds.length > 0 && (ticket.queueId === null || !filter.queueIds.includes(ticket.queueId))) return false;
  if (filter.showAll) return true;
  if (ticket.userId === viewer.id) return true;
  if (ticket.queueId === null) return viewer.profile === "admin" || viewer.allTicket === "enabled";
  return viewer.queues.some((queue) => queue.id === ticket.queueId);
}

/** The lane a ticket's card is in: its kanban tag (the first in lane order, should it carry two), else 'Em aberto'. */
export function laneOfTicket(ticket: Pick<Ticket, "tags">, laneIds: readonly number[]): LaneId {
  return laneIds.find((id) => ticket.tags.some((tag) => tag.id === id)) ?? null;
}

/** A lane's count as its header shows it: exact up to 999 (the server counts up to 1,000). */
export function countLabel(count: number): string {
  return count > 999 ? "999+" : String(count);
}
