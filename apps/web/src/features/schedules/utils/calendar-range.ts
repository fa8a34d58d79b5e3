import { addDays, endOfMonth, endOfWeek, type Locale, startOfDay, startOfMonth, startOfWeek } from "date-fns";

export const CALENDAR_VIEWS = ["month", "week", "day"] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** A range of sendAt as the list call takes it: ISO instants, `end` excluded. */
export interface CalendarRange {
  start: string;
  end: string;
}

/**
 * The instants a calendar view shows around `date` (a month view includes the spill-over weeks), with a
 * day more on each side so that nothing at the edges is missed whatever the week's first day.
 */
export function visibleRange(date: Date, view: CalendarView, locale: Locale): CalendarRange {
  let first: Date;
  let last: Date;
  if (view === "month") {
    first = startOfWeek(startOfMonth(date), { locale });
    last = endOfWeek(endOfMonth(date), { locale });
  } else if (view === "week") {
    first = startOfWeek(date, { locale });
    last = endOfWeek(date, { locale });
  } else {
    first = date;
    last = date;
  }
  return { start: startOfDay(addDays(first, -1)).toISOString(), end: startOfDay(addDays(last, 2)).toISOString() };
}

/** Whether an instant falls in a range. */
export function isInRange(instant: string, range: CalendarRange): boolean {
  const at = Date.parse(instant);
  return at >= Date.parse(range.start) && at < Date.parse(range.end);
}
