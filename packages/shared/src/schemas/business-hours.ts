import { z } from "zod";

/** Weekday keys in the order the editors show them (Monday first). */
export const WEEKDAYS_EN = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type WeekdayEn = (typeof WEEKDAYS_EN)[number];

const ZTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "HH:MM");

/** One day of a weekly schedule (spec admin §3): weekday names and HH:MM times. */
export const ZBusinessDay = z.object({
  weekday: z.string().max(30),
  weekdayEn: z.string().max(30),
  startTime: ZTime,
  endTime: ZTime,
});
export type BusinessDay = z.infer<typeof ZBusinessDay>;

/** A weekly schedule as saved by the queue and company editors: at most one entry per weekday. */
export const ZWeeklySchedule = z
  .array(ZBusinessDay.extend({ weekdayEn: z.enum(WEEKDAYS_EN) }))
  .max(7)
  .refine((days) => new Set(days.map((d) => d.weekdayEn)).size === days.length, "one entry per weekday");
export type WeeklySchedule = z.infer<typeof ZWeeklySchedule>;

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
