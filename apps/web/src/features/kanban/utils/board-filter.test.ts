import { describe, expect, it } from "vitest";
import { type BoardFilter, type BoardViewer, countLabel, isOnBoard, laneOfTicket, toKanbanQuery } from "./board-filter.ts";

const attendant: BoardViewer = { id: 7, profile: "user", allTicket: "desabled", queues: [{ id: 1 }] };
const attendantAll: BoardViewer = { ...attendant, allTicket: "enabled" };
const admin: BoardViewer = { id: 2, profile: "admin", allTicket: "desabled", queues: [] };
const own: BoardFilter = { queueIds: [], showAll: false };
const all: BoardFilter = { queueIds: [], showAll: true };

describe("isOnBoard", () => {
  it.each([
    ["an open ticket of her queue", attendant, own, { queueId: 1, userId: null, status: "open" }, true],
    ["a pending ticket of her queue", attendant, own, { queueId: 1, userId: null, status: "pending" }, true],
    ["a resolved ticket of her queue", attendant, own, { queueId: 1, userId: null, status: "closed" }, false],
    ["a ticket of another queue", attendant, own, { queueId: 2, userId: null, status: "open" }, false],
    ["her own ticket in another queue", attendant, own, { queueId: 2, userId: 7, status: "open" }, true],
    ["a ticket without a queue", attendant, own, { queueId: null, userId: null, status: "pending" }, false],
    ["a ticket without a queue, allTicket on", attendantAll, own, { queueId: null, userId: null, status: "pending" }, true],
    ["a ticket without a queue, for an admin", admin, own, { queueId: null, userId: null, status: "pending" }, true],
    ["another queue's ticket, for an admin without showAll", admin, own, { queueId: 2, userId: null, status: "open" }, false],
    ["another queue's ticket, with showAll", admin, all, { queueId: 2, userId: null, status: "open" }, true],
    ["a queue outside the filter", admin, { queueIds: [1], showAll: true }, { queueId: 2, userId: null, status: "open" }, false],
    ["no queue, with a queue filter", admin, { queueIds: [1], showAll: true }, { queueId: null, userId: null, status: "open" }, false],
    ["her queue, within the filter", attendant, { queueIds: [1], showAll: false }, { queueId: 1, userId: null, status: "open" }, true],
  ] as const)("%s → %s", (_label, viewer, filter, ticket, expected) => {
    expect(isOnBoard(ticket, filter, viewer)).toBe(expected);
  });
});

describe("laneOfTicket", () => {
  const tag = (id: number) => ({ id, name: `Tag ${id}`, color: "#000" });
  it.each([
    ["no tags: 'Em aberto'", [], null],
    ["plain tags only: 'Em aberto'", [tag(9)], null],
    ["a lane's tag among plain ones", [tag(9), tag(5)], 5],
    ["two lanes' tags: the first lane", [tag(6), tag(5)], 5],
  ] as const)("%s", (_label, tags, expected) => {
    expect(laneOfTicket({ tags: [...tags] }, [5, 6])).toBe(expected);
  });
});

describe("toKanbanQuery", () => {
  it("asks for 'Em aberto' as untagged, a lane by its tag, queues as JSON and showAll only when on", () => {
    expect(toKanbanQuery({ queueIds: [], showAll: false }, null, 1)).toEqual({ pageNumber: 1, tagId: undefined, untagged: "true", queueIds: undefined, showAll: undefined });
    expect(toKanbanQuery({ queueIds: [1, 3], showAll: true }, 5, 2)).toEqual({ pageNumber: 2, tagId: 5, untagged: undefined, queueIds: "[1,3]", showAll: "true" });
  });
});

describe("countLabel", () => {
  it.each([
    [0, "0"],
    [999, "999"],
    [1000, "999+"],
  ])("%s → %s", (count, expected) => {
    expect(countLabel(count)).toBe(expected);
  });
});
