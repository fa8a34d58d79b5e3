import { type CompanyListItem, type ListCompaniesResponse, ZListCompaniesResponse } from "@conversa/shared";
import { type ListPage, useInfiniteList } from "../../../components/list/index.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { companiesListQueryKey } from "./query-keys.ts";

/** GET /companies: one page (20) of the installation's companies by name, searched by name or e-mail (super users). */
export function fetchCompanies(searchParam: string, pageNumber: number, signal?: AbortSignal): Promise<ListCompaniesResponse> {
  return apiRequest("/companies", ZListCompaniesResponse, { query: { searchParam: searchParam || undefined, pageNumber }, signal });
}

/** The Empresas tab's table, page after page as the user scrolls; a new search restarts it. The tab shows the load failure itself. */
export function useCompanies(searchParam: string) {
  return useInfiniteList<CompanyListItem>({
    queryKey: companiesListQueryKey(searchParam),
    fetchPage: async (pageNumber, signal): Promise<ListPage<CompanyListItem>> => {
      const page = await fetchCompanies(searchParam, pageNumber, signal);
      return { records: page.companies, hasMore: page.hasMore };
    },
    silentError: true,
  });
}
