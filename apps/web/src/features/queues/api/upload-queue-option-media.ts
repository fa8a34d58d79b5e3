import { type QueueOption, ZQueueOption } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { queueOptionsPrefix } from "./query-keys.ts";

/** POST /queue-options/{id}/media-upload (multipart `file`). Rejects with ERR_MEDIA_TYPE_NOT_ALLOWED, ERR_MEDIA_TOO_LARGE. */
export function uploadQueueOptionMedia({ id, file }: { id: number; file: File }): Promise<QueueOption> {
  const body = new FormData();
  body.append("file", file, file.name);
  return apiRequest(`/queue-options/${id}/media-upload`, ZQueueOption, { method: "POST", body });
}

export function useUploadQueueOptionMedia(queueId: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadQueueOptionMedia, onSuccess: () => queryClient.invalidateQueries({ queryKey: queueOptionsPrefix(queueId) }) });
}
