import { z } from "zod";

/** One day of a weekly schedule (spec admin §3): weekday names and HH:MM times. */
export const ZBusinessDay = z.object({
  weekday: z.string(),
  weekdayEn: z.string(),
  startTime: z.string().regex(/^\d{2}:\d{2}$/),
  endTime: z.string().regex(/^\d{2}:\d{2}$/),
});
export type BusinessDay = z.infer<typeof ZBusinessDay>;

const WEEKDAYS_EN = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

/** Default business hours: Monday to Friday 08:00–18:00, Saturday 08:00–12:00, Sunday closed. */
export const DEFAULT_BUSINESS_HOURS: BusinessDay[] = [
  { weekday: "Segunda-feira", weekdayEn: "monday", startTime: "08:00", endTime: "18:00" },
  { weekday: "Terça-feira", weekdayEn: "tuesday", startTime: "08:00", endTime: "18:00" },
  { weekday: "Quarta-feira", weekdayEn: "wednesday", startTime: "08:00", endTime: "18:00" },
  { weekday: "Quinta-feira", weekdayEn: "thursday", startTime: "08:00", endTime: "18:00" },
  { weekday: "Sexta-feira", weekdayEn: "friday", startTime: "08:00", endTime: "18:00" },
  { weekday: "Sábado", weekdayEn: "saturday", startTime: "08:00", endTime: "12:00" },
  { weekday: "Domingo", weekdayEn: "sunday", startTime: "00:00", endTime: "00:00" },
];

function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** Weekday (0 = Sunday) and minutes since midnight of an instant in a time zone. */
export function localTime(at: Date, timeZone: string): { weekday: number; minutes: number } {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, weekday: "long", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return { weekday: WEEKDAYS_EN.indexOf(get("weekday").toLowerCase()), minutes: Number(get("hour")) * 60 + Number(get("minute")) };
}

/**
 * Whether an instant falls within the weekly hours. A day missing from the schedule, or whose start
 * equals its end, is closed; an end before the start runs past midnight. An empty or unreadable
 * schedule means no restriction (always open).
 */
export function isWithinBusinessHours(schedule: unknown, at: Date, timeZone: string): boolean {
  const parsed = z.array(ZBusinessDay).safeParse(schedule);
  if (!parsed.success || parsed.data.length === 0) return true;
  const { weekday, minutes } = localTime(at, timeZone);
  const day = parsed.data.find((d) => d.weekdayEn.toLowerCase() === WEEKDAYS_EN[weekday]);
  if (!day) return false;
  const start = minutesOf(day.startTime);
  const end = minutesOf(day.endTime);
  if (start === end) return false;
  return start < end ? minutes >= start && minutes < end : minutes >= start || minutes < end;
}
