import { type CampaignSettings, type CampaignSettingsValues, ZCampaignSettingsList, campaignSettingsOfList } from "@conversa/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";

export const campaignSettingsQueryKey = ["campaigns", "settings"] as const;

/** GET /campaign-settings: the dispatch intervals, variables and opt-out words (defaults for what was never saved), read from the list of JSON-text values. */
export async function fetchCampaignSettings(signal?: AbortSignal): Promise<CampaignSettings> {
  return campaignSettingsOfList(await apiRequest("/campaign-settings", ZCampaignSettingsList, { signal }));
}

export function useCampaignSettings() {
  return useQuery({ queryKey: campaignSettingsQueryKey, queryFn: ({ signal }) => fetchCampaignSettings(signal), staleTime: 0 });
}

/** POST /campaign-settings with `{ settings }`; the page shows what the server saved. Failures become error toasts. */
export function useSaveCampaignSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: CampaignSettingsValues) =>
      campaignSettingsOfList(await apiRequest("/campaign-settings", ZCampaignSettingsList, { method: "POST", body: { settings } })),
    onSuccess: (settings) => queryClient.setQueryData(campaignSettingsQueryKey, settings),
  });
}
