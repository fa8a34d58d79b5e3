import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { hashPassword } from "../lib/passwords.ts";
import { ensureDefaultSettings } from "../modules/settings/settings.repository.ts";
import type { Db } from "./client.ts";
import { companies, plans, users } from "./schema/index.ts";

export interface SeedResult {
  seeded: boolean;
  adminEmail?: string;
  /** Present only when the password was generated here; printed once and never stored in clear. */
  generatedPassword?: string;
}

/**
 * On an empty database: a plan with every flag on, company 1 due a year ahead with the default
 * settings, and a super admin. A database that already has a company is left as it is.
 */
export async function seedIfEmpty(db: Db, options: { adminEmail: string; adminPassword?: string; now?: Date }): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    // Serialise concurrent first starts on one database.
    await tx.execute(sql`select pg_advisory_xact_lock(727001)`);
    const [existing] = await tx.select({ id: companies.id }).from(companies).limit(1);
    if (existing) return { seeded: false };

    const now = options.now ?? new Date();
    const dueDate = new Date(now);
    dueDate.setFullYear(dueDate.getFullYear() + 1);

    const [plan] = await tx
      .insert(plans)
      .values({ name: "Plano Completo", users: 10, connections: 5, queues: 10, value: "0" })
      .returning({ id: plans.id });
    if (!plan) throw new Error("seed: plan not created");
    const [company] = await tx
      .insert(companies)
      .values({ name: "Conversa Demo", email: options.adminEmail, planId: plan.id, status: true, dueDate, recurrence: "MENSAL" })
      .returning({ id: companies.id });
    if (!company) throw new Error("seed: company not created");
    await ensureDefaultSettings(tx, company.id);

    const generatedPassword = options.adminPassword ? undefined : randomBytes(9).toString("base64url");
    const password = options.adminPassword ?? generatedPassword ?? "";
    await tx.insert(users).values({
      companyId: company.id,
      name: "Administrador",
      email: options.adminEmail,
      passwordHash: await hashPassword(password),
      profile: "admin",
      isSuper: true,
    });
    return { seeded: true, adminEmail: options.adminEmail, generatedPassword };
  });
}
