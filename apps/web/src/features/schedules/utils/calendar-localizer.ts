import { format, getDay, parse, startOfWeek } from "date-fns";
import type { TFunction } from "i18next";
import { type DateLocalizer, dateFnsLocalizer, type Formats, type Messages } from "react-big-calendar";
import { dateLocaleOf } from "../../../lib/date.ts";

/** date-fns for the calendar, in the interface languages (the calendar's `culture` is the language code). */
export const calendarLocalizer = dateFnsLocalizer({
  format,
  parse,
  startOfWeek,
  getDay,
  locales: { "pt-BR": dateLocaleOf("pt-BR"), en: dateLocaleOf("en"), es: dateLocaleOf("es") },
});

const range = (pattern: string) => ({ start, end }: { start: Date; end: Date }, culture: string | undefined, localizer: DateLocalizer | undefined) =>
  localizer ? `${localizer.format(start, pattern, culture)} – ${localizer.format(end, pattern, culture)}` : "";

/** Dates as dd/MM/yy and times as HH:mm in every view (spec core §9); `compact` shortens week days for narrow screens. */
export const calendarFormats = (compact: boolean): Formats => ({
  dateFormat: "dd",
  dayFormat: compact ? "EEEEE dd" : "EEE dd/MM",
  weekdayFormat: compact ? "EEEEEE" : "EEE",
  timeGutterFormat: "HH:mm",
  monthHeaderFormat: "MMMM yyyy",
  dayHeaderFormat: "EEEE, dd/MM/yy",
  dayRangeHeaderFormat: range("dd/MM/yy"),
  selectRangeFormat: range("HH:mm"),
  eventTimeRangeFormat: ({ start }, culture, localizer) => (localizer ? localizer.format(start, "HH:mm", culture) : ""),
  agendaDateFormat: "dd/MM/yy",
  agendaTimeFormat: "HH:mm",
  agendaTimeRangeFormat: range("HH:mm"),
});

/** The calendar's own labels in the interface language. */
export function calendarMessages(t: TFunction): Messages {
  return {
    date: t("schedules.calendar.date"),
    time: t("schedules.calendar.time"),
    event: t("schedules.calendar.event"),
    allDay: t("schedules.calendar.allDay"),
    week: t("schedules.calendar.week"),
    work_week: t("schedules.calendar.workWeek"),
    day: t("schedules.calendar.day"),
    month: t("schedules.calendar.month"),
    previous: t("schedules.calendar.previous"),
    next: t("schedules.calendar.next"),
    yesterday: t("schedules.calendar.yesterday"),
    tomorrow: t("schedules.calendar.tomorrow"),
    today: t("schedules.calendar.today"),
    agenda: t("schedules.calendar.agenda"),
    noEventsInRange: t("schedules.calendar.noEvents"),
    showMore: (count) => t("schedules.calendar.showMore", { count }),
  };
}
