import { createHash } from "node:crypto";
import { and, inArray, lt, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { loginThrottles } from "../../db/schema/index.ts";

/**
 * How one counter slows logins: the first `free` failures cost nothing; after each later one the next
 * attempt waits `baseMs`, doubling with every failure up to `capMs`. A counter is forgotten `forgetMs`
 * after its last failure.
 */
export interface ThrottleRule {
  free: number;
  baseMs: number;
  capMs: number;
  forgetMs: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** The numbers of docs/security.md, "Login throttling". */
export const LOGIN_THROTTLE = {
  /** One account from one address: the guesser. Applies to a known device too. */
  pair: { free: 5, baseMs: SECOND, capMs: 15 * MINUTE, forgetMs: 24 * 60 * MINUTE },
  /** One account from anywhere: never a lock, and a known device of the account is exempt. */
  account: { free: 20, baseMs: SECOND, capMs: MINUTE, forgetMs: 15 * MINUTE },
  /** One address for every account (an office behind one NAT): a known device of the account named is exempt. */
  address: { free: 100, baseMs: SECOND, capMs: 5 * MINUTE, forgetMs: 15 * MINUTE },
} as const satisfies Record<string, ThrottleRule>;

export type ThrottleRules = Record<keyof typeof LOGIN_THROTTLE, ThrottleRule>;

/** How many expired rows one attempt deletes: pruning keeps pace with the rows attempts create. */
const PRUNE_BATCH = 100;

/** Namespace of the advisory locks that serialise the attempts on one counter across processes. */
const THROTTLE_LOCK_NAMESPACE = 7_270_006;

/** The wait, in milliseconds, that `failures` consecutive failures impose after the last one. */
export function delayAfter(rule: ThrottleRule, failures: number): number {
  if (failures <= rule.free) return 0;
  const doublings = Math.min(failures - rule.free - 1, 40);
  return Math.min(rule.capMs, rule.baseMs * 2 ** doublings);
}

export interface CounterState {
  failures: number;
  lastFailureAt: Date;
  expiresAt: Date;
}

/** Milliseconds before a counter lets the next attempt be checked; 0 now. A forgotten counter counts nothing. */
export function waitOf(rule: ThrottleRule, state: CounterState | undefined, now: Date): number {
  if (!state || state.expiresAt.getTime() <= now.getTime()) return 0;
  const delay = delayAfter(rule, state.failures);
  // Within the free failures there is no wait, even when a parallel attempt, counted while this one waited
  // for the counter's lock, stamped its failure after this attempt's `now`.
  if (delay === 0) return 0;
  return Math.max(0, state.lastFailureAt.getTime() + delay - now.getTime());
}

/** A login attempt as the throttle sees it. */
export interface LoginAttempt {
  /** The e-mail as typed (normalised by the body's schema). */
  email: string;
  clientAddress: string;
  /** The request carries a valid known-device cookie of the account the e-mail names. */
  knownDevice: boolean;
}

const hashKey = (...parts: string[]) => createHash("sha256").update(parts.join("\n")).digest("hex");

function keysOf(attempt: LoginAttempt): Record<keyof ThrottleRules, string> {
  return {
    pair: hashKey("pair", attempt.email, attempt.clientAddress),
    account: hashKey("account", attempt.email),
    address: hashKey("address", attempt.clientAddress),
  };
}

/**
 * Failed-login counters in PostgreSQL, so that every server process counts the same failures. An
 * attempt is counted as a failure before its password is checked (under a lock of each counter), so a
 * burst of parallel guesses cannot all pass the check; a right password gives the count back.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly rules: ThrottleRules = LOGIN_THROTTLE,
  ) {}

  /**
   * Either refuses the attempt (the milliseconds to wait; nothing counted) or counts it as a failure on
   * the pair, the account and the address. The pair always applies; the account and the address refuse
   * only attempts without a known device of the account.
   */
  async begin(attempt: LoginAttempt, now: Date): Promise<{ retryAfterMs: number }> {
    const keys = keysOf(attempt);
    const kinds = Object.keys(keys) as (keyof ThrottleRules)[];
    return this.db.transaction(async (tx) => {
      for (const key of Object.values(keys).sort()) {
        await tx.execute(sql`select pg_advisory_xact_lock(${THROTTLE_LOCK_NAMESPACE}, hashtext(${key}))`);
      }
      const rows = await tx.select().from(loginThrottles).where(inArray(loginThrottles.key, Object.values(keys)));
      const stateOf = (kind: keyof ThrottleRules) => rows.find((row) => row.key === keys[kind]);
      const checked = attempt.knownDevice ? (["pair"] as const) : kinds;
      const retryAfterMs = Math.max(...checked.map((kind) => waitOf(this.rules[kind], stateOf(kind), now)));
      if (retryAfterMs > 0) return { retryAfterMs };
      for (const kind of kinds) {
        const state = stateOf(kind);
        const failures = state && state.expiresAt.getTime() > now.getTime() ? state.failures + 1 : 1;
        const values = { failures, lastFailureAt: now, expiresAt: new Date(now.getTime() + this.rules[kind].forgetMs) };
        await tx
          .insert(loginThrottles)
          .values({ key: keys[kind], ...values })
          .onConflictDoUpdate({ target: loginThrottles.key, set: values });
      }
      await tx
        .delete(loginThrottles)
        .where(
          inArray(
            loginThrottles.key,
            tx.select({ key: loginThrottles.key }).from(loginThrottles).where(lt(loginThrottles.expiresAt, now)).limit(PRUNE_BATCH),
          ),
        );
      return { retryAfterMs: 0 };
    });
  }

  /**
   * Gives back the one failure `begin` counted on each counter, clearing none: a right password that still
   * needs its second factor neither counts as a failure nor forgives the earlier ones (wrong codes).
   */
  async released(attempt: LoginAttempt): Promise<void> {
    const keys = Object.values(keysOf(attempt));
    await this.db.transaction(async (tx) => {
      await tx
        .update(loginThrottles)
        .set({ failures: sql`greatest(${loginThrottles.failures} - 1, 0)` })
        .where(inArray(loginThrottles.key, keys));
      await tx.delete(loginThrottles).where(and(inArray(loginThrottles.key, keys), lte(loginThrottles.failures, 0)));
    });
  }

  /** After a right password: the pair's counter is cleared; the account and the address only get back the failure `begin` counted. */
  async succeeded(attempt: LoginAttempt): Promise<void> {
    const keys = keysOf(attempt);
    await this.db.transaction(async (tx) => {
      await tx.delete(loginThrottles).where(inArray(loginThrottles.key, [keys.pair]));
      const shared = [keys.account, keys.address];
      await tx
        .update(loginThrottles)
        .set({ failures: sql`greatest(${loginThrottles.failures} - 1, 0)` })
        .where(inArray(loginThrottles.key, shared));
      await tx.delete(loginThrottles).where(and(inArray(loginThrottles.key, shared), lte(loginThrottles.failures, 0)));
    });
  }
}
