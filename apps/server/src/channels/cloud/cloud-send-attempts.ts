import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { cloudSendAttempts } from "../../db/schema/index.ts";

/** One outbound message handed (or about to be handed) to the Graph API. */
export interface CloudSendAttempt {
  wid: string | null;
  createdAt: Date;
}

export interface AttemptKey {
  companyId: number;
  connectionId: number;
  idempotencyKey: string;
}

function attemptIs(key: AttemptKey) {
  return and(
    eq(cloudSendAttempts.companyId, key.companyId),
    eq(cloudSendAttempts.connectionId, key.connectionId),
    eq(cloudSendAttempts.idempotencyKey, key.idempotencyKey),
  );
}

/** The attempt of this send, if one was recorded. */
export async function findSendAttempt(db: Db, key: AttemptKey): Promise<CloudSendAttempt | undefined> {
  const [row] = await db
    .select({ wid: cloudSendAttempts.wid, createdAt: cloudSendAttempts.createdAt })
    .from(cloudSendAttempts)
    .where(attemptIs(key));
  return row;
}

/**
 * Records, committed before the Graph API is called, that this send is being handed over; false when an
 * attempt was recorded already (another try of the same message got there first).
 */
export async function claimSendAttempt(db: Db, key: AttemptKey, now: Date): Promise<boolean> {
  const rows = await db
    .insert(cloudSendAttempts)
    .values({ ...key, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: cloudSendAttempts.idempotencyKey });
  return rows.length === 1;
}

/** The Graph API accepted the send: its message id. */
export async function confirmSendAttempt(db: Db, key: AttemptKey, wid: string): Promise<void> {
  await db
    .update(cloudSendAttempts)
    .set({ wid })
    .where(attemptIs(key));
}

/** The Graph API answered that it did not take the send: a later try may call again. */
export async function forgetSendAttempt(db: Db, key: AttemptKey): Promise<void> {
  await db
    .delete(cloudSendAttempts)
    .where(and(attemptIs(key), isNull(cloudSendAttempts.wid)));
}
