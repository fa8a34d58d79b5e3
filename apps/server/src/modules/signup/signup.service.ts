import { type ParsedSignupBody, type SignupResponse, type SignupStatus, TRIAL_DAYS } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import { type RateRule, hitRateLimits } from "../../db/rate-limit.ts";
import { recordAudit } from "../audit/index.ts";
import { type NewCompany, auditedNewCompany, provisionCompany } from "../companies/index.ts";
import { isSignupEnabled } from "../installation-settings/index.ts";
import { findSignupConflict } from "./signup.repository.ts";

export interface SignupDeps {
  db: Db;
  /** Billing's invoicing step: the new company's invoice at once when its due date calls for one. */
  invoicing?: { invoiceCompanyIfDue(companyId: number): Promise<unknown> };
  logger?: { error(obj: object, msg: string): void };
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Limits per client address (docs/security.md): every sign-up that passes the schema counts as an
 * attempt (refused or not, so probing e-mails or company names is slow), and at most a few companies
 * are created per hour.
 */
export const SIGNUP_LIMITS = {
  attempts: { max: 10, windowMs: HOUR_MS },
  created: { max: 3, windowMs: HOUR_MS },
} as const satisfies Record<string, RateRule>;

/** Whether public sign-up is open: what /signup asks before showing its form. */
export async function getSignupStatus(deps: SignupDeps): Promise<SignupStatus> {
  return { enabled: await isSignupEnabled(deps.db) };
}

/**
 * Signs a company up (spec admin §2, core §1): the company on the chosen plan, recurrence MENSAL, status
 * on, campaigns enabled, its due date and trial TRIAL_DAYS ahead, and its admin (named after the
 * company, with the given e-mail and password), who may log in at once. Throws ERR_SIGNUP_DISABLED when
 * a super user closed sign-up, ERR_RATE_LIMITED (details.retryAfter) past the address's limits,
 * ERR_NO_PLAN_FOUND (no such plan, or not public), ERR_EMAIL_ALREADY_EXISTS (any user of the installation), ERR_DUPLICATED_COMPANY.
 * The sign-up is recorded in the audit log as the new admin's, from `clientAddress`.
 */
export async function signUpCompany(deps: SignupDeps, body: ParsedSignupBody, clientAddress: string, now = new Date()): Promise<SignupResponse> {
  if (!(await isSignupEnabled(deps.db))) throw new AppError("ERR_SIGNUP_DISABLED", undefined, "Public sign-up is closed");
  await hitRateLimits(deps.db, [{ name: "signup.attempt", subject: clientAddress, rule: SIGNUP_LIMITS.attempts }], now);
  const conflict = await findSignupConflict(deps.db, body);
  if (conflict === "no-plan") throw new AppError("ERR_NO_PLAN_FOUND");
  if (conflict === "email") throw new AppError("ERR_EMAIL_ALREADY_EXISTS", undefined, "A user with this e-mail already exists");
  if (conflict === "company-name") throw new AppError("ERR_DUPLICATED_COMPANY", undefined, "A company with this name already exists");
  await hitRateLimits(deps.db, [{ name: "signup.created", subject: clientAddress, rule: SIGNUP_LIMITS.created }], now);

  const trialEnd = new Date(now.getTime() + TRIAL_DAYS * DAY_MS);
  const input: NewCompany = {
    name: body.name,
    email: body.email,
    phone: body.phone ?? null,
    planId: body.planId,
    status: true,
    dueDate: trialEnd,
    recurrence: "MENSAL",
    trialExpiration: trialEnd,
    campaignsEnabled: true,
    signedUp: true,
    admin: { name: body.name, email: body.email, password: body.password },
  };
  // No session signs up: the entry names the new admin, in the new company, from the client's address.
  const { companyId } = await provisionCompany(deps.db, input, (tx, { companyId: id, adminId }) =>
    recordAudit(tx, { userId: adminId, companyId: id, ip: clientAddress }, { action: "company.signup", target: { type: "company", id }, after: auditedNewCompany(input, adminId) }),
  );
  try {
    await deps.invoicing?.invoiceCompanyIfDue(companyId);
  } catch (error) {
    // The company is signed up whatever happens here: the daily run creates the invoice later.
    deps.logger?.error({ err: error, companyId }, "the new company's due invoice was not created now: the daily run creates it");
  }
  return { id: companyId, name: body.name, email: body.email, dueDate: trialEnd.toISOString(), trialExpiration: trialEnd.toISOString() };
}
