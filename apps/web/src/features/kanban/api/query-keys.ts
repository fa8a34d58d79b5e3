import type { BoardFilter, LaneId } from "../utils/board-filter.ts";

/** Cache keys of the kanban feature: the lanes (kanban tags), every lane's pages per board filter, the queue options. */
export const kanbanKeys = {
  all: ["kanban"] as const,
  lanes: ["kanban", "lanes"] as const,
  cards: () => ["kanban", "cards"] as const,
  laneCards: (filter: BoardFilter, laneId: LaneId) => ["kanban", "cards", filter, laneId] as const,
  queues: ["kanban", "queues"] as const,
};
