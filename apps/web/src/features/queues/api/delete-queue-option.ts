import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiSend } from "../../../lib/api-client.ts";
import { queueOptionsPrefix } from "./query-keys.ts";

/** DELETE /queue-options/{id}: the option and every option under it; its siblings are renumbered. */
export function deleteQueueOption(id: number): Promise<void> {
  return apiSend(`/queue-options/${id}`, { method: "DELETE" });
}

export function useDeleteQueueOption(queueId: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteQueueOption, onSuccess: () => queryClient.invalidateQueries({ queryKey: queueOptionsPrefix(queueId) }) });
}
