import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { accountCodes, users } from "../../db/schema/index.ts";
import type { AccountCodePurpose } from "./account-code-mail.ts";

export interface CodeOwner {
  id: number;
  companyId: number;
  name: string;
  email: string;
}

const ownerColumns = { id: users.id, companyId: users.companyId, name: users.name, email: users.email };

/** The account of an e-mail (any case). */
export async function findCodeOwnerByEmail(db: Db, email: string): Promise<CodeOwner | undefined> {
  const [row] = await db.select(ownerColumns).from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

/**
 * Locks the user's row until the end of the transaction `tx`: issuing a code and using one are
 * serialised per user, so two requests never leave two live codes and two uses of one code never both win.
 */
export async function lockCodeOwner(tx: Db, where: { id: number } | { email: string }): Promise<CodeOwner | undefined> {
  const [row] = await tx
    .select(ownerColumns)
    .from(users)
    .where("id" in where ? eq(users.id, where.id) : sql`lower(${users.email}) = ${where.email.toLowerCase()}`)
    .for("update");
  return row;
}

/** Ends every unused code of the user (a newer one replaces them). */
export async function retireUnusedCodes(tx: Db, userId: number): Promise<void> {
  await tx
    .update(accountCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accountCodes.userId, userId), isNull(accountCodes.usedAt)));
}

/** Stores a code's hash, valid for `ttlMinutes` from now (the database's clock, as every check). Answers its id. */
export async function insertCode(tx: Db, code: { userId: number; purpose: AccountCodePurpose; codeHash: string; ttlMinutes: number }): Promise<number> {
  const [row] = await tx
    .insert(accountCodes)
    .values({ userId: code.userId, purpose: code.purpose, codeHash: code.codeHash, expiresAt: sql`now() + make_interval(mins => ${code.ttlMinutes})` })
    .returning({ id: accountCodes.id });
  if (!row) throw new Error("account code not stored");
  return row.id;
}

export async function deleteCode(db: Db, id: number): Promise<void> {
  await db.delete(accountCodes).where(eq(accountCodes.id, id));
}

export interface PendingCode {
  id: number;
  codeHash: string;
  failedTries: number;
  isExpired: boolean;
}

/** The user's unused code (at most one: issuing retires the others), whether or not it expired. */
export async function findPendingCode(tx: Db, userId: number): Promise<PendingCode | undefined> {
  const [row] = await tx
    .select({
      id: accountCodes.id,
      codeHash: accountCodes.codeHash,
      failedTries: accountCodes.failedTries,
      isExpired: sql<boolean>`${accountCodes.expiresAt} <= now()`,
    })
    .from(accountCodes)
    .where(and(eq(accountCodes.userId, userId), isNull(accountCodes.usedAt)))
    .orderBy(desc(accountCodes.id))
    .limit(1);
  return row;
}

/** Counts a wrong try of the code; `burn` ends it (the last try allowed was wrong). */
export async function countFailedTry(tx: Db, id: number, burn: boolean): Promise<void> {
  await tx
    .update(accountCodes)
    .set({ failedTries: sql`${accountCodes.failedTries} + 1`, ...(burn ? { usedAt: sql`now()` } : {}) })
    .where(eq(accountCodes.id, id));
}

export async function markCodeUsed(tx: Db, id: number): Promise<void> {
  await tx.update(accountCodes).set({ usedAt: sql`now()` }).where(eq(accountCodes.id, id));
}

/**
 * Sets the user's password hash and ends every session of theirs: the session version moves on (every
 * access token stops working) and the refresh token is forgotten.
 */
export async function setPasswordEndingSessions(tx: Db, userId: number, passwordHash: string): Promise<void> {
  await tx
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, refreshTokenId: null, online: false, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}
