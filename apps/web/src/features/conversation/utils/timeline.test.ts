import { describe, expect, it } from "vitest";
import { message } from "../testing/fixtures.ts";
import { buildTimeline } from "./timeline.ts";

// Local times, so that day boundaries do not depend on the machine's time zone.
const at = (day: number, hour: number) => new Date(2025, 2, day, hour, 0, 0).toISOString();
const now = new Date(2025, 2, 12, 18, 0, 0);

function kinds(items: ReturnType<typeof buildTimeline>): string[] {
  return items.map((item) => {
    switch (item.kind) {
      case "day":
        return `day ${item.day}${item.isToday ? " (today)" : ""}`;
      case "ticketEnded":
        return `ended #${item.ticketId}`;
      case "ticketStarted":
        return `started #${item.ticketId}`;
      case "message":
        return `message ${item.message.id}`;
      case "activity":
        return `${item.activity.kind} ${item.activity.id}`;
    }
  });
}

describe("buildTimeline", () => {
  it("draws nothing for an empty conversation", () => {
    expect(buildTimeline([], now)).toEqual([]);
  });

  it("puts a day separator before the first message of each day", () => {
    const items = buildTimeline(
      [message({ id: 1, createdAt: at(10, 9) }), message({ id: 2, createdAt: at(10, 23) }), message({ id: 3, createdAt: at(11, 0) })],
      now,
    );
    expect(kinds(items)).toEqual(["day 2025-03-10", "message 1", "message 2", "day 2025-03-11", "message 3"]);
  });

  it("marks today's separator", () => {
    const items = buildTimeline([message({ id: 1, createdAt: at(11, 9) }), message({ id: 2, createdAt: at(12, 8) })], now);
    expect(kinds(items)).toEqual(["day 2025-03-11", "message 1", "day 2025-03-12 (today)", "message 2"]);
  });

  it("draws 'ended' and 'started' dividers where the ticket changes", () => {
    const items = buildTimeline(
      [
        message({ id: 1, ticketId: 3, createdAt: at(10, 9) }),
        message({ id: 2, ticketId: 3, createdAt: at(10, 10) }),
        message({ id: 3, ticketId: 5, createdAt: at(10, 11) }),
        message({ id: 4, ticketId: 5, createdAt: at(10, 12) }),
      ],
      now,
    );
    expect(kinds(items)).toEqual(["day 2025-03-10", "message 1", "message 2", "ended #3", "started #5", "message 3", "message 4"]);
  });

  it("puts the day separator between the dividers when the new ticket starts on another day", () => {
    const items = buildTimeline([message({ id: 1, ticketId: 3, createdAt: at(10, 9) }), message({ id: 2, ticketId: 5, createdAt: at(12, 9) })], now);
    expect(kinds(items)).toEqual(["day 2025-03-10", "message 1", "ended #3", "day 2025-03-12 (today)", "started #5", "message 2"]);
  });

  it("gives every row a distinct key", () => {
    const items = buildTimeline(
      [message({ id: 1, ticketId: 3, createdAt: at(10, 9) }), message({ id: 2, ticketId: 5, createdAt: at(10, 9) }), message({ id: 3, ticketId: 3, createdAt: at(11, 9) })],
      now,
    );
    expect(new Set(items.map((item) => item.key)).size).toBe(items.length);
  });

  it("puts the activity lines among the messages by time, with their own day separator, before a message of the same instant", () => {
    const activity = (id: number, kind: "accepted" | "resolved", createdAt: string) => ({ id, ticketId: 3, kind, user: { id: 1, name: "Ana" }, toQueue: null, toUser: null, createdAt });
    const items = buildTimeline(
      [message({ id: 1, createdAt: at(10, 9) }), message({ id: 2, createdAt: at(10, 11) })],
      now,
      [activity(7, "accepted", at(10, 10)), activity(8, "accepted", at(10, 11)), activity(9, "resolved", at(12, 8))],
    );
    expect(kinds(items)).toEqual(["day 2025-03-10", "message 1", "accepted 7", "accepted 8", "message 2", "day 2025-03-12 (today)", "resolved 9"]);
  });
});
