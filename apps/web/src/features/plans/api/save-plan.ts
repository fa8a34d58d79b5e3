import { type Plan, type PlanBody, ZPlan } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { plansQueryKey } from "./query-keys.ts";

export interface SavePlanInput {
  /** The plan to change; null creates one. */
  id: number | null;
  body: PlanBody;
}

/** POST /plans, or PUT /plans/{id}. Rejects with ERR_DUPLICATED_PLAN, ERR_NO_PLAN_FOUND, ERR_NO_PERMISSION. */
export function savePlan({ id, body }: SavePlanInput): Promise<Plan> {
  return id === null ? apiRequest("/plans", ZPlan, { method: "POST", body }) : apiRequest(`/plans/${id}`, ZPlan, { method: "PUT", body });
}

const byName = (a: Plan, b: Plan) => a.name.localeCompare(b.name) || a.id - b.id;

/** Creates or changes a plan; the table shows it at once. The tab shows the spec's save failure text itself. */
export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePlan,
    meta: { silentError: true },
    onSuccess: (plan) => {
      queryClient.setQueryData<Plan[]>(plansQueryKey, (plans) => (plans ? [...plans.filter((other) => other.id !== plan.id), plan].sort(byName) : plans));
    },
  });
}
