import { describe, expect, it } from "vitest";
import { ageLabel, waitingTime } from "./age-label.ts";

const now = new Date("2025-05-10T12:00:00.000Z");
const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

describe("ageLabel", () => {
  it.each([
    [0, "agora", null],
    [1, "1 min", null],
    [2, "2 min", null],
    [3, "3 min", "green"],
    [10, "10 min", "green"],
    [11, "11 min", null],
    [29, "29 min", null],
    [30, "30 min", "orange"],
    [59, "59 min", "orange"],
    [60, "60 min", null],
    [61, "1 h", "red"],
    [125, "2 h", "red"],
    [23 * 60 + 59, "23 h", "red"],
    [24 * 60, "1 dia", "red"],
    [3 * 24 * 60 + 5, "3 dias", "red"],
  ])("labels an interaction %i minutes ago as %s (colour %s)", (minutes, text, color) => {
    expect(ageLabel(ago(minutes), now)).toEqual({ text, color });
  });

  it("treats a time slightly in the future (clock skew) as now", () => {
    expect(ageLabel(new Date(now.getTime() + 30_000).toISOString(), now)).toEqual({ text: "agora", color: null });
  });

  it("gives an empty label for an invalid date", () => {
    expect(ageLabel("not a date", now)).toEqual({ text: "", color: null });
  });
});

describe("waitingTime", () => {
  it.each([
    [0, "agora"],
    [1, "1 min"],
    [59, "59 min"],
    [60, "1 h 00 min"],
    [125, "2 h 05 min"],
    [24 * 60 - 1, "23 h 59 min"],
    [24 * 60, "1 dia"],
    [3 * 24 * 60 + 70, "3 dias"],
  ])("%i minutes waiting read %j", (minutes, text) => {
    expect(waitingTime(ago(minutes), now)).toBe(text);
  });

  it("reads nothing of an unreadable date", () => {
    expect(waitingTime("nope", now)).toBe("");
  });
});
