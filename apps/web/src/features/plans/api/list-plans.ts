import { type Plan, ZPlan } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";
import { plansQueryKey } from "./query-keys.ts";

/** GET /plans/all: every plan of the installation by name (super users only). Rejects with ERR_NO_PERMISSION. */
export function fetchPlans(signal?: AbortSignal): Promise<Plan[]> {
  return apiRequest("/plans/all", z.array(ZPlan), { signal });
}

/** The Planos tab's table. The tab shows the spec's load failure text itself. */
export function usePlans() {
  return useQuery({ queryKey: plansQueryKey, queryFn: ({ signal }) => fetchPlans(signal), meta: { silentError: true } });
}
