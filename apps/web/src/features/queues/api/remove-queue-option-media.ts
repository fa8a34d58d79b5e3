import { type QueueOption, ZQueueOption } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { queueOptionsPrefix } from "./query-keys.ts";

/** DELETE /queue-options/{id}/media-upload: removes the option's attachment. */
export function removeQueueOptionMedia(id: number): Promise<QueueOption> {
  return apiRequest(`/queue-options/${id}/media-upload`, ZQueueOption, { method: "DELETE" });
}

export function useRemoveQueueOptionMedia(queueId: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeQueueOptionMedia, onSuccess: () => queryClient.invalidateQueries({ queryKey: queueOptionsPrefix(queueId) }) });
}
