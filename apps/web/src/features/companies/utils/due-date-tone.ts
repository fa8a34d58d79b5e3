import { differenceInDays } from "date-fns";

/** How a company's row is tinted by the days left to its due date (spec admin §2, §9). */
export type DueTone = "yellow" | "orange" | "red";

/** Whole days from `now` to the due date, cut toward zero: 5 days and 23 hours ahead is 5, 3 days and 23 hours past is -3. */
export function daysToDueDate(dueDate: Date, now: Date): number {
  return differenceInDays(dueDate, now);
}

/** 5 days away: yellow; from -3 to 4: orange; -4 or worse: red; otherwise (6 days or more, or no date) no tint. */
export function dueDateTone(days: number | null): DueTone | null {
  if (days === null) return null;
  if (days === 5) return "yellow";
  if (days >= -3 && days <= 4) return "orange";
  if (days <= -4) return "red";
  return null;
}

/** The base colour of each tint; the table lays it over the paper with a strength that reads well in light and dark mode. */
export const DUE_TONE_COLORS: Record<DueTone, string> = {
  yellow: "#fdd835",
  orange: "#fb8c00",
  red: "#e53935",
};
