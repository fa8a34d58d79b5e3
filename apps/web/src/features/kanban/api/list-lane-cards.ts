import { type KanbanLanePage, ZKanbanLaneResponse } from "@conversa/shared";
import { useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { type BoardFilter, type LaneId, toKanbanQuery } from "../utils/board-filter.ts";
import { kanbanKeys } from "./query-keys.ts";

/** GET /ticket/kanban: one page (40 cards, newest activity first) of a lane, with the lane's count. */
export function fetchLaneCards(filter: BoardFilter, laneId: LaneId, pageNumber: number, signal?: AbortSignal): Promise<KanbanLanePage> {
  return apiRequest("/ticket/kanban", ZKanbanLaneResponse, { query: toKanbanQuery(filter, laneId, pageNumber), signal });
}

/**
 * A lane's cards, page by page as the lane is scrolled. Kept current by live events
 * (useBoardLiveUpdates), so not refetched on its own; the lane shows its failure itself.
 */
export function useLaneCards(filter: BoardFilter, laneId: LaneId) {
  return useInfiniteQuery({
    queryKey: kanbanKeys.laneCards(filter, laneId),
    queryFn: ({ pageParam, signal }) => fetchLaneCards(filter, laneId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (lastPage, _pages, lastPageParam) => (lastPage.hasMore ? lastPageParam + 1 : undefined),
    staleTime: 60_000,
    meta: { silentError: true },
  });
}
