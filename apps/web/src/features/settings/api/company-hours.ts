import { type BusinessDay, type CompanyDetail, ZCompanyDetail } from "@conversa/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { companyDetailQueryKey } from "./query-keys.ts";

/** GET /companies/{id}: the own company with its weekly hours. */
export function fetchCompanyDetail(companyId: number, signal?: AbortSignal): Promise<CompanyDetail> {
  return apiRequest(`/companies/${companyId}`, ZCompanyDetail, { signal });
}

export function useCompanyDetail(companyId: number) {
  return useQuery({ queryKey: companyDetailQueryKey(companyId), queryFn: ({ signal }) => fetchCompanyDetail(companyId, signal), staleTime: 0 });
}

/** PUT /companies/{id}/schedules. Rejects with ERR_NO_PERMISSION, ERR_VALIDATION. */
export function saveCompanySchedules({ companyId, schedules }: { companyId: number; schedules: BusinessDay[] }): Promise<CompanyDetail> {
  return apiRequest(`/companies/${companyId}/schedules`, ZCompanyDetail, { method: "PUT", body: { schedules } });
}

/** Saves the company's weekly hours. Failures become error toasts. */
export function useSaveCompanySchedules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCompanySchedules,
    onSuccess: (company) => queryClient.setQueryData(companyDetailQueryKey(company.id), company),
  });
}
