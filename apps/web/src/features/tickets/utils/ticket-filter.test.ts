import { describe, expect, it } from "vitest";
import { makeTicket } from "../test/ticket-fixture.ts";
import { canInsertInto, isTicketVisibleTo, listFilters, type TicketViewer, ticketMatchesFilter, toTicketsQuery } from "./ticket-filter.ts";

const attendant: TicketViewer = { id: 7, profile: "user", allTicket: "desabled", queues: [{ id: 1 }] };
const admin: TicketViewer = { ...attendant, profile: "admin", queues: [] };

describe("isTicketVisibleTo", () => {
  it.each([
    ["an admin, any ticket", admin, { userId: 99, queueId: 5 }, true],
    ["a user, a ticket of their queue", attendant, { userId: null, queueId: 1 }, true],
    ["a user, their own ticket in another queue", attendant, { userId: 7, queueId: 5 }, true],
    ["a user, another queue's ticket", attendant, { userId: null, queueId: 5 }, false],
    ["a user, a ticket without queue (allTicket disabled)", attendant, { userId: null, queueId: null }, false],
    ["a user, a ticket without queue (allTicket enabled)", { ...attendant, allTicket: "enabled" as const }, { userId: null, queueId: null }, true],
  ])("%s → %s", (_case, viewer, ticket, expected) => {
    expect(isTicketVisibleTo(ticket, viewer)).toBe(expected);
  });
});

describe("ticketMatchesFilter", () => {
  it.each([
    ["status", { status: "open" as const }, makeTicket({ status: "pending" }), false],
    ["status", { status: "pending" as const }, makeTicket({ status: "pending" }), true],
    ["assigned user", { users: [7] }, makeTicket({ userId: 8 }), false],
    ["assigned user", { users: [7] }, makeTicket({ userId: null }), false],
    ["queue", { queueIds: [2] }, makeTicket({ queueId: 1 }), false],
    ["queue", { queueIds: [1, 2] }, makeTicket({ queueId: 1 }), true],
    ["tag", { tags: [4] }, makeTicket({ tags: [{ id: 3, name: "VIP", color: "#000" }] }), false],
    ["tag", { tags: [3] }, makeTicket({ tags: [{ id: 3, name: "VIP", color: "#000" }] }), true],
    ["unread", { withUnreadMessages: true }, makeTicket({ unreadMessages: 0 }), false],
    ["visibility", {}, makeTicket({ queueId: 9, userId: null }), false],
  ])("judges the %s filter (%j)", (_name, filter, ticket, expected) => {
    expect(ticketMatchesFilter(ticket, filter, attendant)).toBe(expected);
  });
});

describe("listFilters", () => {
  const choices = { userId: 7, showAll: false, queueIds: [], tags: [], users: [], searchParam: "" };

  it("limits the assigned and closed lists to the user without show-all", () => {
    const filters = listFilters(choices);
    expect(filters.assigned).toEqual({ status: "open", users: [7] });
    expect(filters.pending).toEqual({ status: "pending" });
    expect(filters.closed).toEqual({ status: "closed", users: [7] });
    expect(filters.search).toEqual({ showAll: true });
  });

  it("asks for every ticket with show-all, and carries queues, tags, users and the search text", () => {
    const filters = listFilters({ ...choices, showAll: true, queueIds: [2, 1], tags: [5], users: [3], searchParam: "maria" });
    expect(filters.assigned).toEqual({ status: "open", queueIds: [1, 2], tags: [5], showAll: true });
    expect(filters.pending).toEqual({ status: "pending", queueIds: [1, 2], tags: [5], showAll: true });
    expect(filters.search).toEqual({ queueIds: [1, 2], tags: [5], showAll: true, searchParam: "maria", users: [3] });
  });
});

describe("toTicketsQuery", () => {
  it("sends id lists as JSON arrays and booleans as text", () => {
    expect(toTicketsQuery({ status: "open", users: [7], queueIds: [1, 2], showAll: true, withUnreadMessages: true }, 2)).toEqual({
      pageNumber: 2,
      status: "open",
      searchParam: undefined,
      showAll: "true",
      withUnreadMessages: "true",
      queueIds: "[1,2]",
      tags: undefined,
      users: "[7]",
      date: undefined,
      updatedAt: undefined,
    });
  });

  it("sends the day filters of the search tab", () => {
    const filters = listFilters({ userId: 7, showAll: false, queueIds: [], tags: [], users: [], searchParam: "", date: "2026-11-02", updatedAt: "2026-11-20" });
    expect(filters.assigned).toEqual({ status: "open", users: [7] });
    expect(toTicketsQuery(filters.search, 1)).toMatchObject({ date: "2026-11-02", updatedAt: "2026-11-20" });
  });
});

describe("canInsertInto", () => {
  it.each([
    [{ status: "open" as const }, true],
    [{ searchParam: "maria" }, false],
    [{ date: "2026-11-02" }, false],
    [{ updatedAt: "2026-11-02" }, false],
  ])("lets live events add to %j: %s", (filter, expected) => {
    expect(canInsertInto(filter)).toBe(expected);
  });
});
