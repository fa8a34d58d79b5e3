import { type CampaignSettings, type CampaignSettingsBody, ZCampaignSettings } from "@conversa/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";

export const campaignSettingsQueryKey = ["campaigns", "settings"] as const;

/** GET /campaign-settings: the dispatch intervals, variables and opt-out words (defaults for what was never saved). */
export function fetchCampaignSettings(signal?: AbortSignal): Promise<CampaignSettings> {
  return apiRequest("/campaign-settings", ZCampaignSettings, { signal });
}

export function useCampaignSettings() {
  return useQuery({ queryKey: campaignSettingsQueryKey, queryFn: ({ signal }) => fetchCampaignSettings(signal), staleTime: 0 });
}

/** POST /campaign-settings; the page shows what the server saved. Failures become error toasts. */
export function useSaveCampaignSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CampaignSettingsBody) => apiRequest("/campaign-settings", ZCampaignSettings, { method: "POST", body }),
    onSuccess: (settings) => queryClient.setQueryData(campaignSettingsQueryKey, settings),
  });
}
