import { type QueueDetail, ZQueueDetail } from "@conversa/shared";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { useStoreSavedQueue } from "./save-queue.ts";

/** DELETE /queue/{id}/media-upload: removes the queue's attachment. */
export function removeQueueMedia(id: number): Promise<QueueDetail> {
  return apiRequest(`/queue/${id}/media-upload`, ZQueueDetail, { method: "DELETE" });
}

export function useRemoveQueueMedia() {
  const store = useStoreSavedQueue();
  return useMutation({ mutationFn: removeQueueMedia, onSuccess: store });
}
