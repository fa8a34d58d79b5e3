import type {
  Company,
  CompanyAdminDetail,
  CompanyStorage,
  CreatedCompany,
  CompanyListRow,
  CompanyDetail,
  CompanyPlanResponse,
  ListCompaniesQuery,
  ListCompaniesResponse,
  ZCreateCompanyBody,
  ZUpdateCompanyBody,
} from "@conversa/shared";
import { renewDueDate } from "@conversa/shared";
import type { z } from "zod";
import type { ChannelManager } from "../../channels/channel-manager.ts";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import type { DomainEvents } from "../../events/domain-events.ts";
import { AppError } from "../../lib/app-error.ts";
import type { RequestContext } from "../../lib/context.ts";
import type { MediaStore } from "../../media/media-store.ts";
import type { MailLanguage } from "../../mail/language.ts";
import { type AccountCodeDeps, sendAccountCode } from "../account-codes/index.ts";
import { recordAudit } from "../audit/index.ts";
import { lockCompanyUsers, lockSuperUsers } from "../users/index.ts";
import { canManageCompanies, canSeeCompany, canSeeCompanyStorage, isOwnCompany } from "./companies.policy.ts";
import {
  countSupersOutside,
  deleteCompanyRow,
  endCompanySessions,
  findCompany,
  findCompanyAdminDetail,
  findCompanyWithPlan,
  isCompanyNameTaken,
  listCompanyConnectionIds,
  listCompanyPage,
  listCompanyRows,
  listCompanyUserIds,
  lockCompanyNames,
  lockCompanyRow,
  planExists,
  setCampaignsEnabled,
  updateCompanyRow,
} from "./companies.repository.ts";
import { getCompanyDetail } from "./company-hours.service.ts";
import { type NewCompany, auditedNewCompany, provisionCompany } from "./company-provisioning.ts";

export interface CompaniesDeps {
  db: Db;
  events: DomainEvents;
  channels: Pick<ChannelManager, "stopSession" | "remove">;
  media: Pick<MediaStore, "removeCompany">;
  /** Mails the first admin of a new company the code to set a password. */
  invitations: AccountCodeDeps;
  /** Billing's invoicing step: the company's invoice as soon as its due date is past or within the lead days. */
  invoicing?: CompanyInvoicing;
  logger?: { error(obj: object, msg: string): void };
}

/** What the companies module asks of billing, assembled by its routes (the module imports no workflow). */
export interface CompanyInvoicing {
  invoiceCompanyIfDue(companyId: number): Promise<unknown>;
}

/**
 * Gives a company its invoice now when its due date calls for one (created, or its due date or plan
 * changed), rather than at the next daily run. The company is saved whatever happens here: a failure is
 * logged and the daily run, the same idempotent step, creates the invoice later.
 */
async function invoiceIfDue(deps: CompaniesDeps, companyId: number): Promise<void> {
  if (!deps.invoicing) return;
  try {
    await deps.invoicing.invoiceCompanyIfDue(companyId);
  } catch (error) {
    deps.logger?.error({ err: error, companyId }, "the company's due invoice was not created now: the daily run creates it");
  }
}

type ParsedCreateBody = z.output<typeof ZCreateCompanyBody>;
type ParsedUpdateBody = z.output<typeof ZUpdateCompanyBody>;

const notFound = () => new AppError("ERR_NO_COMPANY_FOUND");
const duplicate = () => new AppError("ERR_DUPLICATED_COMPANY", undefined, "A company with this name already exists");
const ownCompany = () => new AppError("ERR_OWN_COMPANY", undefined, "Your own company cannot be disabled or deleted");

function requireSuper(ctx: RequestContext): void {
  if (!canManageCompanies(ctx)) throw new AppError("ERR_NO_PERMISSION");
}

async function requireCompany(db: Db, id: number): Promise<Company> {
  const company = await findCompany(db, id);
  if (!company) throw notFound();
  return company;
}

/**
 * The plan of a company (its feature flags). Only the session's own company unless super:
 * another company answers ERR_NO_COMPANY_FOUND, exactly as a missing one.
 */
export async function getCompanyPlan(deps: { db: Db }, ctx: RequestContext, companyId: number): Promise<CompanyPlanResponse> {
  if (!canSeeCompany(ctx, companyId)) throw notFound();
  const company = await findCompanyWithPlan(deps.db, companyId);
  if (!company) throw notFound();
  return company;
}

/**
 * A page of the installation's companies by name, searched in name and e-mail, each with the media it
 * stores. Throws ERR_NO_PERMISSION (not a super user).
 */
