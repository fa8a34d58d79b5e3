import type { Plan } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiSend } from "../../../lib/api-client.ts";
import { plansQueryKey } from "./query-keys.ts";

/** DELETE /plans/{id}. Rejects with ERR_PLAN_IN_USE (a company is on it), ERR_NO_PLAN_FOUND. */
export function deletePlan(id: number): Promise<void> {
  return apiSend(`/plans/${id}`, { method: "DELETE" });
}

/** Deletes a plan and drops it from the table. Failures become error toasts (ERR_PLAN_IN_USE says why). */
export function useDeletePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePlan,
    onSuccess: (_result, id) => {
      queryClient.setQueryData<Plan[]>(plansQueryKey, (plans) => plans?.filter((plan) => plan.id !== id));
    },
  });
}
