import { and, asc, eq, exists, or, sql } from "drizzle-orm";
import type { Plan, PlanBody } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation, pgErrorCode } from "../../db/errors.ts";
import { companies, plans } from "../../db/schema/index.ts";

type PlanRow = typeof plans.$inferSelect;

/** A plan row as the API shows it: the price as a number of BRL. */
export function planOf(row: PlanRow): Plan {
  return {
    id: row.id,
    name: row.name,
    users: row.users,
    connections: row.connections,
    queues: row.queues,
    value: Number(row.value),
    storageQuotaMb: row.storageQuotaMb,
    isPublic: row.isPublic,
    useCampaigns: row.useCampaigns,
    useSchedules: row.useSchedules,
    useInternalChat: row.useInternalChat,
    useExternalApi: row.useExternalApi,
    useKanban: row.useKanban,
    useOpenAi: row.useOpenAi,
    useIntegrations: row.useIntegrations,
  };
}

/**
 * The column values of a plan body: the price kept with its 2 decimals; a storage quota or public flag
 * left out is not written (a new plan gets the column's default, an updated one keeps its own).
 */
function valuesOf(body: PlanBody) {
  const { storageQuotaMb, isPublic, ...rest } = body;
  return { ...rest, value: body.value.toFixed(2), ...(storageQuotaMb === undefined ? {} : { storageQuotaMb }), ...(isPublic === undefined ? {} : { isPublic }) };
}

/** A delete refused by a referencing row: 23001 for ON DELETE RESTRICT, 23503 for NO ACTION. */
const STILL_REFERENCED = new Set(["23001", "23503"]);

/** Every plan of the installation by name. */
export async function listPlanRows(db: Db): Promise<Plan[]> {
  const rows = await db.select().from(plans).orderBy(asc(plans.name), asc(plans.id));
  return rows.map(planOf);
}

/** The public plans by name (what /signup and the checkout offer). */
export async function listPublicPlanRows(db: Db): Promise<Plan[]> {
  const rows = await db.select().from(plans).where(eq(plans.isPublic, true)).orderBy(asc(plans.name), asc(plans.id));
  return rows.map(planOf);
}

/**
 * One plan as `viewer` may read it: any plan for a super user (`viewer` undefined), otherwise a public
 * plan or the plan the viewer's company is on; undefined for any other.
 */
export async function findPlanRow(db: Db, id: number, viewer?: { companyId: number }): Promise<Plan | undefined> {
  const visible = viewer
    ? or(eq(plans.isPublic, true), exists(db.select({ id: companies.id }).from(companies).where(and(eq(companies.id, viewer.companyId), eq(companies.planId, plans.id)))))
    : undefined;
  const [row] = await db.select().from(plans).where(and(eq(plans.id, id), visible));
  return row ? planOf(row) : undefined;
}

/** A plan, its row locked until the end of the transaction `tx`. */
export async function lockPlanRow(tx: Db, id: number): Promise<Plan | undefined> {
  const [row] = await tx.select().from(plans).where(eq(plans.id, id)).for("update");
  return row ? planOf(row) : undefined;
}

/** Inserts a plan; undefined when another plan has this name (the name is unique in the table). */
export async function insertPlan(db: Db, body: PlanBody): Promise<Plan | undefined> {
  const [row] = await db.insert(plans).values(valuesOf(body)).onConflictDoNothing({ target: plans.name }).returning();
  return row ? planOf(row) : undefined;
}

/** Updates a plan: the plan, "missing", or "duplicate" when another plan has the name. */
export async function updatePlanRow(db: Db, id: number, body: PlanBody): Promise<Plan | "missing" | "duplicate"> {
  try {
    const [row] = await db
      .update(plans)
      .set({ ...valuesOf(body), updatedAt: sql`now()` })
      .where(eq(plans.id, id))
      .returning();
    return row ? planOf(row) : "missing";
  } catch (error) {
    if (isUniqueViolation(error)) return "duplicate";
    throw error;
  }
}

/**
 * Deletes a plan: the plan deleted, "missing", or "in-use" when a company is on it (the companies' foreign
 * key restricts the delete, so a company moved onto the plan at the same moment is never left without it).
 */
export async function deletePlanRow(db: Db, id: number): Promise<Plan | "missing" | "in-use"> {
  try {
    const [row] = await db.delete(plans).where(eq(plans.id, id)).returning();
    return row ? planOf(row) : "missing";
  } catch (error) {
    if (STILL_REFERENCED.has(pgErrorCode(error) ?? "")) return "in-use";
    throw error;
  }
}
