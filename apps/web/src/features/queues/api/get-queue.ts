import { type QueueDetail, ZQueueDetail } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { queueQueryKey } from "./query-keys.ts";

/** GET /queue/{id}: the queue with its hours and media. Rejects with ERR_NO_QUEUE_FOUND. */
export function fetchQueue(id: number, signal?: AbortSignal): Promise<QueueDetail> {
  return apiRequest(`/queue/${id}`, ZQueueDetail, { signal });
}

/** One queue as the server has it now (the queue modal starts from it). */
export function useQueue(id: number) {
  return useQuery({ queryKey: queueQueryKey(id), queryFn: ({ signal }) => fetchQueue(id, signal), staleTime: 0 });
}
