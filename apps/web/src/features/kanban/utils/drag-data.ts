import { type Ticket, ZTicket } from "@conversa/shared";
import { z } from "zod";
import type { LaneId } from "./board-filter.ts";

/** The draggable id of a ticket's card. */
export const cardDragId = (ticketId: number) => `card-${ticketId}`;
/** The droppable id of a lane. */
export const laneDropId = (laneId: LaneId) => (laneId === null ? "lane-open" : `lane-${laneId}`);

const ZCardData = z.object({ ticket: ZTicket, laneId: z.number().nullable() });
const ZLaneData = z.object({ laneId: z.number().nullable(), name: z.string() });

/** What a card carries while dragged: its ticket and the lane it left. */
export function cardDataOf(data: unknown): { ticket: Ticket; laneId: LaneId } | undefined {
  return ZCardData.safeParse(data).data;
}

/** What a lane carries as a drop target: its id and its name (for the announcements). */
export function laneDataOf(data: unknown): { laneId: LaneId; name: string } | undefined {
  return ZLaneData.safeParse(data).data;
}
