import { es, ptBR } from "date-fns/locale";
import { describe, expect, it } from "vitest";
import { isInRange, visibleRange } from "./calendar-range.ts";

const local = (y: number, m: number, d: number, h = 0) => new Date(y, m - 1, d, h);

describe("visibleRange", () => {
  it.each([
    // March 2025 starts on a Saturday: the month view shows from Sunday 23 February (pt-BR weeks start on Sunday) to Saturday 5 April.
    ["month", ptBR, local(2025, 3, 15), local(2025, 2, 22), local(2025, 4, 7)],
    // Spanish weeks start on Monday: Monday 24 February to Sunday 6 April.
    ["month", es, local(2025, 3, 15), local(2025, 2, 23), local(2025, 4, 8)],
    ["week", ptBR, local(2025, 3, 12, 15), local(2025, 3, 8), local(2025, 3, 17)],
    ["day", ptBR, local(2025, 3, 12, 15), local(2025, 3, 11), local(2025, 3, 14)],
  ] as const)("a %s view covers what it shows, a day more on each side", (view, locale, date, start, end) => {
    expect(visibleRange(date, view, locale)).toEqual({ start: start.toISOString(), end: end.toISOString() });
  });

  it("never exceeds the 62 days the list call accepts", () => {
    const range = visibleRange(local(2025, 8, 31), "month", ptBR);
    expect(Date.parse(range.end) - Date.parse(range.start)).toBeLessThanOrEqual(62 * 86_400_000);
  });
});

describe("isInRange", () => {
  const range = { start: "2025-03-01T00:00:00.000Z", end: "2025-03-02T00:00:00.000Z" };
  it.each([
    ["2025-03-01T00:00:00.000Z", true],
    ["2025-03-01T23:59:59.999Z", true],
    ["2025-03-02T00:00:00.000Z", false],
    ["2025-02-28T23:59:59.999Z", false],
  ])("%s → %s", (instant, expected) => {
    expect(isInRange(instant, range)).toBe(expected);
  });
});
