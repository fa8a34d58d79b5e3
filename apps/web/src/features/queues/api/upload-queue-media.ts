import { type QueueDetail, ZQueueDetail } from "@conversa/shared";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { useStoreSavedQueue } from "./save-queue.ts";

/** POST /queue/{id}/media-upload (multipart `file`). Rejects with ERR_MEDIA_TYPE_NOT_ALLOWED, ERR_MEDIA_TOO_LARGE, ERR_NO_QUEUE_FOUND. */
export function uploadQueueMedia({ id, file }: { id: number; file: File }): Promise<QueueDetail> {
  const body = new FormData();
  body.append("file", file, file.name);
  return apiRequest(`/queue/${id}/media-upload`, ZQueueDetail, { method: "POST", body });
}

/** Attaches a file to a queue (it replaces the previous one). Failures become error toasts. */
export function useUploadQueueMedia() {
  const store = useStoreSavedQueue();
  return useMutation({ mutationFn: uploadQueueMedia, onSuccess: store });
}
