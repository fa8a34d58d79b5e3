import { describe, expect, it } from "vitest";
import { daysToDueDate, dueDateTone } from "./due-date-tone.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = new Date("2025-06-15T12:00:00");

describe("dueDateTone (spec admin §2, §9)", () => {
  it.each([
    [30, null],
    [6, null],
    [5, "yellow"],
    [4, "orange"],
    [1, "orange"],
    [0, "orange"],
    [-1, "orange"],
    [-3, "orange"],
    [-4, "red"],
    [-5, "red"],
    [-400, "red"],
    [null, null],
  ] as const)("%s days to the due date → %s", (days, tone) => {
    expect(dueDateTone(days)).toBe(tone);
  });
});

describe("daysToDueDate", () => {
  it.each([
    ["5 days and 23 hours ahead", 5 * DAY + 23 * HOUR, 5],
    ["exactly 5 days ahead", 5 * DAY, 5],
    ["4 days and 23 hours ahead", 4 * DAY + 23 * HOUR, 4],
    ["an hour ahead", HOUR, 0],
    ["an hour ago", -HOUR, 0],
    ["3 days and 23 hours ago", -(3 * DAY + 23 * HOUR), -3],
    ["exactly 4 days ago", -4 * DAY, -4],
  ])("%s is %i whole days", (_label, offset, days) => {
    expect(daysToDueDate(new Date(now.getTime() + offset), now)).toBe(days);
  });

  it("tints by whole days: 5 days and 23 hours ahead is still yellow, 3 days and 23 hours past still orange", () => {
    expect(dueDateTone(daysToDueDate(new Date(now.getTime() + 5 * DAY + 23 * HOUR), now))).toBe("yellow");
    expect(dueDateTone(daysToDueDate(new Date(now.getTime() + 6 * DAY), now))).toBeNull();
    expect(dueDateTone(daysToDueDate(new Date(now.getTime() - (3 * DAY + 23 * HOUR)), now))).toBe("orange");
    expect(dueDateTone(daysToDueDate(new Date(now.getTime() - 4 * DAY), now))).toBe("red");
  });
});
