import { ZBusinessDay } from "@conversa/shared";
import { z } from "zod";

const WEEKDAYS_EN = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

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
