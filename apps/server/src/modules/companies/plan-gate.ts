import { eq } from "drizzle-orm";
import { type PlanFlag, planAllows } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { companies, plans } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";

/**
 * Whether the company's plan includes a feature (spec core §1: a flag counts as on unless it is
 * explicitly false; a company without a plan is not limited).
 */
export async function companyPlanAllows(db: Db, companyId: number, flag: PlanFlag): Promise<boolean> {
  const [row] = await db.select({ allowed: plans[flag] }).from(companies).leftJoin(plans, eq(plans.id, companies.planId)).where(eq(companies.id, companyId));
  return planAllows({ [flag]: row?.allowed ?? null }, flag);
}

/** Refuses a feature the company's plan switches off. Throws ERR_PLAN_FEATURE_DISABLED with details.planFlag. */
export async function assertPlanAllows(db: Db, companyId: number, flag: PlanFlag): Promise<void> {
  if (!(await companyPlanAllows(db, companyId, flag))) {
    throw new AppError("ERR_PLAN_FEATURE_DISABLED", { planFlag: flag }, `The company's plan does not include ${flag}`);
  }
}