export async function listCompanies(deps: { db: Db; media: Pick<MediaStore, "usageOfCompanies"> }, ctx: RequestContext, query: ListCompaniesQuery): Promise<ListCompaniesResponse> {
  requireSuper(ctx);
  const page = await listCompanyPage(deps.db, query.searchParam, query.pageNumber);
  const storage = await deps.media.usageOfCompanies(page.companies.map((company) => company.id));
  return { ...page, companies: page.companies.map((company) => ({ ...company, storage: storage.get(company.id) ?? { usedBytes: 0, quotaBytes: null } })) };
}

/**
 * The media the session's company stores and its plan's storage quota (docs/security.md, "Storage
 * quota"). Throws ERR_NO_PERMISSION to anyone but its admins (and super users).
 */
export async function getCompanyStorage(deps: { media: Pick<MediaStore, "usageOf"> }, ctx: RequestContext): Promise<CompanyStorage> {
  if (!canSeeCompanyStorage(ctx)) throw new AppError("ERR_NO_PERMISSION");
  return deps.media.usageOf(ctx.companyId);
}

/** Every company of the installation by name (selects). Throws ERR_NO_PERMISSION (not a super user). */
export async function listAllCompanies(deps: { db: Db }, ctx: RequestContext): Promise<CompanyListRow[]> {
  requireSuper(ctx);
  const rows = await listCompanyRows(deps.db);
  return rows.map((company) => ({ ...company, settings: [{ key: "campaignsEnabled", value: String(company.campaignsEnabled) }] }));
}

/**
 * GET /companies/{id}: to a super user any company with its plan, settings-held fields, hours and the
 * counts of its records (what deleting it would take away); to anyone else only their own company's
 * detail (getCompanyDetail). Throws ERR_NO_COMPANY_FOUND (missing, or another company for a non-super user).
 */
export async function lookupCompany(deps: { db: Db }, ctx: RequestContext, id: number): Promise<CompanyAdminDetail | CompanyDetail> {
  if (!canManageCompanies(ctx)) return getCompanyDetail(deps, ctx, id);
  const company = await findCompanyAdminDetail(deps.db, id);
  if (!company) throw notFound();
  return company;
}

/**
 * Creates a company with its default settings (campaignsEnabled as given) and its first admin, whose
 * e-mail is the company's and who has no password yet (an account no password opens until one is set).
 * Once the company is committed the admin is mailed an invitation code (in `language`) to set a password
 * at /forgetpsw. A server without mail refuses before anything is written (the admin could never log in);
 * a send that fails leaves the company as created and says so (`invitation: "failed"`): the admin then
 * asks for a code at /forgetpsw. Throws ERR_NO_PERMISSION (not a super user), ERR_MAIL_NOT_CONFIGURED,
 * ERR_DUPLICATED_COMPANY, ERR_EMAIL_ALREADY_EXISTS (the admin's e-mail), ERR_NO_PLAN_FOUND, ERR_USER_LIMIT
 * (a plan without room for one user).
 */
export async function createCompany(deps: CompaniesDeps, ctx: RequestContext, body: ParsedCreateBody, language: MailLanguage): Promise<CreatedCompany> {
  requireSuper(ctx);
  if (!deps.invitations.mailer.enabled) throw new AppError("ERR_MAIL_NOT_CONFIGURED", undefined, "This server has no mail configured (SMTP_URL)");
  const input: NewCompany = {
    name: body.name,
    email: body.email,
    phone: body.phone,
    planId: body.planId,
    status: body.status,
    dueDate: body.dueDate,
    recurrence: body.recurrence,
    trialExpiration: null,
    campaignsEnabled: body.campaignsEnabled,
    admin: { name: body.name, email: body.email },
  };
  const provisioned = await provisionCompany(deps.db, input, (tx, { companyId, adminId }) =>
    recordAudit(tx, ctx, { action: "company.create", target: { type: "company", id: companyId }, companyId, after: auditedNewCompany(input, adminId) }),
  );
  await invoiceIfDue(deps, provisioned.companyId);
  let invitation: CreatedCompany["invitation"] = "sent";
  try {
    await sendAccountCode(deps.invitations, { id: provisioned.adminId, email: body.email, name: body.name }, "invite", language);
  } catch (error) {
    invitation = "failed";
    deps.logger?.error({ companyId: provisioned.companyId, code: error instanceof AppError ? error.code : undefined }, "the new company's invitation could not be mailed");
  }
  return { ...(await requireCompany(deps.db, provisioned.companyId)), invitation };
}

/**
 * Replaces a company's fields. With `renew`, the due date sent is renewed by the recurrence (spec core
 * §4: only when a date exists; an empty or invalid one is null and stays null). Disabling a company ends
 * the sessions of its users (super users excepted) in the same transaction, drops their sockets in every
 * process and stops its connections' sessions (DISCONNECTED; enabling it again starts none). A lower
 * plan is allowed even under the company's current counts: only new users, connections and queues are
 * then refused. Throws ERR_NO_PERMISSION (not a super user), ERR_NO_COMPANY_FOUND, ERR_OWN_COMPANY
 * (disabling one's own company), ERR_DUPLICATED_COMPANY, ERR_NO_PLAN_FOUND.
 */
