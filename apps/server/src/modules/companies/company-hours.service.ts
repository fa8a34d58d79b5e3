import { type CompanyDetail, type WeeklySchedule, can } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { RequestContext } from "../../lib/context.ts";
import { canSeeCompany } from "./companies.policy.ts";
import { findCompanyDetail, saveCompanySchedules } from "./company-hours.repository.ts";

const notFound = () => new AppError("ERR_NO_COMPANY_FOUND");

/**
 * A company's name, plan id, due date, time zone and business hours. Only the session's own company
 * unless super: another one answers ERR_NO_COMPANY_FOUND, exactly as a missing one.
 */
export async function getCompanyDetail(deps: { db: Db }, ctx: RequestContext, companyId: number): Promise<CompanyDetail> {
  if (!canSeeCompany(ctx, companyId)) throw notFound();
  const company = await findCompanyDetail(deps.db, companyId);
  if (!company) throw notFound();
  return company;
}

/**
 * Saves a company's weekly business hours (the engine reads them when scheduleType is "company").
 * Throws ERR_NO_COMPANY_FOUND (another company, unless super), ERR_NO_PERMISSION (not an admin).
 */
export async function updateCompanySchedules(deps: { db: Db }, ctx: RequestContext, companyId: number, schedules: WeeklySchedule): Promise<CompanyDetail> {
  if (!canSeeCompany(ctx, companyId)) throw notFound();
  if (!can({ profile: ctx.profile, isSuper: ctx.isSuper }, "settings:edit")) throw new AppError("ERR_NO_PERMISSION");
  const company = await saveCompanySchedules(deps.db, companyId, schedules);
  if (!company) throw notFound();
  return company;
}
