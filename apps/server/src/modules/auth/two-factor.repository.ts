import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";

/** What the two-factor checks read of a user; secrets still sealed. */
export interface TwoFactorRow {
  id: number;
  companyId: number;
  email: string;
  passwordHash: string;
  totpSecret: string | null;
  totpPendingSecret: string | null;
  totpEnabledAt: Date | null;
  recoveryCodes: string[] | null;
}

export async function findTwoFactorRow(db: Db, userId: number): Promise<TwoFactorRow | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      companyId: users.companyId,
      email: users.email,
      passwordHash: users.passwordHash,
      totpSecret: users.totpSecret,
      totpPendingSecret: users.totpPendingSecret,
      totpEnabledAt: users.totpEnabledAt,
      recoveryCodes: users.recoveryCodes,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Stores a new pending secret (replacing any earlier one) while two-factor sign-in is off. */
export async function savePendingSecret(db: Db, userId: number, sealed: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpPendingSecret: sealed, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/**
 * Turns two-factor sign-in on with the pending secret that was checked (only if it is still the pending
 * one), the step of the code that confirmed it and the recovery codes' hashes.
 */
export async function enableTwoFactorRow(db: Db, userId: number, sealedPending: string, step: number, recoveryHashes: string[]): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpSecret: sealedPending, totpPendingSecret: null, totpEnabledAt: sql`now()`, totpLastStep: step, recoveryCodes: recoveryHashes, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt), eq(users.totpPendingSecret, sealedPending)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Turns two-factor sign-in off and forgets its secrets and codes. Answers whether it was on. */
export async function clearTwoFactorRow(db: Db, userId: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null, recoveryCodes: null, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), sql`${users.totpEnabledAt} is not null`))
    .returning({ id: users.id });
  return rows.length === 1;
}

/**
 * The replay guard: records `step` as the last accepted one only when it is later than the last, in one
 * statement, so the same code (or an older one) is never accepted twice, even by two requests at once.
 */
export async function claimTotpStep(db: Db, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Removes a recovery code's hash if it is still unused, in one statement: a code signs in once. */
export async function consumeRecoveryCode(db: Db, userId: number, hash: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ recoveryCodes: sql`${users.recoveryCodes} - ${hash}::text` })
    .where(and(eq(users.id, userId), sql`jsonb_exists(${users.recoveryCodes}, ${hash}::text)`))
    .returning({ id: users.id });
  return rows.length === 1;
}
