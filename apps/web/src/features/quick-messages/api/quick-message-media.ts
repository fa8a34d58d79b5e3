import { type QuickMessage, ZQuickMessage } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { storeQuickMessage } from "./cache.ts";

/**
 * POST /quick-messages/{id}/media-upload (multipart `file`): attaches a file, replacing any earlier one.
 * Rejects with ERR_MEDIA_TYPE_NOT_ALLOWED, ERR_MEDIA_TOO_LARGE, ERR_NO_PERMISSION.
 */
export function uploadQuickMessageMedia({ id, file }: { id: number; file: File }): Promise<QuickMessage> {
  const form = new FormData();
  form.set("typeArch", "quickMessage");
  form.append("file", file, file.name);
  return apiRequest(`/quick-messages/${id}/media-upload`, ZQuickMessage, { method: "POST", body: form });
}

/** DELETE /quick-messages/{id}/media-upload: removes the attachment. */
export function deleteQuickMessageMedia(id: number): Promise<QuickMessage> {
  return apiRequest(`/quick-messages/${id}/media-upload`, ZQuickMessage, { method: "DELETE" });
}

/** Attaches a file to a reply; the lists show it at once. Failures become error toasts. */
export function useUploadQuickMessageMedia() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadQuickMessageMedia, onSuccess: (quick) => storeQuickMessage(queryClient, quick) });
}

/** Removes a reply's attachment; the lists show it at once. Failures become error toasts. */
export function useDeleteQuickMessageMedia() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteQuickMessageMedia, onSuccess: (quick) => storeQuickMessage(queryClient, quick) });
}
