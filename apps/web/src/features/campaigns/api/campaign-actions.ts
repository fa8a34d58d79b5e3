import { type Campaign, ZCampaign, ZOkResponse } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import type { CampaignAction } from "../utils/campaign-status.ts";
import { storeCampaign } from "./cache.ts";

/** POST /campaigns/{id}/cancel, restart, pause or resume. Rejects with ERR_CAMPAIGN_STATUS when the status does not allow it. */
export function changeCampaignState({ id, action }: { id: number; action: CampaignAction }): Promise<Campaign> {
  return apiRequest(`/campaigns/${id}/${action}`, ZCampaign, { method: "POST" });
}

/** Runs a status action; the list shows the new status at once. The caller toasts the outcome (spec admin §8). */
export function useChangeCampaignState() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeCampaignState, onSuccess: (campaign) => storeCampaign(queryClient, campaign), meta: { silentError: true } });
}

/** POST /campaigns/{id}/test-send: one message of the campaign to `number`. Rejects with ERR_CAMPAIGN_INCOMPLETE. */
export function testSendCampaign({ id, number }: { id: number; number: string }): Promise<unknown> {
  return apiRequest(`/campaigns/${id}/test-send`, ZOkResponse, { method: "POST", body: { number } });
}

/** Sends the campaign to one number before it starts. Failures become error toasts. */
export function useTestSendCampaign() {
  return useMutation({ mutationFn: testSendCampaign });
}
