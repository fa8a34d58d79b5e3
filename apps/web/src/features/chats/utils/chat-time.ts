import { isSameDay } from "date-fns";
import { DATE_PATTERNS, formatDate, toDate } from "../../../lib/date.ts";
import type { Language } from "../../../lib/i18n.ts";

/** When a chat was last active or a message written: the time alone today, else the date and time (dd/MM/yy HH:mm). */
export function formatChatTime(value: string, now: Date, language: Language): string {
  const date = toDate(value);
  if (!date) return "";
  return isSameDay(date, now) ? formatDate(date, "HH:mm", language) : formatDate(date, DATE_PATTERNS.dateTime, language);
}
