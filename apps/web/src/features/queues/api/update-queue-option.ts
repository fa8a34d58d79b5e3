import { type QueueOption, type UpdateQueueOptionBody, ZQueueOption } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { queueOptionsPrefix } from "./query-keys.ts";

/** PUT /queue-options/{id}: new texts and/or `option`, the position to move it to among its siblings. */
export function updateQueueOption({ id, body }: { id: number; body: UpdateQueueOptionBody }): Promise<QueueOption> {
  return apiRequest(`/queue-options/${id}`, ZQueueOption, { method: "PUT", body });
}

/** Edits or moves an option; the tree reloads with the new numbering. */
export function useUpdateQueueOption(queueId: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateQueueOption, onSuccess: () => queryClient.invalidateQueries({ queryKey: queueOptionsPrefix(queueId) }) });
}
