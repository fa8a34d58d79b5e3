import { eq } from "drizzle-orm";
import type { CompanyPlanResponse } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { companies, plans } from "../../db/schema/index.ts";

export async function findCompanyWithPlan(db: Db, companyId: number): Promise<CompanyPlanResponse | undefined> {
  const [row] = await db
    .select({ company: { id: companies.id, name: companies.name, dueDate: companies.dueDate }, plan: plans })
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, companyId));
  if (!row) return undefined;
  const { plan } = row;
  return {
    id: row.company.id,
    name: row.company.name,
    dueDate: row.company.dueDate?.toISOString() ?? null,
    plan: {
      id: plan.id,
      name: plan.name,
      users: plan.users,
      connections: plan.connections,
      queues: plan.queues,
      value: Number(plan.value),
      useCampaigns: plan.useCampaigns,
      useSchedules: plan.useSchedules,
      useInternalChat: plan.useInternalChat,
      useExternalApi: plan.useExternalApi,
      useKanban: plan.useKanban,
      useOpenAi: plan.useOpenAi,
      useIntegrations: plan.useIntegrations,
    },
  };
}
