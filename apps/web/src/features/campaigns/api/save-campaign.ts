import { type Campaign, type CampaignBody, ZCampaign } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest, apiSend } from "../../../lib/api-client.ts";
import { forgetCampaign, storeCampaign } from "./cache.ts";

export interface SaveCampaignInput {
  /** The campaign to change; null creates one. */
  id: number | null;
  body: CampaignBody;
}

/**
 * POST /campaigns, or PUT /campaigns/{id}. Rejects with ERR_CAMPAIGN_NOT_EDITABLE, ERR_CAMPAIGN_INCOMPLETE
 * and the not-found codes of the connection, list, tag or file list it names.
 */
export function saveCampaign({ id, body }: SaveCampaignInput): Promise<Campaign> {
  return id === null ? apiRequest("/campaigns", ZCampaign, { method: "POST", body }) : apiRequest(`/campaigns/${id}`, ZCampaign, { method: "PUT", body });
}

/** Creates or changes a campaign; the list shows the result at once. Failures become error toasts. */
export function useSaveCampaign() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveCampaign, onSuccess: (campaign) => storeCampaign(queryClient, campaign) });
}

/** DELETE /campaigns/{id}: the campaign and its recipients. */
export function deleteCampaign(id: number): Promise<void> {
  return apiSend(`/campaigns/${id}`, { method: "DELETE" });
}

/** Deletes a campaign and drops it from the list. Failures become error toasts. */
export function useDeleteCampaign() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCampaign, onSuccess: (_result, id) => forgetCampaign(queryClient, id) });
}
