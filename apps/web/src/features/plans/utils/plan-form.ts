import {
  PLAN_FLAGS,
  PLAN_LIMIT_MAX,
  PLAN_NAME_MAX,
  PLAN_NAME_MIN,
  PLAN_STORAGE_QUOTA_DEFAULT_MB,
  PLAN_STORAGE_QUOTA_MAX_MB,
  PLAN_VALUE_MAX,
  type Plan,
  type PlanBody,
  type PlanFlag,
} from "@conversa/shared";
import type { TFunction } from "i18next";
import { z } from "zod";

/** What the Planos form edits: numbers are typed as text until they are sent. */
export interface PlanFormValues {
  name: string;
  users: string;
  connections: string;
  queues: string;
  /** Reais with a comma or a point before the cents: "99,90", "99.9", "100". */
  value: string;
  /** MiB the plan's companies may keep; "0" is unlimited. */
  storageQuotaMb: string;
  /** Offered at /signup and at the checkout. */
  isPublic: boolean;
  flags: Record<PlanFlag, boolean>;
}

const COUNT = /^\d{1,6}$/;
const MEBIBYTES = /^\d{1,7}$/;
const MONEY = /^\d{1,7}(?:[.,]\d{1,2})?$/;

/** The text of a price as a number of reais. */
export function parseMoney(text: string): number {
  return Number(text.trim().replace(",", "."));
}

/** The rules of the shared ZPlanBody with the form's messages. */
export function buildPlanFormSchema(t: TFunction) {
  const count = z
    .string()
    .trim()
    .regex(COUNT, t("plans.validation.count", { max: PLAN_LIMIT_MAX }))
    .refine((text) => Number(text) <= PLAN_LIMIT_MAX, t("plans.validation.count", { max: PLAN_LIMIT_MAX }));
  return z.object({
    name: z.string().trim().min(1, t("plans.validation.required")).min(PLAN_NAME_MIN, t("plans.validation.tooShort")).max(PLAN_NAME_MAX, t("plans.validation.tooLong")),
    users: count,
    connections: count,
    queues: count,
    value: z
      .string()
      .trim()
      .regex(MONEY, t("plans.validation.value"))
      .refine((text) => parseMoney(text) <= PLAN_VALUE_MAX, t("plans.validation.value")),
    storageQuotaMb: z
      .string()
      .trim()
      .regex(MEBIBYTES, t("plans.validation.storageQuotaMb", { max: PLAN_STORAGE_QUOTA_MAX_MB }))
      .refine((text) => Number(text) <= PLAN_STORAGE_QUOTA_MAX_MB, t("plans.validation.storageQuotaMb", { max: PLAN_STORAGE_QUOTA_MAX_MB })),
    isPublic: z.boolean(),
    flags: z.object(Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, z.boolean()])) as Record<PlanFlag, z.ZodBoolean>),
  });
}

const allFlags = (on: boolean) => Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, on])) as Record<PlanFlag, boolean>;

/** A new plan's fields (every feature on), or a stored one's; the price shown with its 2 decimals. */
export function planFormValues(plan?: Plan): PlanFormValues {
  if (!plan) return { name: "", users: "0", connections: "0", queues: "0", value: "0.00", storageQuotaMb: String(PLAN_STORAGE_QUOTA_DEFAULT_MB), isPublic: true, flags: allFlags(true) };
  return {
    name: plan.name,
    users: String(plan.users),
    connections: String(plan.connections),
    queues: String(plan.queues),
    value: plan.value.toFixed(2),
    storageQuotaMb: String(plan.storageQuotaMb),
    isPublic: plan.isPublic,
    flags: Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, plan[flag]])) as Record<PlanFlag, boolean>,
  };
}

/** The body sent to the API: the price rounded to the cent. */
export function toPlanBody(values: PlanFormValues): PlanBody {
  return {
    name: values.name.trim(),
    users: Number(values.users),
    connections: Number(values.connections),
    queues: Number(values.queues),
    value: Math.round(parseMoney(values.value) * 100) / 100,
    storageQuotaMb: Number(values.storageQuotaMb),
    isPublic: values.isPublic,
    ...values.flags,
  };
}

export { formatMoney } from "../../../lib/money.ts";
