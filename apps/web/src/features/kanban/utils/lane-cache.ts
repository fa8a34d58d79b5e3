import type { KanbanLanePage, Ticket } from "@conversa/shared";
import type { InfiniteData } from "@tanstack/react-query";

export type LaneData = InfiniteData<KanbanLanePage, unknown>;

function flatten(data: LaneData): Ticket[] {
  return data.pages.flatMap((page) => page.tickets);
}

/** Splits a flat list back into pages of the same sizes (the last takes the rest); every page's count moves by `countDelta`. */
function repage(data: LaneData, tickets: Ticket[], countDelta: number): LaneData {
  let offset = 0;
  const pages = data.pages.map((page, index) => {
    const size = index === data.pages.length - 1 ? tickets.length - offset : page.tickets.length;
    const slice = tickets.slice(offset, offset + Math.max(0, size));
    offset += slice.length;
    return { ...page, tickets: slice, count: Math.max(0, page.count + countDelta) };
  });
  return { ...data, pages };
}

/** The lane without the card of `ticketId` (its count goes down when the card was there). */
export function removeCard(data: LaneData, ticketId: number): LaneData {
  const tickets = flatten(data);
  const next = tickets.filter((ticket) => ticket.id !== ticketId);
  return next.length === tickets.length ? data : repage(data, next, -1);
}

export interface PlaceOptions {
  /** First in the lane (a new message), instead of at its place by last activity. */
  moveToTop?: boolean;
  /** Shown even when its place lies past the loaded pages (the card the user just dropped here). */
  keepVisible?: boolean;
}

/**
 * A card that belongs in the lane, changed or arrived: at its place (newest activity first), or first
 * with `moveToTop`. A new card whose place lies past the loaded pages is left for paging to bring,
 * unless `keepVisible`: then it closes the loaded cards.
 */
export function placeCard(data: LaneData, ticket: Ticket, options: PlaceOptions = {}): LaneData {
  const tickets = flatten(data);
  const wasThere = tickets.some((item) => item.id === ticket.id);
  const rest = tickets.filter((item) => item.id !== ticket.id);
  let index = options.moveToTop ? 0 : rest.findIndex((item) => Date.parse(ticket.updatedAt) >= Date.parse(item.updatedAt));
  if (index === -1) {
    const hasMore = data.pages.at(-1)?.hasMore ?? false;
    if (hasMore && !options.keepVisible) return wasThere ? repage(data, rest, 0) : data;
    index = rest.length;
  }
  return repage(data, [...rest.slice(0, index), ticket, ...rest.slice(index)], wasThere ? 0 : 1);
}

/** The lane's cards, once each (a card that paging brings again after a live move is not shown twice). */
export function cardsOf(data: LaneData | undefined): Ticket[] {
  if (!data) return [];
  const seen = new Set<number>();
  return flatten(data).filter((ticket) => (seen.has(ticket.id) ? false : (seen.add(ticket.id), true)));
}

/** The lane's count (of its first page: every page carries the same). */
export function laneCount(data: LaneData | undefined): number {
  return data?.pages[0]?.count ?? 0;
}
