import { describe, expect, it } from "vitest";
import { formatMinutes } from "./format-minutes.ts";

describe("formatMinutes", () => {
  it.each([
    [0, "00h 00m"],
    [0.4, "00h 00m"],
    [0.5, "00h 01m"],
    [5, "00h 05m"],
    [59.6, "01h 00m"],
    [65, "01h 05m"],
    [190, "03h 10m"],
    [13.6, "00h 14m"],
    [1439, "23h 59m"],
    [1440, "24h 00m"],
    [6000, "100h 00m"],
    [-3, "00h 00m"],
    [Number.NaN, "00h 00m"],
  ])("%s minutes read %s", (minutes, text) => {
    expect(formatMinutes(minutes)).toBe(text);
  });
});
