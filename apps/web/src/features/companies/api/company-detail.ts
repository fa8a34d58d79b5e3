import { type CompanyAdminDetail, ZCompanyAdminDetail } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { companyDetailQueryKey } from "./query-keys.ts";

/** GET /companies/{id} as a super user: the company with the counts of what it holds. */
export function fetchCompanyDetail(id: number, signal?: AbortSignal): Promise<CompanyAdminDetail> {
  return apiRequest(`/companies/${id}`, ZCompanyAdminDetail, { signal });
}

/** The counts the delete confirmation names, read fresh each time it opens. */
export function useCompanyDetail(id: number | null, enabled: boolean) {
  return useQuery({
    queryKey: companyDetailQueryKey(id ?? 0),
    queryFn: ({ signal }) => fetchCompanyDetail(id ?? 0, signal),
    enabled: enabled && id !== null,
    staleTime: 0,
    meta: { silentError: true },
  });
}
