import { z } from "zod";

export const ZPlan = z.object({
  id: z.number(),
  name: z.string(),
  users: z.number(),
  connections: z.number(),
  queues: z.number(),
  value: z.number(),
  useCampaigns: z.boolean(),
  useSchedules: z.boolean(),
  useInternalChat: z.boolean(),
  useExternalApi: z.boolean(),
  useKanban: z.boolean(),
  useOpenAi: z.boolean(),
  useIntegrations: z.boolean(),
});
export type Plan = z.infer<typeof ZPlan>;

export const ZCompanyPlanParams = z.object({ companyId: z.coerce.number().int().positive().max(2147483647) });

/** Answer of GET /companies/listPlan/{companyId}. */
export const ZCompanyPlanResponse = z.object({
  id: z.number(),
  name: z.string(),
  dueDate: z.string().nullable(),
  plan: ZPlan,
});
export type CompanyPlanResponse = z.infer<typeof ZCompanyPlanResponse>;
