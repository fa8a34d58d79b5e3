import { z } from "zod";
import { RECURRENCES, parseDueDate } from "../company-due-date.ts";
import { ZId, ZIdText, ZSingleLineName } from "./common.ts";
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

/** GET /companies answers pages of this many companies. */
export const COMPANIES_PAGE_SIZE = 20;
/** A company's phone: digits with the usual separators, as typed. */
export const COMPANY_PHONE = /^[0-9()+\-. ]{0,20}$/;

export const ZRecurrence = z.enum(RECURRENCES);

/**
 * A company as the super users' Empresas tab lists it (spec core §3). `campaignsEnabled` is the
 * company setting of that key; `plan` names the company's plan.
 */
export const ZCompany = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  planId: z.number().nullable(),
  plan: z.object({ id: z.number(), name: z.string() }).nullable(),
  status: z.boolean(),
  campaignsEnabled: z.boolean(),
  dueDate: z.string().nullable(),
  /** MENSAL, BIMESTRAL, TRIMESTRAL, SEMESTRAL or ANUAL; null for a company that never had one. */
  recurrence: z.string().nullable(),
  createdAt: z.string(),
  trialExpiration: z.string().nullable(),
});
export type Company = z.infer<typeof ZCompany>;

/**
 * The answer to creating a company: the company, and whether the invitation to set a password reached
 * the mail server ("failed": the company exists; its admin asks for a code at /forgetpsw).
 */
export const ZCreatedCompany = ZCompany.extend({ invitation: z.enum(["sent", "failed"]) });
export type CreatedCompany = z.infer<typeof ZCreatedCompany>;

/** A company setting as the companies list carries it: its key and its stored text. */
export const ZCompanySetting = z.object({ key: z.string(), value: z.string() });

/**
 * A row of GET /companies/list: the company, and the settings the Empresas tab reads from it
 * (`campaignsEnabled` as `{ key: "campaignsEnabled", value: "true" | "false" }`, spec admin §3).
 */
export const ZCompanyListRow = ZCompany.extend({ settings: z.array(ZCompanySetting) });
export type CompanyListRow = z.infer<typeof ZCompanyListRow>;

/** What deleting a company takes away with it: its records, counted (the confirmation names them). */
export const ZCompanyCounts = z.object({
  users: z.number(),
  connections: z.number(),
  queues: z.number(),
  contacts: z.number(),
  tickets: z.number(),
  messages: z.number(),
  schedules: z.number(),
  quickMessages: z.number(),
  tags: z.number(),
});
export type CompanyCounts = z.infer<typeof ZCompanyCounts>;

/** GET /companies/{id} for a super user: any company, with its plan, settings-held fields and counts. */
export const ZCompanyAdminDetail = ZCompany.extend({
  timezone: z.string(),
  schedules: z.array(ZBusinessDay),
  counts: ZCompanyCounts,
});
export type CompanyAdminDetail = z.infer<typeof ZCompanyAdminDetail>;

/** GET /companies/{id}: the administration detail to super users, the own company's detail to everyone else. */
export const ZCompanyLookup = z.union([ZCompanyAdminDetail, ZCompanyDetail]);

const companyFields = {
  name: ZSingleLineName,
  /** The company's e-mail; on creation also the e-mail of its first admin, who is invited to set a password. */
  email: z.string().trim().toLowerCase().email().max(255),
  phone: z
    .string()
    .trim()
    .regex(COMPANY_PHONE)
    .nullable()
    .optional()
    .transform((phone) => phone || null),
  planId: ZId,
  status: z.boolean().default(true),
  /** Kept as the company setting `campaignsEnabled`. */
  campaignsEnabled: z.boolean().default(true),
  /** An ISO date or date-time; empty or invalid becomes null (spec admin §5). */
  dueDate: z
    .string()
    .nullable()
    .optional()
    .transform((value) => parseDueDate(value)),
  /** MENSAL when left out or empty (a company listed without one is sent back with ""). */
  recurrence: z
    .union([ZRecurrence, z.literal("")])
    .optional()
    .transform((value) => value || "MENSAL"),
};

/** POST /companies (super users): a new company, its default settings and its first admin (`email`). */
export const ZCreateCompanyBody = z.strictObject(companyFields);
export type CreateCompanyBody = z.input<typeof ZCreateCompanyBody>;

/**
 * PUT /companies/{id} (super users): the whole company. With `renew`, the due date sent is renewed
 * by the recurrence (spec core §4: only when a date exists).
 */
export const ZUpdateCompanyBody = z.strictObject({ ...companyFields, renew: z.boolean().default(false) });
export type UpdateCompanyBody = z.input<typeof ZUpdateCompanyBody>;

/** GET /companies: a page of companies by name, searched in name and e-mail. */
export const ZListCompaniesQuery = z.object({
  searchParam: z.string().max(200).optional(),
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
});
export type ListCompaniesQuery = z.infer<typeof ZListCompaniesQuery>;

/**
 * A company's stored media (docs/security.md, "Storage quota"): what it keeps, in bytes, and its plan's
 * quota in bytes, null when unlimited (no plan, or a plan whose quota is 0).
 */
export const ZCompanyStorage = z.object({ usedBytes: z.number(), quotaBytes: z.number().nullable() });
export type CompanyStorage = z.infer<typeof ZCompanyStorage>;

/** A company of the Empresas tab's table: the company and the media it stores. */
export const ZCompanyListItem = ZCompany.extend({ storage: ZCompanyStorage });
export type CompanyListItem = z.infer<typeof ZCompanyListItem>;

export const ZListCompaniesResponse = z.object({ companies: z.array(ZCompanyListItem), count: z.number(), hasMore: z.boolean() });
export type ListCompaniesResponse = z.infer<typeof ZListCompaniesResponse>;
