import { describe, expect, it } from "vitest";
import { message } from "../testing/fixtures.ts";
import { appendActivity, appendMessages, flattenActivities, flattenPages, type MessagePages, replaceMessage, ticketIdsOf } from "./message-cache.ts";

const ticketRef = { id: 5, uuid: "u", status: "open" };

function pages(...lists: number[][]): MessagePages {
  return {
    pages: lists.map((ids) => ({
      messages: ids.map((id) => message({ id, createdAt: new Date(Date.UTC(2025, 2, 10, 12, id)).toISOString() })),
      activities: [],
      ticket: ticketRef,
      count: 40,
      hasMore: true,
    })),
    pageParams: lists.map((_, i) => i + 1),
  };
}

describe("flattenPages", () => {
  it("puts older pages first and keeps each message once", () => {
    expect(flattenPages(pages([3, 4, 5], [1, 2, 3])).map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it("answers an empty list before the first page", () => {
    expect(flattenPages(undefined)).toEqual([]);
  });
});

describe("appendMessages", () => {
  it("adds a new message to the newest page", () => {
    const next = appendMessages(pages([3, 4], [1, 2]), [message({ id: 9, createdAt: "2025-03-10T13:00:00.000Z" })]);
    expect(flattenPages(next).map((m) => m.id)).toEqual([1, 2, 3, 4, 9]);
  });

  it("does not add a message twice (the answer of the send and the realtime event)", () => {
    const once = appendMessages(pages([3]), [message({ id: 9, ack: 0 })]);
    const twice = appendMessages(once, [message({ id: 9, ack: 1 })]);
    expect(flattenPages(twice).filter((m) => m.id === 9)).toEqual([expect.objectContaining({ ack: 1 })]);
  });
});

describe("replaceMessage", () => {
  it("replaces a cached message in any page", () => {
    const next = replaceMessage(pages([3, 4], [1, 2]), message({ id: 2, isDeleted: true }));
    expect(flattenPages(next).find((m) => m.id === 2)?.isDeleted).toBe(true);
  });

  it("leaves the cache unchanged for an unknown message", () => {
    const data = pages([3, 4]);
    expect(replaceMessage(data, message({ id: 99 }))).toBe(data);
  });
});

describe("ticketIdsOf", () => {
  it("collects the tickets of the conversation", () => {
    const data = pages([1]);
    data.pages[0]?.messages.push(message({ id: 2, ticketId: 3 }));
    expect([...ticketIdsOf(data)].sort()).toEqual([3, 5]);
  });
});

describe("activities", () => {
  const activity = (id: number, minute: number) => ({ id, ticketId: 5, kind: "accepted" as const, user: null, toQueue: null, toUser: null, createdAt: new Date(Date.UTC(2025, 2, 10, 12, minute)).toISOString() });

  it("lists the activities of every page once, oldest first, and adds a new one to the newest page once", () => {
    const data = pages([3, 4], [1, 2]);
    data.pages[0]!.activities = [activity(8, 4), activity(7, 2)];
    data.pages[1]!.activities = [activity(7, 2), activity(6, 1)];
    expect(flattenActivities(data).map((a) => a.id)).toEqual([6, 7, 8]);
    const added = appendActivity(appendActivity(data, activity(9, 5)), activity(9, 5));
    expect(flattenActivities(added).map((a) => a.id)).toEqual([6, 7, 8, 9]);
    expect(added?.pages[0]?.activities.map((a) => a.id)).toEqual([8, 7, 9]);
  });
});
