import { type CompanyDetail, type WeeklySchedule, can } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { RequestContext } from "../../lib/context.ts";
import { recordAudit } from "../audit/index.ts";
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
 * Saves a company's weekly business hours (the engine reads them when scheduleType is "company"), with
 * its audit entry. Throws ERR_NO_COMPANY_FOUND (another company, unless super), ERR_NO_PERMISSION (not an admin).
 */
export async function updateCompanySchedules(deps: { db: Db }, ctx: RequestContext, companyId: number, schedules: WeeklySchedule): Promise<CompanyDetail> {
  if (!canSeeCompany(ctx, companyId)) throw notFound();
  if (!can({ profile: ctx.profile, isSuper: ctx.isSuper }, "settings:edit")) throw new AppError("ERR_NO_PERMISSION");
  return deps.db.transaction(async (tx) => {
    const current = await findCompanyDetail(tx, companyId, { lock: true });
    const company = current && (await saveCompanySchedules(tx, companyId, schedules));
    if (!current || !company) throw notFound();
    await recordAudit(tx, ctx, {
      action: "company.schedules.update",
      target: { type: "company", id: companyId },
      companyId,
      before: { schedules: current.schedules },
      after: { schedules: company.schedules },
    });
    return company;
  });
}
