import { createHash } from "node:crypto";
import { eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "./client.ts";
import { rateLimits } from "./schema/index.ts";
import { AppError } from "../lib/app-error.ts";

/** At most `max` hits in each window of `windowMs`. */
export interface RateRule {
  max: number;
  windowMs: number;
}

/** How many passed windows one hit deletes: pruning keeps pace with the rows hits create. */
const PRUNE_BATCH = 100;

const keyOf = (name: string, subject: string) => createHash("sha256").update(`${name}\n${subject}`).digest("hex");

/**
 * Counts one hit on each named counter, in one statement per counter so that parallel requests of
 * every server process count exactly. Refuses with ERR_RATE_LIMITED (and the seconds to wait) when any
 * counter is past its maximum; the refused hit still counts, so hammering does not open the window
 * sooner. Subjects (addresses, e-mails) are kept only as hashes.
 */
export async function hitRateLimits(db: Db, counters: { name: string; subject: string; rule: RateRule }[], now = new Date()): Promise<void> {
  let retryAfterMs = 0;
  for (const { name, subject, rule } of counters) {
    const resetAt = new Date(now.getTime() + rule.windowMs);
    const [row] = await db
      .insert(rateLimits)
      .values({ key: keyOf(name, subject), hits: 1, resetAt })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then 1 else ${rateLimits.hits} + 1 end`,
          resetAt: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then ${resetAt.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
        },
      })
      .returning();
    if (row && row.hits > rule.max) retryAfterMs = Math.max(retryAfterMs, row.resetAt.getTime() - now.getTime());
  }
  await db
    .delete(rateLimits)
    .where(inArray(rateLimits.key, db.select({ key: rateLimits.key }).from(rateLimits).where(lt(rateLimits.resetAt, now)).limit(PRUNE_BATCH)));
  if (retryAfterMs > 0) {
    const retryAfterSeconds = Math.ceil(retryAfterMs / 1000);
    throw new AppError("ERR_RATE_LIMITED", { retryAfter: retryAfterSeconds }, `Too many requests; retry in ${retryAfterSeconds} s`);
  }
}

/**
 * The seconds until a counter that is already at its maximum in its current window opens again (0 when it
 * is not), without counting a hit: for counters of failures, checked before the attempt and hit only when it fails.
 */
export async function secondsUntilOpen(db: Db, counter: { name: string; subject: string; rule: RateRule }, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ hits: rateLimits.hits, resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(eq(rateLimits.key, keyOf(counter.name, counter.subject)));
  if (!row || row.resetAt.getTime() <= now.getTime() || row.hits < counter.rule.max) return 0;
  return Math.ceil((row.resetAt.getTime() - now.getTime()) / 1000);
}
