import { SUBSCRIPTION_WARNING_DAYS } from "@conversa/shared";
import { differenceInCalendarDays } from "date-fns";
import { toDate } from "../../../lib/date.ts";

/** Calendar days from `now` to the due date (negative once it passed); null without a valid date. */
export function daysUntilDue(dueDate: string | null | undefined, now: Date = new Date()): number | null {
  const due = toDate(dueDate);
  return due ? differenceInCalendarDays(due, now) : null;
}

/**
 * The N of 'Sua assinatura vence em N dia(s)': shown when fewer than 5 days remain (never
 * below 0); null when no warning is due.
 */
export function dueWarningDays(dueDate: string | null | undefined, now: Date = new Date()): number | null {
  const days = daysUntilDue(dueDate, now);
  if (days === null || days >= SUBSCRIPTION_WARNING_DAYS) return null;
  return Math.max(0, days);
}

/** The end of the company's trial while it lasts: the one rule the server's /subscription follows too. */
export { activeTrialEnd } from "@conversa/shared";
