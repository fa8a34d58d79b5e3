import { type Plan, ZPlan } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";
import { publicPlansQueryKey } from "./query-keys.ts";

/** GET /plans/list (no session): the plans a visitor may sign up for. */
export function fetchPublicPlans(signal?: AbortSignal): Promise<Plan[]> {
  return apiRequest("/plans/list", z.array(ZPlan), { signal, sessionHandling: false });
}

/** The plan select's options; the form shows a load failure itself. */
export function usePublicPlans(enabled: boolean) {
  return useQuery({ queryKey: publicPlansQueryKey, queryFn: ({ signal }) => fetchPublicPlans(signal), enabled, meta: { silentError: true } });
}