export async function updateCompany(deps: CompaniesDeps, ctx: RequestContext, id: number, body: ParsedUpdateBody): Promise<Company> {
  requireSuper(ctx);
  if (isOwnCompany(ctx, id) && !body.status) throw ownCompany();
  let outcome: { disabled: boolean; endedUserIds: number[]; setting: { key: string; value: string }; billingChanged: boolean };
  try {
    outcome = await deps.db.transaction(async (tx) => {
      await lockCompanyNames(tx);
      const current = await lockCompanyRow(tx, id);
      if (!current) throw notFound();
      if (await isCompanyNameTaken(tx, body.name, id)) throw duplicate();
      if (!(await planExists(tx, body.planId))) throw new AppError("ERR_NO_PLAN_FOUND");
      const dueDate = body.renew ? renewDueDate(body.dueDate, body.recurrence, current.timezone) : body.dueDate;
      const values = {
        name: body.name,
        email: body.email,
        phone: body.phone,
        planId: body.planId,
        status: body.status,
        dueDate,
        recurrence: body.recurrence,
      };
      await updateCompanyRow(tx, id, values);
      const setting = await setCampaignsEnabled(tx, id, body.campaignsEnabled);
      const { timezone: _timezone, ...before } = current;
      await recordAudit(tx, ctx, { action: "company.update", target: { type: "company", id }, companyId: id, before, after: { ...values, campaignsEnabled: body.campaignsEnabled } });
      const disabled = current.status && !body.status;
      const billingChanged = current.planId !== body.planId || current.dueDate?.getTime() !== dueDate?.getTime() || (!current.status && body.status);
      return { disabled, endedUserIds: disabled ? await endCompanySessions(tx, id) : [], setting, billingChanged };
    });
  } catch (error) {
    throw isUniqueViolation(error) ? duplicate() : error;
  }
  deps.events.publish("setting.updated", { companyId: id, setting: outcome.setting });
  if (outcome.billingChanged) await invoiceIfDue(deps, id);
  if (outcome.disabled) {
    deps.events.publish("sessions.ended", { companyId: id, userIds: outcome.endedUserIds });
    await stopConnections(deps, id, (connectionId) => deps.channels.stopSession(id, connectionId));
  }
  return requireCompany(deps.db, id);
}

/** Stops each of the company's connections; one that fails is logged and does not keep the others running. */
async function stopConnections(deps: CompaniesDeps, companyId: number, stop: (connectionId: number) => Promise<void>): Promise<void> {
  for (const connectionId of await listCompanyConnectionIds(deps.db, companyId)) {
    try {
      await stop(connectionId);
    } catch (error) {
      deps.logger?.error({ err: error, companyId, connectionId }, "connection session not stopped");
    }
  }
}

/**
 * Deletes a company and everything it holds: its connections' sessions are logged out first, then every
 * row of the company goes in one transaction (each company-owned table cascades from companies), its
 * users' sockets are dropped and its media folder is removed. No other company is touched. The super
 * user's own company cannot be deleted, nor the company holding the installation's last super users.
 * Jobs queued for the company's rows find nothing and do nothing. Throws ERR_NO_PERMISSION (not a
 * super user), ERR_OWN_COMPANY, ERR_NO_COMPANY_FOUND, ERR_LAST_SUPER.
 */
export async function deleteCompany(deps: CompaniesDeps, ctx: RequestContext, id: number): Promise<void> {
  requireSuper(ctx);
  if (isOwnCompany(ctx, id)) throw ownCompany();
  await requireCompany(deps.db, id);
  await stopConnections(deps, id, (connectionId) => deps.channels.remove(connectionId));
  const userIds = await deps.db.transaction(async (tx) => {
    // The users module's lock order: the company's users, then the installation's super users.
    await lockCompanyUsers(tx, id);
    await lockSuperUsers(tx);
    const current = await lockCompanyRow(tx, id);
    if (!current) throw notFound();
    if ((await countSupersOutside(tx, id)) === 0) throw new AppError("ERR_LAST_SUPER", undefined, "The installation must keep at least one super user");
    const ids = await listCompanyUserIds(tx, id);
    // Written before the row goes, so that the entry still carries the company's name.
    await recordAudit(tx, ctx, { action: "company.delete", target: { type: "company", id }, companyId: id, before: { name: current.name, email: current.email, planId: current.planId, status: current.status } });
    await deleteCompanyRow(tx, id);
    return ids;
  });
  deps.events.publish("sessions.ended", { companyId: id, userIds });
  try {
    await deps.media.removeCompany(id);
  } catch (error) {
    // The rows are gone: files left behind are unreachable (media is served only to the owning company's users).
    deps.logger?.error({ err: error, companyId: id }, "media folder of a deleted company not removed");
  }
}
