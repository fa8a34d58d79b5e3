import { z } from "zod";

/** Plan names: 2 to 50 characters, unique across the installation. */
export const PLAN_NAME_MIN = 2;
export const PLAN_NAME_MAX = 50;
/** Upper bound of a plan's users, connections and queues. */
export const PLAN_LIMIT_MAX = 100_000;
/** Upper bound of a plan's storage quota in MiB (1 TiB). */
export const PLAN_STORAGE_QUOTA_MAX_MB = 1_048_576;
/** The storage quota of a plan created without one: 5 GiB. */
export const PLAN_STORAGE_QUOTA_DEFAULT_MB = 5120;
/** Upper bound of a plan's monthly price in BRL. */
export const PLAN_VALUE_MAX = 1_000_000;

/** The plan's feature flags (spec core §1), the same in the plan and in its body. */
const planFlagFields = {
  useCampaigns: z.boolean(),
  useSchedules: z.boolean(),
  useInternalChat: z.boolean(),
  useExternalApi: z.boolean(),
  useKanban: z.boolean(),
  useOpenAi: z.boolean(),
  useIntegrations: z.boolean(),
};

/** A plan (spec admin §3): its limits, its monthly price in BRL and its feature flags. */
export const ZPlan = z.object({
  id: z.number(),
  name: z.string(),
  users: z.number(),
  connections: z.number(),
  queues: z.number(),
  value: z.number(),
  /** Media the company may keep, in MiB; 0 is unlimited. */
  storageQuotaMb: z.number(),
  ...planFlagFields,
});
export type Plan = z.infer<typeof ZPlan>;

const ZPlanLimit = z.number().int().min(0).max(PLAN_LIMIT_MAX);

/** A price in BRL: not negative, at most 2 decimals (the column keeps cents). */
export const ZPlanValue = z
  .number()
  .min(0)
  .max(PLAN_VALUE_MAX)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, { message: "At most 2 decimals" });

/** POST /plans and PUT /plans/{id}: the whole plan (the form always sends every field; `storageQuotaMb` may be left out). */
export const ZPlanBody = z.strictObject({
  name: z.string().trim().min(PLAN_NAME_MIN).max(PLAN_NAME_MAX),
  users: ZPlanLimit,
  connections: ZPlanLimit,
  queues: ZPlanLimit,
  value: ZPlanValue,
  /**
   * Media the company may keep, in MiB; 0 is unlimited. Optional: the previous generation's clients
   * never send it, and then a new plan gets PLAN_STORAGE_QUOTA_DEFAULT_MB and an updated one keeps its own.
   */
  storageQuotaMb: z.number().int().min(0).max(PLAN_STORAGE_QUOTA_MAX_MB).optional(),
  ...planFlagFields,
});
export type PlanBody = z.infer<typeof ZPlanBody>;
