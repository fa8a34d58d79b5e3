import { type DashboardFilter, shiftDay } from "@conversa/shared";

/** The local days (both inclusive) a filter covers, given the company's current local day. */
export function periodDays(filter: DashboardFilter, today: string): { from: string; to: string } {
  if (filter.kind === "range") return { from: filter.from, to: filter.to };
  return { from: shiftDay(today, 1 - filter.days), to: today };
}

/** Every local hour "00".."23" with its total, from totals per hour 0..23 (0 where no ticket was created). */
export function fillHours(counted: readonly { bucket: number; total: number }[]): { horario: string; total: number }[] {
  const totals = new Map(counted.map((row) => [row.bucket, row.total]));
  return Array.from({ length: 24 }, (_, hour) => ({ horario: String(hour).padStart(2, "0"), total: totals.get(hour) ?? 0 }));
}

/**
 * Every local day from `from` to `to` (YYYY-MM-DD) with its total, from totals per day offset
 * (0 is `from`; 0 where no ticket was created).
 */
export function fillDays(counted: readonly { bucket: number; total: number }[], from: string, to: string): { data: string; total: number }[] {
  const totals = new Map(counted.map((row) => [row.bucket, row.total]));
  const days: { data: string; total: number }[] = [];
  for (let offset = 0, day = from; day <= to; offset += 1, day = shiftDay(day, 1)) days.push({ data: day, total: totals.get(offset) ?? 0 });
  return days;
}
