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
  /** Offered to anyone: at /signup, in GET /plans/list and in the checkout. A plan that is not public is only given by the provider. */
  isPublic: z.boolean(),
  ...planFlagFields,
});
export type Plan = z.infer<typeof ZPlan>;

const ZPlanLimit = z.number().int().min(0).max(PLAN_LIMIT_MAX);

/** A price typed as text: digits, then a comma or a point and 1 or 2 decimals ("99", "99,9", "99.90"). */
const PRICE_TEXT = /^(\d{1,9})(?:[.,](\d{1,2}))?$/;

/** The number of BRL a price text names, through its cents so that "99,9" is exactly 99.9. */
function priceOfText(text: string): number {
  const [, whole = "0", decimals = ""] = PRICE_TEXT.exec(text) ?? [];
  return (Number(whole) * 100 + Number(decimals.padEnd(2, "0"))) / 100;
}

/**
 * A price in BRL: not negative, at most 2 decimals (the column keeps cents). A number, or its text with a
 * comma or a point before the decimals (the previous generation's Planos form sends "99,9" back after a
 * row is loaded); any other text is refused.
 */
export const ZPlanValue = z
  .union([z.number(), z.string().trim().regex(PRICE_TEXT, "Not a price").transform(priceOfText)])
  .pipe(
    z
      .number()
      .min(0)
      .max(PLAN_VALUE_MAX)
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, { message: "At most 2 decimals" }),
  );

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
  /** Whether the plan is offered publicly; optional like the quota: a new plan is public, an updated one keeps its own. */
  isPublic: z.boolean().optional(),
  ...planFlagFields,
});
export type PlanBody = z.infer<typeof ZPlanBody>;

/** A plan priced 0 is free: never charged, never invoiced, never bought at the checkout. */
export function isFreePlan(plan: { value: number | string }): boolean {
  return Number(plan.value) === 0;
}
