import { type Locale, format, isValid, parse, parseISO } from "date-fns";
import { enUS, es, ptBR } from "date-fns/locale";
import type { Language } from "./i18n.ts";

const DATE_LOCALES: Record<Language, Locale> = { "pt-BR": ptBR, en: enUS, es };

export const DATE_PATTERNS = {
  /** A day, as in due dates: 31/12/2025. */
  day: "dd/MM/yyyy",
  /** A moment, as in lists: 31/12/25 18:30. */
  dateTime: "dd/MM/yy HH:mm",
} as const;

/** The date-fns locale of an interface language. */
export function dateLocaleOf(language: Language): Locale {
  return DATE_LOCALES[language];
}

/** Parses an ISO string (date or date-time) or passes a Date through; null when invalid. */
export function toDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = typeof value === "string" ? parseISO(value) : value;
  return isValid(date) ? date : null;
}

/** Formats a date with a pattern in the given language; "" when the value is not a date. */
export function formatDate(
  value: string | Date | null | undefined,
  pattern: string,
  language: Language = "pt-BR",
): string {
  const date = toDate(value);
  return date ? format(date, pattern, { locale: dateLocaleOf(language) }) : "";
}

/** The value format of a datetime-local input. */
const LOCAL_INPUT = "yyyy-MM-dd'T'HH:mm";

/** A moment as a datetime-local input shows it (local time, minutes). */
export function toLocalInput(date: Date): string {
  return format(date, LOCAL_INPUT);
}

/** A datetime-local input's value as a moment; null when empty or invalid. */
export function fromLocalInput(value: string): Date | null {
  if (!value) return null;
  const date = parse(value, LOCAL_INPUT, new Date());
  return isValid(date) ? date : null;
}
