import { describe, expect, it } from "vitest";
import { ZDashboardChartQuery, daysCovered, isCalendarDay, parseDashboardFilter, shiftDay } from "./dashboard.ts";

describe("parseDashboardFilter", () => {
  it.each([
    [{ days: "7" }, { kind: "days", days: 7 }],
    [{ days: "90", date_from: "2025-01-01", date_to: "2025-01-02" }, { kind: "days", days: 90 }],
    [{ date_from: "2025-03-10", date_to: "2025-03-10" }, { kind: "range", from: "2025-03-10", to: "2025-03-10" }],
    [{ days: "", date_from: "2024-01-01", date_to: "2024-12-31" }, { kind: "range", from: "2024-01-01", to: "2024-12-31" }],
  ])("reads %o as %o", (query, expected) => {
    expect(parseDashboardFilter(query)).toEqual(expected);
  });

  it.each([
    [{}],
    [{ days: "5" }],
    [{ days: "07x" }],
    [{ days: "0" }],
    [{ date_from: "2025-03-10" }],
    [{ date_from: "2025-03-11", date_to: "2025-03-10" }],
    [{ date_from: "2023-02-29", date_to: "2023-03-01" }],
    [{ date_from: "10/03/2025", date_to: "11/03/2025" }],
    [{ date_from: "2024-01-01", date_to: "2025-01-01" }],
  ])("finds no valid period in %o ('Parametrize o filtro')", (query) => {
    expect(parseDashboardFilter(query)).toBeNull();
  });
});

describe("calendar days", () => {
  it.each([
    ["2024-02-29", true],
    ["2025-02-29", false],
    ["2025-04-31", false],
    ["2025-12-31", true],
    ["2025-1-01", false],
  ])("%s is a calendar day: %s", (text, expected) => {
    expect(isCalendarDay(text)).toBe(expected);
  });

  it("counts both ends and shifts across months", () => {
    expect(daysCovered("2025-03-10", "2025-03-10")).toBe(1);
    expect(daysCovered("2025-02-27", "2025-03-02")).toBe(4);
    expect(shiftDay("2025-03-01", -1)).toBe("2025-02-28");
    expect(shiftDay("2024-12-31", 1)).toBe("2025-01-01");
  });

  it("accepts chart ranges of one to 366 days only", () => {
    expect(ZDashboardChartQuery.safeParse({ initialDate: "2025-03-10", finalDate: "2025-03-10" }).success).toBe(true);
    expect(ZDashboardChartQuery.safeParse({ initialDate: "2025-03-10", finalDate: "2025-03-09" }).success).toBe(false);
    expect(ZDashboardChartQuery.safeParse({ initialDate: "2024-01-01", finalDate: "2025-01-01" }).success).toBe(false);
  });
});
