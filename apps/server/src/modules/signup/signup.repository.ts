import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { companies, plans, users } from "../../db/schema/index.ts";

/** What would refuse a sign-up, looked up before it spends one of the address's sign-ups (provisioning checks again, atomically). */
export async function findSignupConflict(db: Db, input: { planId: number; name: string; email: string }): Promise<"no-plan" | "company-name" | "email" | undefined> {
  const [[plan], [sameName], [sameEmail]] = await Promise.all([
    // Only a public plan can be chosen at sign-up: the others are given by the provider.
    db.select({ id: plans.id }).from(plans).where(and(eq(plans.id, input.planId), eq(plans.isPublic, true))),
    db.select({ id: companies.id }).from(companies).where(sql`lower(${companies.name}) = ${input.name.toLowerCase()}`),
    db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${input.email.toLowerCase()}`),
  ]);
  if (!plan) return "no-plan";
  if (sameEmail) return "email";
  if (sameName) return "company-name";
  return undefined;
}
