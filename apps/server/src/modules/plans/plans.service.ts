import type { Plan, PlanBody } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { RequestContext } from "../../lib/context.ts";
import { recordAudit } from "../audit/index.ts";
import { canManagePlans } from "./plans.policy.ts";
import { deletePlanRow, findPlanRow, insertPlan, listPlanRows, listPublicPlanRows, lockPlanRow, updatePlanRow } from "./plans.repository.ts";

export interface PlansDeps {
  db: Db;
}

const duplicate = () => new AppError("ERR_DUPLICATED_PLAN", undefined, "A plan with this name already exists");
const notFound = () => new AppError("ERR_NO_PLAN_FOUND");

function requireSuper(ctx: RequestContext): void {
  if (!canManagePlans(ctx)) throw new AppError("ERR_NO_PERMISSION");
}

/** Every plan with its limits, price and flags (the Planos tab). Throws ERR_NO_PERMISSION to anyone but a super user. */
export async function listPlans(deps: PlansDeps, ctx: RequestContext): Promise<Plan[]> {
  requireSuper(ctx);
  return listPlanRows(deps.db);
}

/**
 * One plan (the checkout's chosen plan): a super user reads any plan; anyone else a public plan or their
 * own company's plan. Throws ERR_NO_PLAN_FOUND for any other, so a private plan is not revealed.
 */
export async function getPlan(deps: PlansDeps, ctx: RequestContext, id: number): Promise<Plan> {
  const plan = await findPlanRow(deps.db, id, canManagePlans(ctx) ? undefined : { companyId: ctx.companyId });
  if (!plan) throw notFound();
  return plan;
}

/**
 * The plans the sign-up page and the checkout offer, to anyone without a session: the public plans only,
 * plan fields only, nothing of the companies on them.
 */
export function listPublicPlans(deps: PlansDeps): Promise<Plan[]> {
  return listPublicPlanRows(deps.db);
}

/** Creates a plan (an installation record in the audit log). Throws ERR_NO_PERMISSION (not a super user), ERR_DUPLICATED_PLAN. */
export async function createPlan(deps: PlansDeps, ctx: RequestContext, body: PlanBody): Promise<Plan> {
  requireSuper(ctx);
  return deps.db.transaction(async (tx) => {
    const plan = await insertPlan(tx, body);
    if (!plan) throw duplicate();
    await recordAudit(tx, ctx, { action: "plan.create", target: { type: "plan", id: plan.id }, companyId: null, after: plan });
    return plan;
  });
}

/** Replaces a plan's fields. Throws ERR_NO_PERMISSION (not a super user), ERR_NO_PLAN_FOUND, ERR_DUPLICATED_PLAN. */
export async function updatePlan(deps: PlansDeps, ctx: RequestContext, id: number, body: PlanBody): Promise<Plan> {
  requireSuper(ctx);
  return deps.db.transaction(async (tx) => {
    const before = await lockPlanRow(tx, id);
    if (!before) throw notFound();
    // A refused write has aborted the transaction: throwing rolls it back.
    const result = await updatePlanRow(tx, id, body);
    if (result === "missing") throw notFound();
    if (result === "duplicate") throw duplicate();
    await recordAudit(tx, ctx, { action: "plan.update", target: { type: "plan", id }, companyId: null, before, after: result });
    return result;
  });
}

/** Deletes a plan no company is on. Throws ERR_NO_PERMISSION (not a super user), ERR_NO_PLAN_FOUND, ERR_PLAN_IN_USE. */
export async function deletePlan(deps: PlansDeps, ctx: RequestContext, id: number): Promise<void> {
  requireSuper(ctx);
  await deps.db.transaction(async (tx) => {
    const result = await deletePlanRow(tx, id);
    if (result === "missing") throw notFound();
    if (result === "in-use") throw new AppError("ERR_PLAN_IN_USE", undefined, "A company is on this plan");
    await recordAudit(tx, ctx, { action: "plan.delete", target: { type: "plan", id }, companyId: null, before: { name: result.name } });
  });
}

