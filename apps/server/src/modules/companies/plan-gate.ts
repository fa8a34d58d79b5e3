import { eq } from "drizzle-orm";
import { type PlanFlag, planAllows } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { companies, plans } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";

/**
 * Refuses a feature the company's plan switches off (spec core §1: a flag counts as on unless it is
 * explicitly false; a company without a plan is not limited). Throws ERR_NO_PERMISSION with the flag.
 */
export async function assertPlanAllows(db: Db, companyId: number, flag: PlanFlag): Promise<void> {
  const [row] = await db.select({ allowed: plans[flag] }).from(companies).leftJoin(plans, eq(plans.id, companies.planId)).where(eq(companies.id, companyId));
  if (!planAllows({ [flag]: row?.allowed ?? null }, flag)) throw new AppError("ERR_NO_PERMISSION", { planFlag: flag }, `The plan does not include ${flag}`);
}
