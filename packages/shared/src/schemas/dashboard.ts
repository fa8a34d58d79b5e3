import { z } from "zod";
import { DASHBOARD_PERIODS } from "../constants.ts";

export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

/** The longest period the dashboard answers, both ends counted: a leap year. */
export const DASHBOARD_MAX_RANGE_DAYS = 366;

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Milliseconds at UTC midnight of a YYYY-MM-DD calendar day, or null when the text is not a real day. */
function dayValue(text: string): number | null {
  const match = DAY_PATTERN.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const value = Date.UTC(year, month - 1, day);
  const date = new Date(value);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? value : null;
}

/** Whether a text is a real calendar day written YYYY-MM-DD (2025-02-30 is not). */
export function isCalendarDay(text: string): boolean {
  return dayValue(text) !== null;
}

/** How many days a from/to pair covers, both ends counted (2025-03-10..2025-03-10 is 1); null when either is not a day. */
export function daysCovered(from: string, to: string): number | null {
  const start = dayValue(from);
  const end = dayValue(to);
  return start === null || end === null ? null : Math.round((end - start) / DAY_MS) + 1;
}

/** The calendar day `offset` days after (negative: before) a YYYY-MM-DD day. */
export function shiftDay(day: string, offset: number): string {
  const value = dayValue(day);
  if (value === null) throw new Error(`not a calendar day: ${day}`);
  return new Date(value + offset * DAY_MS).toISOString().slice(0, 10);
}

/** A from/to pair of days that makes a dashboard period: from ≤ to, at most DASHBOARD_MAX_RANGE_DAYS days. */
export function isValidDayRange(from: string, to: string): boolean {
  const covered = daysCovered(from, to);
  return covered !== null && covered >= 1 && covered <= DASHBOARD_MAX_RANGE_DAYS;
}

/** A calendar day on the wire (YYYY-MM-DD), in the company's time zone. */
export const ZCalendarDay = z.string().regex(DAY_PATTERN, "YYYY-MM-DD").refine(isCalendarDay, "Not a calendar day");

/**
 * Query of GET /dashboard as it arrives: loose strings, so that a filter the product cannot use answers
 * ERR_DASHBOARD_FILTER ('Parametrize o filtro', spec core §5) rather than ERR_VALIDATION.
 */
export const ZDashboardQuery = z.object({
  /** Last N days, today included: one of DASHBOARD_PERIODS. */
  days: z.string().max(10).optional(),
  /** First day of a range (YYYY-MM-DD), with date_to. */
  date_from: z.string().max(10).optional(),
  /** Last day of a range (YYYY-MM-DD), inclusive to the end of that day. */
  date_to: z.string().max(10).optional(),
});
export type DashboardQuery = z.infer<typeof ZDashboardQuery>;

/** The period a dashboard query asks for. */
export type DashboardFilter = { kind: "days"; days: DashboardPeriod } | { kind: "range"; from: string; to: string };

function isDashboardPeriod(value: number): value is DashboardPeriod {
  return DASHBOARD_PERIODS.some((period) => period === value);
}

/**
 * Reads a dashboard query: `days` when given (it must be one of 3, 7, 15, 30, 60, 90), otherwise the
 * date_from/date_to pair (real days, from ≤ to, at most DASHBOARD_MAX_RANGE_DAYS days). Null when
 * neither makes a valid period: the user sees 'Parametrize o filtro'.
 */
export function parseDashboardFilter(query: DashboardQuery): DashboardFilter | null {
  const days = query.days?.trim();
  if (days) {
    const value = /^\d{1,3}$/.test(days) ? Number(days) : Number.NaN;
    return isDashboardPeriod(value) ? { kind: "days", days: value } : null;
  }
  const from = query.date_from?.trim() ?? "";
  const to = query.date_to?.trim() ?? "";
  return isValidDayRange(from, to) ? { kind: "range", from, to } : null;
}

/** Query of the two dashboard charts: a range of days in the company's time zone, both inclusive. */
export const ZDashboardChartQuery = z
  .object({ initialDate: ZCalendarDay, finalDate: ZCalendarDay })
  .refine((query) => isValidDayRange(query.initialDate, query.finalDate), {
    message: `initialDate must not be after finalDate, and the range must not exceed ${DASHBOARD_MAX_RANGE_DAYS} days`,
    path: ["finalDate"],
  });
export type DashboardChartQuery = z.infer<typeof ZDashboardChartQuery>;

/** Dashboard counters (spec core §3); times in minutes, one decimal; 0 when nothing was measured. */
export const ZDashboardCounters = z.object({
  /** Tickets open right now (being attended), whatever their creation date. */
  supportHappening: z.number().int(),
  /** Tickets pending right now (waiting for an attendant), whatever their creation date. */
  supportPending: z.number().int(),
  /** Tickets closed within the period. */
  supportFinished: z.number().int(),
  /** Mean of closedAt − acceptedAt over the tickets closed within the period that a person accepted. */
  avgSupportTime: z.number(),
  /** Mean of acceptedAt − createdAt over the tickets created within the period that a person accepted. */
  avgWaitTime: z.number(),
  /**
   * Campaign messages sent within the period (recipients a campaign reached). Campaign sends are not
   * tickets: they count here, never among the tickets above.
   */
  campaignMessagesSent: z.number().int(),
  /** Super users only: CONNECTED connections of the whole installation. */
  totalWhatsappSessions: z.number().int().optional(),
  /** Super users only: companies of the whole installation. */
  totalCompanies: z.number().int().optional(),
});
export type DashboardCounters = z.infer<typeof ZDashboardCounters>;

/** One attendant row (spec core §3): every user of the company. */
export const ZDashboardAttendant = z.object({
  id: z.number(),
  name: z.string(),
  /** Mean of the ratings (1 to 3) the attendant received within the period, one decimal; null without ratings. */
  rating: z.number().nullable(),
  /** Mean support time (minutes, one decimal) of the attendant's tickets closed within the period; null without any. */
  avgSupportTime: z.number().nullable(),
  online: z.boolean(),
});
export type DashboardAttendant = z.infer<typeof ZDashboardAttendant>;

export const ZDashboardResponse = z.object({
  counters: ZDashboardCounters,
  attendants: z.array(ZDashboardAttendant),
  /** The period the figures cover: local days, both inclusive, and the company's time zone. */
  period: z.object({ from: z.string(), to: z.string(), timezone: z.string() }),
});
export type DashboardResponse = z.infer<typeof ZDashboardResponse>;

/**
 * GET /dashboard/ticketsDay: tickets created per local hour (`horario` "00".."23") when the range is one
 * day, per local day (`data` YYYY-MM-DD) otherwise; every bucket of the range is present; `count` is the total.
 */
export const ZTicketsDayResponse = z.discriminatedUnion("granularity", [
  z.object({ granularity: z.literal("hour"), count: z.number().int(), data: z.array(z.object({ horario: z.string(), total: z.number().int() })) }),
  z.object({ granularity: z.literal("day"), count: z.number().int(), data: z.array(z.object({ data: z.string(), total: z.number().int() })) }),
]);
export type TicketsDayResponse = z.infer<typeof ZTicketsDayResponse>;

/** GET /dashboard/ticketsUsers: tickets created within the range per attendant now assigned, most first. */
export const ZTicketsUsersResponse = z.object({ data: z.array(z.object({ nome: z.string(), quantidade: z.number().int() })) });
export type TicketsUsersResponse = z.infer<typeof ZTicketsUsersResponse>;
