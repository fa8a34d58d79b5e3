import { type CompanyStorage, ZCompanyStorage } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";

export const companyStorageQueryKey = ["companies", "storage"] as const;

/** GET /companies/storage: what the company's media take and its plan's quota (admins). */
export function fetchCompanyStorage(signal?: AbortSignal): Promise<CompanyStorage> {
  return apiRequest("/companies/storage", ZCompanyStorage, { signal });
}

/** The signed-in admin's company storage use, read again each time the page opens. */
export function useCompanyStorage() {
  return useQuery({ queryKey: companyStorageQueryKey, queryFn: ({ signal }) => fetchCompanyStorage(signal), staleTime: 0 });
}
