import type { CompanyPlanResponse } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { RequestContext } from "../../lib/context.ts";
import { canSeeCompany } from "./companies.policy.ts";
import { findCompanyWithPlan } from "./companies.repository.ts";

/**
 * The plan of a company (its feature flags). Only the session's own company unless super:
 * another company answers ERR_NO_COMPANY_FOUND, exactly as a missing one.
 */
export async function getCompanyPlan(deps: { db: Db }, ctx: RequestContext, companyId: number): Promise<CompanyPlanResponse> {
  if (!canSeeCompany(ctx, companyId)) throw new AppError("ERR_NO_COMPANY_FOUND");
  const company = await findCompanyWithPlan(deps.db, companyId);
  if (!company) throw new AppError("ERR_NO_COMPANY_FOUND");
  return company;
}
