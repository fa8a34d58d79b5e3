/** A connection's safe pacing (see campaignPacing): none of its fields set means no limits beyond the campaign settings. */
export interface Pacing {
  dailyLimit: number | null;
  windowStartMinute: number | null;
  windowEndMinute: number | null;
  jitterSeconds: number;
}

export const NO_PACING: Pacing = { dailyLimit: null, windowStartMinute: null, windowEndMinute: null, jitterSeconds: 0 };

const DAY_MINUTES = 24 * 60;

/** The wall-clock time of `now` in a time zone, in seconds after local midnight. */
export function localSecondOf(now: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part("hour") * 3600 + part("minute") * 60 + part("second");
}

/** The start of the local day of `now` in a time zone, and the start of the next one. */
export function localDayOf(now: Date, timeZone: string): { start: Date; next: Date } {
  const start = new Date(now.getTime() - localSecondOf(now, timeZone) * 1000 - now.getMilliseconds());
  return { start, next: new Date(start.getTime() + DAY_MINUTES * 60_000) };
}

/**
 * When the connection's sending window next opens, or undefined when `now` lies inside it (or there
 * is none). A window whose end comes before its start runs over midnight.
 */
export function windowOpensAt(now: Date, timeZone: string, pacing: Pacing): Date | undefined {
  const { windowStartMinute: start, windowEndMinute: end } = pacing;
  if (start === null || end === null || start === end) return undefined;
  const second = localSecondOf(now, timeZone);
  const minute = Math.floor(second / 60);
  const inside = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  if (inside) return undefined;
  const waitSeconds = (((start * 60 - second) % (DAY_MINUTES * 60)) + DAY_MINUTES * 60) % (DAY_MINUTES * 60);
  return new Date(now.getTime() - now.getMilliseconds() + waitSeconds * 1000);
}

/**
 * The pause before the send after `sentCount` campaign messages: a random part of `messageInterval`,
 * plus `greaterInterval` after every `longerIntervalAfter` messages, plus the connection's jitter.
 * `random` gives numbers in [0, 1).
 */
export function pauseAfter(
  sentCount: number,
  settings: { messageInterval: number; longerIntervalAfter: number; greaterInterval: number },
  pacing: Pacing,
  random: () => number = Math.random,
): number {
  let seconds = settings.messageInterval > 0 ? Math.floor(random() * (settings.messageInterval + 1)) : 0;
  if (settings.longerIntervalAfter > 0 && sentCount > 0 && sentCount % settings.longerIntervalAfter === 0) seconds += settings.greaterInterval;
  if (pacing.jitterSeconds > 0) seconds += Math.floor(random() * (pacing.jitterSeconds + 1));
  return seconds * 1000;
}
