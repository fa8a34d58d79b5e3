import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { violatedUniqueConstraint } from "../../db/errors.ts";
import { companies, plans, settings, users } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { ensureDefaultSettings } from "../settings/index.ts";
import { fitsUserLimit } from "../users/index.ts";
import { isCompanyNameTaken, lockCompanyNames } from "./companies.repository.ts";

/** What a new company starts with: its own fields, the campaigns setting, and its first admin. */
export interface NewCompany {
  name: string;
  email: string | null;
  phone: string | null;
  planId: number | null;
  status: boolean;
  dueDate: Date | null;
  recurrence: string | null;
  trialExpiration: Date | null;
  /** Kept as the company setting `campaignsEnabled`. */
  campaignsEnabled: boolean;
  /** Created by public sign-up: the outbound policy's exceptions (EGRESS_ALLOW) never apply to it. */
  signedUp?: boolean;
  admin: {
    name: string;
    email: string;
    /** Absent when the admin sets a first password from a mailed code: the account then has no usable password. */
    password?: string;
  };
}

export interface ProvisionedCompany {
  companyId: number;
  adminId: number;
}

/** A hash no password verifies against (argon2 hashes start with "$argon2"), for an account that has not set one yet. */
export const unusablePasswordHash = () => `!unset:${randomBytes(16).toString("hex")}`;

const duplicateCompany = () => new AppError("ERR_DUPLICATED_COMPANY", undefined, "A company with this name already exists");
const emailTaken = () => new AppError("ERR_EMAIL_ALREADY_EXISTS", undefined, "A user with this e-mail already exists");

/** A new company's own fields as the audit log records its creation. */
export function auditedNewCompany(input: NewCompany, adminId: number): Record<string, unknown> {
  const { name, email, phone, planId, status, dueDate, recurrence, trialExpiration, campaignsEnabled } = input;
  return { name, email, phone, planId, status, dueDate, recurrence, trialExpiration, campaignsEnabled, adminId };
}

/**
 * Creates a company with the default settings (campaignsEnabled as given) and its first admin, in one
 * transaction: nothing is left half-written. Company names are unique (case-insensitive) and user
 * e-mails unique across the installation. The first admin counts against the plan's user limit. Throws
 * ERR_DUPLICATED_COMPANY, ERR_EMAIL_ALREADY_EXISTS, ERR_NO_PLAN_FOUND, ERR_USER_LIMIT (a plan without room
 * for one user).
 */
export async function provisionCompany(
  db: Db,
  input: NewCompany,
  /** Runs in the same transaction once the company and its admin exist (the caller's audit entry). */
  onProvisioned?: (tx: Db, provisioned: ProvisionedCompany) => Promise<void>,
): Promise<ProvisionedCompany> {
  const passwordHash = input.admin.password === undefined ? unusablePasswordHash() : await hashPassword(input.admin.password);
  try {
    return await db.transaction(async (tx) => {
      // Serialise creations so that the name and e-mail checks below cannot race each other.
      await lockCompanyNames(tx);
      if (input.planId !== null) {
        const [plan] = await tx.select({ id: plans.id, users: plans.users }).from(plans).where(sql`${plans.id} = ${input.planId}`);
        if (!plan) throw new AppError("ERR_NO_PLAN_FOUND");
        if (!fitsUserLimit(0, plan.users)) throw new AppError("ERR_USER_LIMIT", undefined, "The plan's user limit has no room for the company's first admin");
      }
      if (await isCompanyNameTaken(tx, input.name)) throw duplicateCompany();
      const [sameEmail] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${input.admin.email.toLowerCase()}`);
      if (sameEmail) throw emailTaken();
      const [company] = await tx
        .insert(companies)
        .values({
          name: input.name,
          email: input.email,
          phone: input.phone,
          planId: input.planId,
          status: input.status,
          dueDate: input.dueDate,
          recurrence: input.recurrence,
          trialExpiration: input.trialExpiration,
          signedUp: input.signedUp ?? false,
        })
        .returning({ id: companies.id });
      if (!company) throw new Error("company not created");
      await ensureDefaultSettings(tx, company.id);
      await tx
        .update(settings)
        .set({ value: String(input.campaignsEnabled), updatedAt: sql`now()` })
        .where(sql`${settings.companyId} = ${company.id} and ${settings.key} = 'campaignsEnabled'`);
      const [admin] = await tx
        .insert(users)
        .values({ companyId: company.id, name: input.admin.name, email: input.admin.email, passwordHash, profile: "admin" })
        .returning({ id: users.id });
      if (!admin) throw new Error("admin not created");
      const provisioned = { companyId: company.id, adminId: admin.id };
      await onProvisioned?.(tx, provisioned);
      return provisioned;
    });
  } catch (error) {
    const constraint = violatedUniqueConstraint(error);
    if (constraint === undefined) throw error;
    throw constraint.startsWith("companies") ? duplicateCompany() : emailTaken();
  }
}
