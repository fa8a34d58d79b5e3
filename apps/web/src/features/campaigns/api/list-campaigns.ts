import { type Campaign, type ListCampaignsQuery, ZListCampaignsResponse } from "@conversa/shared";
import { type ListPage, useInfiniteList } from "../../../components/list/index.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { campaignsListQueryKey } from "./query-keys.ts";

/** GET /campaigns/: one page (20), newest first, searched by name; each campaign with its progress. */
export function fetchCampaignPage(query: ListCampaignsQuery, signal?: AbortSignal): Promise<ListPage<Campaign>> {
  return apiRequest("/campaigns/", ZListCampaignsResponse, { query: { searchParam: query.searchParam || undefined, pageNumber: query.pageNumber }, signal });
}

/** The page's campaigns, page after page as the user scrolls; a new search restarts them. */
export function useCampaignRecords(searchParam: string) {
  return useInfiniteList<Campaign>({
    queryKey: campaignsListQueryKey(searchParam),
    fetchPage: (pageNumber, signal) => fetchCampaignPage({ searchParam, pageNumber }, signal),
  });
}
