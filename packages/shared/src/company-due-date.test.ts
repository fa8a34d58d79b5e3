import { describe, expect, it } from "vitest";
import { type Recurrence, parseDueDate, renewDueDate } from "./company-due-date.ts";

const SAO_PAULO = "America/Sao_Paulo";

describe("renewDueDate", () => {
  it.each<[string, Recurrence, string, string]>([
    ["MENSAL adds 1 month", "MENSAL", "2025-03-10T12:00:00.000Z", "2025-04-10T12:00:00.000Z"],
    ["BIMESTRAL adds 2 months", "BIMESTRAL", "2025-03-10T12:00:00.000Z", "2025-05-10T12:00:00.000Z"],
    ["TRIMESTRAL adds 3 months", "TRIMESTRAL", "2025-03-10T12:00:00.000Z", "2025-06-10T12:00:00.000Z"],
    ["SEMESTRAL adds 6 months", "SEMESTRAL", "2025-03-10T12:00:00.000Z", "2025-09-10T12:00:00.000Z"],
    ["ANUAL adds 12 months", "ANUAL", "2025-03-10T12:00:00.000Z", "2026-03-10T12:00:00.000Z"],
    ["31 January + 1 month is the last day of February", "MENSAL", "2025-01-31T15:00:00.000Z", "2025-02-28T15:00:00.000Z"],
    ["31 January + 1 month in a leap year is 29 February", "MENSAL", "2024-01-31T15:00:00.000Z", "2024-02-29T15:00:00.000Z"],
    ["29 February + 12 months is 28 February", "ANUAL", "2024-02-29T15:00:00.000Z", "2025-02-28T15:00:00.000Z"],
    ["31 August + 6 months is the end of February", "SEMESTRAL", "2025-08-31T15:00:00.000Z", "2026-02-28T15:00:00.000Z"],
    ["30 November + 3 months crosses the year to 28 February", "TRIMESTRAL", "2025-11-30T15:00:00.000Z", "2026-02-28T15:00:00.000Z"],
    ["December + 1 month is January of the next year", "MENSAL", "2025-12-15T15:00:00.000Z", "2026-01-15T15:00:00.000Z"],
    ["31 March + 1 month is 30 April", "MENSAL", "2025-03-31T15:00:00.000Z", "2025-04-30T15:00:00.000Z"],
    // 30 January 22:00 in São Paulo is 31 January 01:00 UTC: the company's calendar decides, not UTC's.
    ["the company's calendar day, not the UTC one", "MENSAL", "2025-01-31T01:00:00.000Z", "2025-03-01T01:00:00.000Z"],
    ["the last evening of January in São Paulo + 1 month is the last evening of February there", "MENSAL", "2025-02-01T02:59:00.000Z", "2025-03-01T02:59:00.000Z"],
  ])("%s", (_label, recurrence, from, to) => {
    expect(renewDueDate(new Date(from), recurrence, SAO_PAULO)?.toISOString()).toBe(to);
  });

  it("keeps the wall-clock time across a change of daylight saving time", () => {
    // 10 March 2025 09:00 in New York is EDT (UTC-4); 10 February was EST (UTC-5).
    expect(renewDueDate(new Date("2025-02-10T14:00:00.000Z"), "MENSAL", "America/New_York")?.toISOString()).toBe("2025-03-10T13:00:00.000Z");
  });

  it("renews only when a date exists: no date stays none", () => {
    expect(renewDueDate(null, "MENSAL", SAO_PAULO)).toBeNull();
    expect(renewDueDate(new Date("not a date"), "ANUAL", SAO_PAULO)).toBeNull();
  });
});

describe("parseDueDate", () => {
  it.each<[string, string | null | undefined, string | null]>([
    ["a date-time in UTC", "2025-05-01T10:30:00.000Z", "2025-05-01T10:30:00.000Z"],
    ["a date-time with an offset", "2025-05-01T10:30:00-03:00", "2025-05-01T13:30:00.000Z"],
    ["a date-time without seconds or offset, read as UTC", "2025-05-01T10:30", "2025-05-01T10:30:00.000Z"],
    ["a date alone, at midnight UTC", "2025-05-01", "2025-05-01T00:00:00.000Z"],
    ["an empty text", "", null],
    ["blanks", "   ", null],
    ["null", null, null],
    ["nothing", undefined, null],
    ["words", "amanhã", null],
    ["a day the month lacks", "2025-02-30", null],
    ["month 13", "2025-13-01", null],
    ["hour 24", "2025-05-01T24:00", null],
    ["a Brazilian date", "01/05/2025", null],
    ["a number of milliseconds", "1746095400000", null],
    ["an offset past 14 hours", "2025-05-01T10:30:00+15:00", null],
  ])("%s → %s", (_label, value, expected) => {
    expect(parseDueDate(value)?.toISOString() ?? null).toBe(expected);
  });
});
