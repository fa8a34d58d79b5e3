import { describe, expect, it } from "vitest";
import { type TicketTagLink, planKanbanClear, planTagAdd, planTagSync } from "./ticket-tags.rules.ts";

// Tags 1 and 2 are kanban lanes; 7 and 8 are plain tags.
const lane = (tagId: number): TicketTagLink => ({ tagId, kanban: true });
const plain = (tagId: number): TicketTagLink => ({ tagId, kanban: false });
const ref = (link: TicketTagLink) => ({ id: link.tagId, kanban: link.kanban });

describe("planTagAdd", () => {
  it.each([
    ["a lane's tag on a ticket without one", [plain(7)], lane(1), { remove: [], add: [1] }],
    ["a lane's tag in place of another lane's", [lane(2), plain(7)], lane(1), { remove: [2], add: [1] }],
    ["a lane's tag in place of two (flags changed since)", [lane(2), lane(3), plain(7)], lane(1), { remove: [2, 3], add: [1] }],
    ["the lane's tag the ticket already has", [lane(1), plain(7)], lane(1), { remove: [], add: [] }],
    ["a plain tag beside the lane's", [lane(2)], plain(8), { remove: [], add: [8] }],
  ])("%s", (_label, current, tag, expected) => {
    expect(planTagAdd(current, ref(tag))).toEqual(expected);
  });
});

describe("planKanbanClear", () => {
  it.each([
    ["removes the lane's tag and keeps plain tags", [lane(1), plain(7), plain(8)], { remove: [1], add: [] }],
    ["changes nothing on a ticket in 'Em aberto'", [plain(7)], { remove: [], add: [] }],
    ["removes every lane's tag", [lane(1), lane(2)], { remove: [1, 2], add: [] }],
  ])("%s", (_label, current, expected) => {
    expect(planKanbanClear(current)).toEqual(expected);
  });
});

describe("planTagSync", () => {
  it.each([
    ["plain tags replaced", [plain(7)], [plain(8)], { remove: [7], add: [8] }],
    ["one lane's tag kept among plain ones", [lane(1)], [lane(1), plain(7)], { remove: [], add: [7] }],
    ["a second lane's tag picked: the new one wins", [lane(1)], [lane(1), lane(2)], { remove: [1], add: [2] }],
    ["the new one wins wherever it is asked", [lane(2)], [lane(1), lane(2)], { remove: [2], add: [1] }],
    ["two new lanes' tags: the last one asked for", [], [lane(1), lane(2), plain(7)], { remove: [], add: [2, 7] }],
    ["two lanes' tags already carried: the last one asked for", [lane(1), lane(2)], [lane(1), lane(2)], { remove: [1], add: [] }],
    ["everything removed", [lane(1), plain(7)], [], { remove: [1, 7], add: [] }],
  ])("%s", (_label, current, requested, expected) => {
    expect(planTagSync(current, requested.map(ref))).toEqual(expected);
  });
});
