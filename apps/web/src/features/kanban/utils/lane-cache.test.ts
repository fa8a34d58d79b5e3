import { describe, expect, it } from "vitest";
import { laneData, makeTicket } from "../test/ticket-fixture.ts";
import { cardsOf, laneCount, placeCard, removeCard } from "./lane-cache.ts";

// Tickets 1..4: a higher id is newer activity (see the fixture's updatedAt).
const t = (id: number, minute = id) => makeTicket({ id, updatedAt: `2025-05-01T10:${String(minute).padStart(2, "0")}:00.000Z` });
const ids = (data: ReturnType<typeof laneData>) => cardsOf(data).map((ticket) => ticket.id);

describe("placeCard", () => {
  it("adds a card at its place by activity and counts it", () => {
    const data = laneData([{ tickets: [t(4), t(2)], count: 2, hasMore: false }]);
    const next = placeCard(data, t(3));
    expect(ids(next)).toEqual([4, 3, 2]);
    expect(laneCount(next)).toBe(3);
  });

  it("moves a changed card without counting it twice", () => {
    const data = laneData([{ tickets: [t(4), t(2)], count: 2, hasMore: false }]);
    const next = placeCard(data, t(2, 9));
    expect(ids(next)).toEqual([2, 4]);
    expect(laneCount(next)).toBe(2);
  });

  it("puts a card first on a new message", () => {
    const data = laneData([{ tickets: [t(4), t(3)], count: 2, hasMore: false }]);
    expect(ids(placeCard(data, t(1), { moveToTop: true }))).toEqual([1, 4, 3]);
  });

  it("leaves a new card whose place is past the loaded pages to paging, unless it must stay visible", () => {
    const data = laneData([{ tickets: [t(4), t(3)], count: 10, hasMore: true }]);
    expect(placeCard(data, t(1))).toBe(data);
    const kept = placeCard(data, t(1), { keepVisible: true });
    expect(ids(kept)).toEqual([4, 3, 1]);
    expect(laneCount(kept)).toBe(11);
  });

  it("keeps the pages' sizes, the last one taking the rest", () => {
    const data = laneData([
      { tickets: [t(9), t(8)], count: 4, hasMore: true },
      { tickets: [t(6), t(5)], count: 4, hasMore: false },
    ]);
    const next = placeCard(data, t(7));
    expect(next.pages.map((page) => page.tickets.map((ticket) => ticket.id))).toEqual([[9, 8], [7, 6, 5]]);
    expect(next.pages.map((page) => page.count)).toEqual([5, 5]);
  });
});

describe("removeCard", () => {
  it("takes a card out and counts it down; an absent card changes nothing", () => {
    const data = laneData([{ tickets: [t(4), t(2)], count: 2, hasMore: false }]);
    const next = removeCard(data, 4);
    expect(ids(next)).toEqual([2]);
    expect(laneCount(next)).toBe(1);
    expect(removeCard(data, 99)).toBe(data);
  });
});

describe("cardsOf", () => {
  it("shows a card once when paging brings it again", () => {
    const data = laneData([
      { tickets: [t(4), t(2)], count: 3, hasMore: true },
      { tickets: [t(2), t(1)], count: 3, hasMore: false },
    ]);
    expect(ids(data)).toEqual([4, 2, 1]);
  });
});
