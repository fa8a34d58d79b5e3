import { type Campaign, ZCampaign } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { storeCampaign } from "./cache.ts";

/**
 * POST /campaigns/{id}/media-upload (multipart `file`): the attachment sent with every message, replacing
 * any earlier one. Rejects with ERR_CAMPAIGN_NOT_EDITABLE, ERR_MEDIA_TYPE_NOT_ALLOWED, ERR_MEDIA_TOO_LARGE.
 */
export function uploadCampaignMedia({ id, file }: { id: number; file: File }): Promise<Campaign> {
  const form = new FormData();
  form.append("file", file, file.name);
  return apiRequest(`/campaigns/${id}/media-upload`, ZCampaign, { method: "POST", body: form });
}

/** DELETE /campaigns/{id}/media-upload: removes the attachment. Rejects with ERR_CAMPAIGN_NOT_EDITABLE. */
export function deleteCampaignMedia(id: number): Promise<Campaign> {
  return apiRequest(`/campaigns/${id}/media-upload`, ZCampaign, { method: "DELETE" });
}

/** Attaches a file; the list shows it at once. Failures become error toasts. */
export function useUploadCampaignMedia() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadCampaignMedia, onSuccess: (campaign) => storeCampaign(queryClient, campaign) });
}

/** Removes the attachment; the list shows it at once. Failures become error toasts. */
export function useDeleteCampaignMedia() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCampaignMedia, onSuccess: (campaign) => storeCampaign(queryClient, campaign) });
}
