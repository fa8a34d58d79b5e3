import { i18n } from "../../../lib/i18n.ts";

/** The colour rule of the last-interaction label (spec core §4); null where none applies. */
export type AgeColor = "green" | "orange" | "red";

export interface AgeLabel {
  text: string;
  color: AgeColor | null;
}

const MINUTE_MS = 60_000;

/**
 * The last-interaction label of a ticket row: 3–10 min green; 30–<60 min orange; over 60 min and
 * under 24 h red, in hours; 24 h or more red, in days; other ages in minutes without colour.
 */
export function ageLabel(updatedAt: string | Date, now: Date): AgeLabel {
  const then = typeof updatedAt === "string" ? new Date(updatedAt) : updatedAt;
  if (Number.isNaN(then.getTime())) return { text: "", color: null };
  const minutes = Math.max(0, Math.floor((now.getTime() - then.getTime()) / MINUTE_MS));
  const hours = Math.floor(minutes / 60);
  if (hours >= 24) return { text: i18n.t("tickets.age.days", { count: Math.floor(hours / 24) }), color: "red" };
  if (minutes > 60) return { text: i18n.t("tickets.age.hours", { count: hours }), color: "red" };
  if (minutes < 1) return { text: i18n.t("tickets.age.now"), color: null };
  const text = i18n.t("tickets.age.minutes", { count: minutes });
  if (minutes >= 3 && minutes <= 10) return { text, color: "green" };
  if (minutes >= 30 && minutes < 60) return { text, color: "orange" };
  return { text, color: null };
}

/**
 * How long a pending ticket has waited, since it was created (as the SLA counts): "agora", "12 min",
 * "2 h 05 min", "3 dias". Renewed with the list's clock.
 */
export function waitingTime(createdAt: string, now: Date): string {
  const then = Date.parse(createdAt);
  if (Number.isNaN(then)) return "";
  const minutes = Math.max(0, Math.floor((now.getTime() - then) / MINUTE_MS));
  const hours = Math.floor(minutes / 60);
  if (hours >= 24) return i18n.t("tickets.age.days", { count: Math.floor(hours / 24) });
  if (hours >= 1) return i18n.t("tickets.age.hoursMinutes", { hours, minutes: String(minutes % 60).padStart(2, "0") });
  if (minutes < 1) return i18n.t("tickets.age.now");
  return i18n.t("tickets.age.minutes", { count: minutes });
}
