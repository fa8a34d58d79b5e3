import type { Queue } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { removeRecord } from "../../../components/list/index.ts";
import { apiSend } from "../../../lib/api-client.ts";
import { allQueuesQueryKey, queueOptionsPrefix, queueQueryKey, queuesListPrefix } from "./query-keys.ts";

/** DELETE /queue/{id}: the queue, its option tree and its links; its tickets stay without a queue. */
export function deleteQueue(id: number): Promise<void> {
  return apiSend(`/queue/${id}`, { method: "DELETE" });
}

/** Deletes a queue and drops it from the lists. Failures become error toasts. */
export function useDeleteQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQueue,
    onSuccess: (_result, id) => {
      for (const [queryKey] of queryClient.getQueriesData({ queryKey: queuesListPrefix })) {
        queryClient.setQueryData(queryKey, (data: Parameters<typeof removeRecord<Queue>>[0]) => removeRecord(data, id));
      }
      queryClient.removeQueries({ queryKey: queueQueryKey(id) });
      queryClient.removeQueries({ queryKey: queueOptionsPrefix(id) });
      void queryClient.invalidateQueries({ queryKey: allQueuesQueryKey });
    },
  });
}
