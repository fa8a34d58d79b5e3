import type { Campaign } from "@conversa/shared";
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { forgetListRecord, storeListRecord } from "../../../components/list/index.ts";
import { campaignQueryKey, campaignsListPrefix } from "./query-keys.ts";

/** Whether a campaign matches a cached list's search (the server searches the name). */
function belongsToList(campaign: Campaign, queryKey: QueryKey): boolean {
  const filter = queryKey[2];
  const searchParam = typeof filter === "object" && filter !== null && "searchParam" in filter && typeof filter.searchParam === "string" ? filter.searchParam : "";
  return campaign.name.toLowerCase().includes(searchParam);
}

/** Shows a saved (or announced) campaign in every cached list where it matches, and in its detail (the report). */
export function storeCampaign(queryClient: QueryClient, campaign: Campaign): void {
  storeListRecord(queryClient, campaign, { listPrefix: campaignsListPrefix, detailKey: campaignQueryKey(campaign.id), belongs: belongsToList });
}

/** Drops a deleted campaign from every cached list and its detail. */
export function forgetCampaign(queryClient: QueryClient, id: number): void {
  forgetListRecord<Campaign>(queryClient, id, { listPrefix: campaignsListPrefix, detailKey: campaignQueryKey(id) });
}
