import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { companies, companyStorage, plans } from "../db/schema/index.ts";

const MIB = 1024 * 1024;

/** The company's quota in bytes: null when unlimited (no plan, or a plan whose quota is 0). */
export async function findQuotaBytes(db: Db, companyId: number): Promise<number | null> {
  const [row] = await db.select({ quotaMb: plans.storageQuotaMb }).from(companies).innerJoin(plans, eq(plans.id, companies.planId)).where(eq(companies.id, companyId));
  return row && row.quotaMb > 0 ? row.quotaMb * MIB : null;
}

/** Of each company: the bytes counted (undefined: never measured) and its quota in bytes (null: unlimited). */
export async function findUsageOfCompanies(db: Db, companyIds: readonly number[]): Promise<Map<number, { usedBytes: number | undefined; quotaBytes: number | null }>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db
    .select({ companyId: companies.id, usedBytes: companyStorage.usedBytes, quotaMb: plans.storageQuotaMb })
    .from(companies)
    .leftJoin(companyStorage, eq(companyStorage.companyId, companies.id))
    .leftJoin(plans, eq(plans.id, companies.planId))
    .where(inArray(companies.id, [...companyIds]));
  return new Map(rows.map((row) => [row.companyId, { usedBytes: row.usedBytes ?? undefined, quotaBytes: row.quotaMb ? row.quotaMb * MIB : null }]));
}

/** The bytes counted for the company; undefined when it was never measured. */
export async function findUsedBytes(db: Db, companyId: number): Promise<number | undefined> {
  const [row] = await db.select({ usedBytes: companyStorage.usedBytes }).from(companyStorage).where(eq(companyStorage.companyId, companyId));
  return row?.usedBytes;
}

/** Starts the count of a company at what its folder was measured to hold; a count already started (or a deleted company) is left alone. */
export async function insertMeasuredUsage(db: Db, companyId: number, bytes: number): Promise<void> {
  await db
    .insert(companyStorage)
    .select(db.select({ companyId: companies.id, usedBytes: sql<number>`${bytes}::bigint`.as("used_bytes") }).from(companies).where(eq(companies.id, companyId)))
    .onConflictDoNothing({ target: companyStorage.companyId });
}

/**
 * Adds `bytes` to the company's count; with a quota, only when the count stays within it. The condition
 * is on the counted row alone, so that PostgreSQL checks it again on the row a concurrent upload has just
 * updated: two files cannot both take the last free bytes. Answers whether the bytes were added (false:
 * the quota refuses, or the count was never started).
 */
export async function addUsedBytes(db: Db, companyId: number, bytes: number, quotaBytes: number | null): Promise<boolean> {
  const rows = await db
    .update(companyStorage)
    .set({ usedBytes: sql`${companyStorage.usedBytes} + ${bytes}::bigint` })
    .where(and(eq(companyStorage.companyId, companyId), quotaBytes === null ? undefined : lte(sql`${companyStorage.usedBytes} + ${bytes}::bigint`, quotaBytes)))
    .returning({ usedBytes: companyStorage.usedBytes });
  return rows.length > 0;
}

/** Takes `bytes` off the company's count (never below 0); nothing when the count was never started. */
export async function subtractUsedBytes(db: Db, companyId: number, bytes: number): Promise<void> {
  await db
    .update(companyStorage)
    .set({ usedBytes: sql`greatest(${companyStorage.usedBytes} - ${bytes}::bigint, 0)` })
    .where(eq(companyStorage.companyId, companyId));
}
