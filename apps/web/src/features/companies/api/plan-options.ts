import { type Plan, ZPlan } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";
import { companyPlanOptionsQueryKey } from "./query-keys.ts";

/** GET /plans/all: the plans a company can be put on (super users). */
export function fetchPlanOptions(signal?: AbortSignal): Promise<Plan[]> {
  return apiRequest("/plans/all", z.array(ZPlan), { signal });
}

/** The plan select of the Empresas form. */
export function usePlanOptions() {
  return useQuery({ queryKey: companyPlanOptionsQueryKey, queryFn: ({ signal }) => fetchPlanOptions(signal) });
}
