import { type DashboardChartQuery, type DashboardQuery, ZDashboardChartQuery } from "@conversa/shared";
import { format, startOfMonth } from "date-fns";

/** The period form: `days` empty means the from/to dates apply. */
export interface PeriodForm {
  days: string;
  dateFrom: string;
  dateTo: string;
}

/** A day of the browser's calendar as YYYY-MM-DD. */
export function toDay(date: Date): string {
  return format(date, "yyyy-MM-dd");
}

/** The first of the month to today: the dashboard's starting period, also the charts' starting range. */
export function monthToDate(today: Date = new Date()): { from: string; to: string } {
  return { from: toDay(startOfMonth(today)), to: toDay(today) };
}

/** The query GET /dashboard receives for a form: the last N days when chosen, else the two dates. */
export function toDashboardQuery(form: PeriodForm): DashboardQuery {
  return form.days ? { days: form.days } : { date_from: form.dateFrom, date_to: form.dateTo };
}

/** A chart's range when its two dates make one (one to 366 days, from not after to), else null. */
export function toChartRange(from: string, to: string): DashboardChartQuery | null {
  const parsed = ZDashboardChartQuery.safeParse({ initialDate: from, finalDate: to });
  return parsed.success ? parsed.data : null;
}
