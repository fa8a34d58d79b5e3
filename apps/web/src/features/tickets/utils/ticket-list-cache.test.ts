import { describe, expect, it } from "vitest";
import { makeTicket } from "../test/ticket-fixture.ts";
import { markTicketRead, removeTicket, type TicketListData, type TicketPage, upsertTicket } from "./ticket-list-cache.ts";

function at(minute: number): string {
  return new Date(Date.UTC(2025, 4, 1, 10, minute)).toISOString();
}

function listOf(pages: number[][], { count, hasMore = false }: { count?: number; hasMore?: boolean } = {}): TicketListData {
  const total = count ?? pages.flat().length;
  return {
    pages: pages.map((ids, index): TicketPage => ({
      tickets: ids.map((id) => makeTicket({ id, updatedAt: at(60 - id) })),
      count: total,
      hasMore: index === pages.length - 1 ? hasMore : true,
    })),
    pageParams: pages.map((_ids, index) => index + 1),
  };
}

const ids = (data: TicketListData) => data.pages.map((page) => page.tickets.map((ticket) => ticket.id));
const counts = (data: TicketListData) => data.pages.map((page) => page.count);

describe("upsertTicket", () => {
  it("inserts a matching new ticket at its place by updatedAt and counts it", () => {
    const data = listOf([[1, 3]]);
    const next = upsertTicket(data, makeTicket({ id: 2, updatedAt: at(58) }), { matches: true, canInsert: true });
    expect(ids(next)).toEqual([[1, 2, 3]]);
    expect(counts(next)).toEqual([3]);
  });

  it("replaces a ticket in place when its order does not change", () => {
    const data = listOf([[1, 2, 3]]);
    const next = upsertTicket(data, makeTicket({ id: 2, updatedAt: at(58), lastMessage: "novo" }), { matches: true, canInsert: true });
    expect(ids(next)).toEqual([[1, 2, 3]]);
    expect(next.pages[0]?.tickets[1]?.lastMessage).toBe("novo");
    expect(counts(next)).toEqual([3]);
  });

  it("keeps the message a search result was found by when the ticket changes live", () => {
    const searchMatch = { messageId: 7, body: "o boleto venceu", createdAt: at(50) };
    const data = listOf([[1, 2]]);
    data.pages[0]!.tickets[1] = makeTicket({ id: 2, updatedAt: at(58), searchMatch });
    const next = upsertTicket(data, makeTicket({ id: 2, updatedAt: at(59), lastMessage: "novo" }), { matches: true, canInsert: false });
    expect(next.pages[0]?.tickets.find((ticket) => ticket.id === 2)).toMatchObject({ lastMessage: "novo", searchMatch });
  });

  it("moves a ticket to the top on a new message, keeping the page sizes", () => {
    const data = listOf([[1, 2], [3, 4]], { hasMore: false });
    const next = upsertTicket(data, makeTicket({ id: 4, updatedAt: at(50) }), { matches: true, canInsert: true, moveToTop: true });
    expect(ids(next)).toEqual([[4, 1], [2, 3]]);
    expect(counts(next)).toEqual([4, 4]);
  });

  it("removes a ticket that no longer matches the list (it moved to another tab)", () => {
    const data = listOf([[1, 2, 3]]);
    const next = upsertTicket(data, makeTicket({ id: 2, status: "open" }), { matches: false, canInsert: true });
    expect(ids(next)).toEqual([[1, 3]]);
    expect(counts(next)).toEqual([2]);
  });

  it("leaves a list alone when a ticket neither is nor belongs in it", () => {
    const data = listOf([[1, 2]]);
    expect(upsertTicket(data, makeTicket({ id: 9 }), { matches: false, canInsert: true })).toBe(data);
  });

  it("does not add tickets to a text search's results, but updates those it shows", () => {
    const data = listOf([[1, 2]]);
    expect(upsertTicket(data, makeTicket({ id: 9, updatedAt: at(59) }), { matches: true, canInsert: false })).toBe(data);
    const next = upsertTicket(data, makeTicket({ id: 2, updatedAt: at(58), lastMessage: "x" }), { matches: true, canInsert: false });
    expect(next.pages[0]?.tickets.find((ticket) => ticket.id === 2)?.lastMessage).toBe("x");
  });

  it("leaves to paging a new ticket whose place is past the loaded pages", () => {
    const data = listOf([[1, 2]], { count: 50, hasMore: true });
    expect(upsertTicket(data, makeTicket({ id: 9, updatedAt: at(0) }), { matches: true, canInsert: true })).toBe(data);
  });

  it("appends an older ticket at the end when every page is loaded", () => {
    const data = listOf([[1, 2]]);
    expect(ids(upsertTicket(data, makeTicket({ id: 9, updatedAt: at(0) }), { matches: true, canInsert: true }))).toEqual([[1, 2, 9]]);
  });

  it("keeps a waiting line oldest first: a new message leaves the ticket at its place, a newcomer joins at the end", () => {
    const waiting = (id: number, minute: number, updated = minute) => makeTicket({ id, status: "pending", createdAt: at(minute), updatedAt: at(updated) });
    const data: TicketListData = { pages: [{ tickets: [waiting(1, 0), waiting(2, 10), waiting(3, 20)], count: 3, hasMore: false }], pageParams: [1] };
    const wroteAgain = upsertTicket(data, waiting(1, 0, 59), { matches: true, canInsert: true, moveToTop: true, order: "waiting" });
    expect(ids(wroteAgain)).toEqual([[1, 2, 3]]);
    const returned = upsertTicket(wroteAgain, waiting(4, 15), { matches: true, canInsert: true, order: "waiting" });
    expect(ids(returned)).toEqual([[1, 2, 4, 3]]);
    const arrived = upsertTicket(returned, waiting(5, 59), { matches: true, canInsert: true, moveToTop: true, order: "waiting" });
    expect(ids(arrived)).toEqual([[1, 2, 4, 3, 5]]);
  });
});

describe("removeTicket", () => {
  it("drops the ticket from whichever page holds it and lowers the count", () => {
    const next = removeTicket(listOf([[1, 2], [3, 4]]), 2);
    expect(ids(next)).toEqual([[1, 3], [4]]);
    expect(counts(next)).toEqual([3, 3]);
  });

  it("returns the same list when the ticket is not there", () => {
    const data = listOf([[1]]);
    expect(removeTicket(data, 5)).toBe(data);
  });
});

describe("markTicketRead", () => {
  it("sets the unread count to 0", () => {
    const data = listOf([[1, 2]]);
    const unread: TicketListData = { ...data, pages: [{ ...data.pages[0]!, tickets: data.pages[0]!.tickets.map((t) => ({ ...t, unreadMessages: 3 })) }] };
    const next = markTicketRead(unread, 2);
    expect(next.pages[0]?.tickets.map((ticket) => ticket.unreadMessages)).toEqual([3, 0]);
  });

  it("drops the ticket from a list of unread tickets", () => {
    expect(ids(markTicketRead(listOf([[1, 2]]), 1, true))).toEqual([[2]]);
  });
});
