import { describe, expect, it } from "vitest";
import { fillDays, fillHours, periodDays } from "./dashboard.period.ts";

describe("periodDays", () => {
  it.each([
    [{ kind: "days", days: 3 } as const, "2025-03-10", { from: "2025-03-08", to: "2025-03-10" }],
    [{ kind: "days", days: 7 } as const, "2025-03-01", { from: "2025-02-23", to: "2025-03-01" }],
    [{ kind: "days", days: 90 } as const, "2024-03-31", { from: "2024-01-02", to: "2024-03-31" }],
    [{ kind: "range", from: "2025-01-01", to: "2025-01-31" } as const, "2025-03-10", { from: "2025-01-01", to: "2025-01-31" }],
  ])("%o on %s covers %o", (filter, today, expected) => {
    expect(periodDays(filter, today)).toEqual(expected);
  });
});

describe("fillHours", () => {
  it("gives all 24 hours, zero where nothing was counted", () => {
    const hours = fillHours([{ bucket: 0, total: 2 }, { bucket: 23, total: 5 }]);
    expect(hours).toHaveLength(24);
    expect(hours[0]).toEqual({ horario: "00", total: 2 });
    expect(hours[9]).toEqual({ horario: "09", total: 0 });
    expect(hours[23]).toEqual({ horario: "23", total: 5 });
  });
});

describe("fillDays", () => {
  it("gives every day of the range across a month and a leap day", () => {
    expect(fillDays([{ bucket: 2, total: 4 }], "2024-02-28", "2024-03-01")).toEqual([
      { data: "2024-02-28", total: 0 },
      { data: "2024-02-29", total: 0 },
      { data: "2024-03-01", total: 4 },
    ]);
  });
});
