import { z } from "zod";
import { ZIdText } from "./common.ts";
import { ZBusinessDay, ZWeeklySchedule } from "./business-hours.ts";
import { ZPlan } from "./plans.ts";


export const ZCompanyPlanParams = z.object({ companyId: ZIdText });

/** Answer of GET /companies/listPlan/{companyId}. */
export const ZCompanyPlanResponse = z.object({
  id: z.number(),
  name: z.string(),
  dueDate: z.string().nullable(),
  plan: ZPlan,
});
export type CompanyPlanResponse = z.infer<typeof ZCompanyPlanResponse>;

/**
 * GET /companies/{id}: the own company as the settings page needs it (spec admin §7 "the lookup of the
 * own company (with schedules and planId)"). `schedules` is [] until business hours are saved.
 */
export const ZCompanyDetail = z.object({
  id: z.number(),
  name: z.string(),
  planId: z.number().nullable(),
  dueDate: z.string().nullable(),
  /** IANA time zone the business hours are read in. */
  timezone: z.string(),
  schedules: z.array(ZBusinessDay),
});
export type CompanyDetail = z.infer<typeof ZCompanyDetail>;

/** PUT /companies/{id}/schedules: the company's weekly business hours, one entry per weekday. */
export const ZUpdateCompanySchedulesBody = z.strictObject({ schedules: ZWeeklySchedule });
export type UpdateCompanySchedulesBody = z.infer<typeof ZUpdateCompanySchedulesBody>;
