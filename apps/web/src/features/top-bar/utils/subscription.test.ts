import { describe, expect, it } from "vitest";
import { activeTrialEnd, daysUntilDue, dueWarningDays } from "./subscription.ts";

const now = new Date(2025, 5, 10, 15, 30);

describe("daysUntilDue", () => {
  it.each([
    ["2025-06-10", 0],
    ["2025-06-11", 1],
    ["2025-06-14T09:00:00", 4],
    ["2025-06-15", 5],
    ["2025-07-10", 30],
    ["2025-06-08", -2],
  ])("due %s → %i calendar days", (dueDate, expected) => {
    expect(daysUntilDue(dueDate, now)).toBe(expected);
  });

  it("is null without a valid date", () => {
    expect(daysUntilDue(null, now)).toBeNull();
    expect(daysUntilDue("", now)).toBeNull();
    expect(daysUntilDue("not a date", now)).toBeNull();
  });
});

describe("dueWarningDays", () => {
  it.each([
    ["2025-06-14", 4],
    ["2025-06-11", 1],
    ["2025-06-10", 0],
    ["2025-06-01", 0],
  ])("warns when fewer than 5 days remain: due %s → N = %i", (dueDate, expected) => {
    expect(dueWarningDays(dueDate, now)).toBe(expected);
  });

  it.each(["2025-06-15", "2026-01-01"])("does not warn with 5 or more days left (due %s)", (dueDate) => {
    expect(dueWarningDays(dueDate, now)).toBeNull();
  });

  it("does not warn without a due date", () => {
    expect(dueWarningDays(null, now)).toBeNull();
  });
});

describe("activeTrialEnd", () => {
  it("is the trial's end while it is ahead", () => {
    expect(activeTrialEnd("2025-06-13T15:30:00.000Z", new Date("2025-06-10T15:30:00.000Z"))).toEqual(new Date("2025-06-13T15:30:00.000Z"));
    expect(activeTrialEnd("2025-06-10T15:30:01.000Z", new Date("2025-06-10T15:30:00.000Z"))).not.toBeNull();
  });

  it.each([["2025-06-10T15:30:00.000Z"], ["2025-06-01T00:00:00.000Z"], [null], [""], ["not a date"]])("is null for %s, which is not ahead", (trial) => {
    expect(activeTrialEnd(trial, new Date("2025-06-10T15:30:00.000Z"))).toBeNull();
  });
});
