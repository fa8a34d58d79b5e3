import { useQueryClient } from "@tanstack/react-query";
import { useCompanyEvent, useRealtimeJoin } from "../../../lib/socket-provider.tsx";
import { kanbanKeys } from "../api/query-keys.ts";
import { applyTicketToBoard, cachedLanes, removeTicketFromBoard } from "../utils/board-cache.ts";
import { ZBoardMessageEvent, ZBoardTagEvent, ZBoardTicketEvent } from "../utils/board-events.ts";
import type { BoardViewer } from "../utils/board-filter.ts";

/**
 * Keeps the board live: follows the open and pending tickets the viewer may open (the server's
 * visibility-qualified rooms), moves cards on `company-{id}-ticket` (moves made on other boards or in
 * conversations, status changes, transfers), brings new tickets and last messages on
 * `company-{id}-appMessage`, and reloads the lanes when a kanban tag is created, changed or deleted.
 */
export function useBoardLiveUpdates(viewer: BoardViewer): void {
  const queryClient = useQueryClient();
  useRealtimeJoin("tickets", "open");
  useRealtimeJoin("tickets", "pending");

  useCompanyEvent("ticket", (payload) => {
    const event = ZBoardTicketEvent.safeParse(payload);
    if (!event.success) return;
    if (event.data.action === "update") applyTicketToBoard(queryClient, event.data.ticket, viewer);
    else if (event.data.action === "delete") removeTicketFromBoard(queryClient, event.data.ticketId);
  });

  useCompanyEvent("appMessage", (payload) => {
    const event = ZBoardMessageEvent.safeParse(payload);
    if (event.success) applyTicketToBoard(queryClient, event.data.ticket, viewer, { moveToTop: true });
  });

  useCompanyEvent("tag", (payload) => {
    const event = ZBoardTagEvent.safeParse(payload);
    if (!event.success) return;
    const lanes = cachedLanes(queryClient);
    const reload = (cards: boolean) => {
      void queryClient.invalidateQueries({ queryKey: kanbanKeys.lanes });
      if (cards) void queryClient.invalidateQueries({ queryKey: kanbanKeys.cards() });
    };
    if (event.data.action === "delete") {
      // A lane gone: its cards return to 'Em aberto'.
      const tagId = event.data.tagId;
      if (lanes.some((lane) => lane.id === tagId)) reload(true);
      return;
    }
    const { tag } = event.data;
    const known = lanes.find((lane) => lane.id === tag.id);
    // A lane gained or lost reloads the cards too; any other change of a lane (renamed, recoloured, put in another
    // place by an admin, or its count) reloads the lane list only: a small read of the company's kanban tags.
    if ((tag.kanban === 1) !== (known !== undefined)) reload(true);
    else if (known) reload(false);
  });
}
