import { type QueueBody, type QueueDetail, ZQueue, ZQueueDetail } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { upsertRecord } from "../../../components/list/index.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { belongsToQueueList } from "../utils/queue-search.ts";
import { allQueuesQueryKey, queueQueryKey, queuesListPrefix, storesQueryKey } from "./query-keys.ts";

export interface SaveQueueInput {
  /** The queue to change; null creates one. */
  id: number | null;
  body: QueueBody;
}

/**
 * POST /queue, or PUT /queue/{id}. Rejects with ERR_QUEUE_COLOR_ALREADY_EXISTS,
 * ERR_QUEUE_NAME_ALREADY_EXISTS, ERR_QUEUE_LIMIT, ERR_NO_QUEUE_FOUND, ERR_NO_PERMISSION.
 */
export function saveQueue({ id, body }: SaveQueueInput): Promise<QueueDetail> {
  return id === null ? apiRequest("/queue", ZQueueDetail, { method: "POST", body }) : apiRequest(`/queue/${id}`, ZQueueDetail, { method: "PUT", body });
}

/** Puts a saved queue into the cached lists and its detail. */
export function useStoreSavedQueue() {
  const queryClient = useQueryClient();
  return (queue: QueueDetail) => {
    const record = ZQueue.parse(queue);
    for (const [queryKey] of queryClient.getQueriesData({ queryKey: queuesListPrefix })) {
      queryClient.setQueryData(queryKey, (data: Parameters<typeof upsertRecord<typeof record>>[0]) => upsertRecord(data, record, belongsToQueueList(record, queryKey)));
    }
    queryClient.setQueryData(queueQueryKey(queue.id), queue);
    void queryClient.invalidateQueries({ queryKey: allQueuesQueryKey });
    // A queue that joined or left a store changes the stores' queue counts.
    void queryClient.invalidateQueries({ queryKey: storesQueryKey });
  };
}

/** Creates or changes a queue; the lists show the result at once. Failures become error toasts. */
export function useSaveQueue() {
  const store = useStoreSavedQueue();
  return useMutation({ mutationFn: saveQueue, onSuccess: store });
}
