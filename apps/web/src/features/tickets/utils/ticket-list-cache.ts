import type { Ticket } from "@conversa/shared";
import type { InfiniteData } from "@tanstack/react-query";
import type { TicketListOrder } from "./ticket-filter.ts";

/** One answer of GET /tickets. */
export interface TicketPage {
  tickets: Ticket[];
  count: number;
  hasMore: boolean;
}

export type TicketListData = InfiniteData<TicketPage, number>;

export interface UpsertOptions {
  /** Whether the ticket still belongs in this list. */
  matches: boolean;
  /** Whether the list may gain a ticket it does not hold (false for text-search results). */
  canInsert: boolean;
  /** Put the ticket first (a new message), instead of at its place by updatedAt (lists by activity only). */
  moveToTop?: boolean;
  /** The list's order (by activity unless told). */
  order?: TicketListOrder;
}

function flatten(data: TicketListData): Ticket[] {
  return data.pages.flatMap((page) => page.tickets);
}

/** Splits a flat list back into pages of the same sizes; the last page takes what is left. */
function repage(data: TicketListData, tickets: Ticket[], countDelta: number): TicketListData {
  let offset = 0;
  const pages = data.pages.map((page, index) => {
    const isLast = index === data.pages.length - 1;
    const size = isLast ? tickets.length - offset : page.tickets.length;
    const slice = tickets.slice(offset, offset + Math.max(0, size));
    offset += slice.length;
    return { ...page, tickets: slice, count: Math.max(0, page.count + countDelta) };
  });
  return { ...data, pages };
}

function isNewerOrSame(a: Ticket, b: Ticket): boolean {
  return Date.parse(a.updatedAt) >= Date.parse(b.updatedAt);
}

/** Whether `a` has waited longer than `b` (created earlier; the lower id between equals). */
function hasWaitedLonger(a: Ticket, b: Ticket): boolean {
  const difference = Date.parse(a.createdAt) - Date.parse(b.createdAt);
  return difference < 0 || (difference === 0 && a.id < b.id);
}

/** The list without the ticket `ticketId` (the count goes down when it was there). */
export function removeTicket(data: TicketListData, ticketId: number): TicketListData {
  const tickets = flatten(data);
  const next = tickets.filter((ticket) => ticket.id !== ticketId);
  if (next.length === tickets.length) return data;
  return repage(data, next, -1);
}

/**
 * A ticket changed (or arrived): replaced in the list, moved to its place (newest updatedAt
 * first, or the top with `moveToTop`; in a waiting line, by creation, oldest first), added when it
 * now belongs, removed when it no longer does; a search result keeps its matching message.
 * A ticket whose place lies past the loaded pages is left for paging to bring.
 */
export function upsertTicket(data: TicketListData, changed: Ticket, options: UpsertOptions): TicketListData {
  if (!options.matches) return removeTicket(data, changed.id);
  const tickets = flatten(data);
  const previous = tickets.find((item) => item.id === changed.id);
  const wasThere = previous !== undefined;
  // Live updates carry no search match: a search result keeps the message it was found by.
  const ticket = previous?.searchMatch && !changed.searchMatch ? { ...changed, searchMatch: previous.searchMatch } : changed;
  if (!wasThere && !options.canInsert) return data;
  const rest = tickets.filter((item) => item.id !== ticket.id);
  const isWaitingLine = options.order === "waiting";
  let index = isWaitingLine
    ? rest.findIndex((item) => hasWaitedLonger(ticket, item))
    : options.moveToTop
      ? 0
      : rest.findIndex((item) => isNewerOrSame(ticket, item));
  if (index === -1) {
    const hasMore = data.pages.at(-1)?.hasMore ?? false;
    if (hasMore && !wasThere) return data;
    // Still in the list on the server, further down than loaded: paging brings it back.
    if (hasMore) return repage(data, rest, 0);
    index = rest.length;
  }
  const next = [...rest.slice(0, index), ticket, ...rest.slice(index)];
  return repage(data, next, wasThere ? 0 : 1);
}

/** The ticket's unread count set to 0 (it was read); a list of unread tickets drops it. */
export function markTicketRead(data: TicketListData, ticketId: number, onlyUnread = false): TicketListData {
  if (onlyUnread) return removeTicket(data, ticketId);
  let changed = false;
  const pages = data.pages.map((page) => ({
    ...page,
    tickets: page.tickets.map((ticket) => {
      if (ticket.id !== ticketId || ticket.unreadMessages === 0) return ticket;
      changed = true;
      return { ...ticket, unreadMessages: 0 };
    }),
  }));
  return changed ? { ...data, pages } : data;
}
