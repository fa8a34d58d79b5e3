import { type CompanyPlanResponse, ZCompanyPlanResponse } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";

export const companyPlanQueryKey = (companyId: number) => ["companies", companyId, "plan"] as const;

/** GET /companies/listPlan/{companyId}: the company's plan and its use flags. */
export function fetchCompanyPlan(companyId: number): Promise<CompanyPlanResponse> {
  return apiRequest(`/companies/listPlan/${companyId}`, ZCompanyPlanResponse);
}

/** The plan of the signed-in user's company. */
export function useCompanyPlan(companyId: number) {
  return useQuery({
    queryKey: companyPlanQueryKey(companyId),
    queryFn: () => fetchCompanyPlan(companyId),
    staleTime: 5 * 60_000,
  });
}
