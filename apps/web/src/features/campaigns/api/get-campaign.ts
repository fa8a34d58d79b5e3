import { type Campaign, ZCampaign } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { campaignQueryKey } from "./query-keys.ts";

/** GET /campaigns/{id}: the campaign with its report figures brought up to date. Rejects with ERR_NO_CAMPAIGN_FOUND. */
export function fetchCampaign(id: number, signal?: AbortSignal): Promise<Campaign> {
  return apiRequest(`/campaigns/${id}`, ZCampaign, { signal });
}

/** One campaign as the server has it now (the dialog and the report start from it; live events keep it current). */
export function useCampaign(id: number) {
  return useQuery({ queryKey: campaignQueryKey(id), queryFn: ({ signal }) => fetchCampaign(id, signal), staleTime: 0 });
}
