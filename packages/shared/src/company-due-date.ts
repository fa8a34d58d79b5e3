/** Company recurrences (spec core §4) and how many months each renewal adds. */
export const RECURRENCE_MONTHS = {
  MENSAL: 1,
  BIMESTRAL: 2,
  TRIMESTRAL: 3,
  SEMESTRAL: 6,
  ANUAL: 12,
} as const;
export type Recurrence = keyof typeof RECURRENCE_MONTHS;
export const RECURRENCES = Object.keys(RECURRENCE_MONTHS) as [Recurrence, ...Recurrence[]];
/** The only recurrence the companies form offers (spec core §4, admin §4). */
export const OFFERED_RECURRENCES: readonly Recurrence[] = ["MENSAL"];

/** `2025-01-31`, optionally with `T10:30`, seconds, milliseconds and an offset (`Z`, `-03:00`). */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/**
 * A due date as sent by a form: an ISO 8601 date or date-time. Empty, malformed or impossible dates
 * (`2025-02-30`, `24:00`) become null (spec admin §5, core §4). A date without an offset is read as UTC.
 */
export function parseDueDate(value: string | null | undefined): Date | null {
  const match = ISO_DATE.exec((value ?? "").trim());
  if (!match) return null;
  const [, y, mo, d, h = "00", mi = "00", s = "00", ms = "0", offset = "Z"] = match;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month - 1) || hour > 23 || minute > 59 || second > 59) return null;
  const offsetMinutes = offset === "Z" ? 0 : (offset.startsWith("-") ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
  if (Math.abs(offsetMinutes) > 14 * 60) return null;
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, Number(ms.padEnd(3, "0"))) - offsetMinutes * 60_000;
  const date = new Date(utc);
  return Number.isNaN(date.getTime()) ? null : date;
}

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

interface WallClock {
  year: number;
  /** 0-11. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

/** The wall-clock time of an instant in an IANA time zone. */
function wallClockOf(at: Date, timeZone: string): WallClock {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? "0");
  return { year: part("year"), month: part("month") - 1, day: part("day"), hour: part("hour"), minute: part("minute"), second: part("second"), millisecond: at.getUTCMilliseconds() };
}

const asUtc = (c: WallClock) => Date.UTC(c.year, c.month, c.day, c.hour, c.minute, c.second, c.millisecond);

/** The instant at which the zone's clocks show `clock` (the earlier one when a clock time happens twice). */
function instantOf(clock: WallClock, timeZone: string): Date {
  const wanted = asUtc(clock);
  // The zone's offset at a guess, then at the corrected guess (a change of offset in between moves it once).
  let guess = wanted;
  for (let i = 0; i < 2; i++) guess = wanted - (asUtc(wallClockOf(new Date(guess), timeZone)) - guess);
  return new Date(guess);
}

/** A wall-clock date-time without an offset, as the previous generation's campaign form sends it: `2026-05-04 09:30:00`. */
export const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/**
 * The instant a `YYYY-MM-DD HH:mm:ss` wall-clock time names in an IANA time zone (the company's); null
 * for another form or an impossible date or time (`2026-02-30`, `24:00:00`). A time a change of offset
 * skips is read with the offset before it; a time it repeats is the earlier one.
 */
export function instantOfLocalDateTime(value: string, timeZone: string): Date | null {
  const match = LOCAL_DATE_TIME.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month - 1) || hour > 23 || minute > 59 || second > 59) return null;
  return instantOf({ year, month: month - 1, day, hour, minute, second, millisecond: 0 }, timeZone);
}

/**
 * Renews a due date (spec core §4): adds 1 month for MENSAL, 2 BIMESTRAL, 3 TRIMESTRAL, 6 SEMESTRAL,
 * 12 ANUAL, only when a date exists (no date stays none). Months are added on the company's calendar
 * (its time zone), keeping the time of day; a day the target month lacks becomes its last day
 * (31 January + 1 month = 28 or 29 February).
 */
export function renewDueDate(dueDate: Date | null, recurrence: Recurrence, timeZone: string): Date | null {
  if (dueDate === null || Number.isNaN(dueDate.getTime())) return null;
  const clock = wallClockOf(dueDate, timeZone);
  const monthIndex = clock.month + RECURRENCE_MONTHS[recurrence];
  const year = clock.year + Math.floor(monthIndex / 12);
  const month = monthIndex % 12;
  return instantOf({ ...clock, year, month, day: Math.min(clock.day, daysInMonth(year, month)) }, timeZone);
}

/**
 * The end of the company's trial while it lasts, or null: the one rule of "in trial" for the server
 * (/subscription) and the web app (top bar, /subscription). A trial ends at its date, or as soon as a
 * payment settles (settlement clears `trialExpiration`).
 */
export function activeTrialEnd(trialExpiration: string | Date | null | undefined, now: Date = new Date()): Date | null {
  if (!trialExpiration) return null;
  const end = trialExpiration instanceof Date ? trialExpiration : new Date(trialExpiration);
  return Number.isNaN(end.getTime()) || end.getTime() <= now.getTime() ? null : end;
}
