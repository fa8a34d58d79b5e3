import type { Tag, Ticket } from "@conversa/shared";
import type { QueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { kanbanKeys } from "../api/query-keys.ts";
import { type BoardViewer, isOnBoard, type LaneId, laneOfTicket } from "./board-filter.ts";
import { type LaneData, type PlaceOptions, placeCard, removeCard } from "./lane-cache.ts";

const ZLaneKey = z.tuple([z.literal("kanban"), z.literal("cards"), z.object({ queueIds: z.array(z.number()), showAll: z.boolean() }), z.number().nullable()]);

/** The board's lanes (kanban tags) as cached, by name. */
export function cachedLanes(queryClient: QueryClient): Tag[] {
  return queryClient.getQueryData<Tag[]>(kanbanKeys.lanes) ?? [];
}

/** Runs `update` on every cached lane of every board filter. */
function updateLanes(queryClient: QueryClient, update: (data: LaneData, key: z.infer<typeof ZLaneKey>) => LaneData): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: kanbanKeys.cards() })) {
    const key = ZLaneKey.safeParse(query.queryKey);
    if (!key.success) continue;
    queryClient.setQueryData<LaneData>(query.queryKey, (data) => (data ? update(data, key.data) : data));
  }
}

/** Puts a changed ticket's card in the lane it now belongs to, on every board that shows it, and out of every other lane. */
export function applyTicketToBoard(queryClient: QueryClient, ticket: Ticket, viewer: BoardViewer, options: PlaceOptions = {}): void {
  const laneIds = cachedLanes(queryClient).map((lane) => lane.id);
  const lane: LaneId = laneOfTicket(ticket, laneIds);
  updateLanes(queryClient, (data, [, , filter, laneId]) =>
    isOnBoard(ticket, filter, viewer) && laneId === lane ? placeCard(data, ticket, options) : removeCard(data, ticket.id),
  );
}

/** Takes a deleted ticket's card off every board. */
export function removeTicketFromBoard(queryClient: QueryClient, ticketId: number): void {
  updateLanes(queryClient, (data) => removeCard(data, ticketId));
}

/** The ticket as a move to `to` leaves it: its lane's tag replaced, its other tags kept (what the server will answer). */
export function ticketMovedTo(ticket: Ticket, to: LaneId, lanes: readonly Tag[]): Ticket {
  const others = ticket.tags.filter((tag) => !lanes.some((lane) => lane.id === tag.id));
  const target = lanes.find((lane) => lane.id === to);
  return { ...ticket, tags: target ? [...others, { id: target.id, name: target.name, color: target.color }] : others };
}
