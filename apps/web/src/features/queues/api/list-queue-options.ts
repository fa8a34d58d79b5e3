import { type QueueOption, ZQueueOptionList } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { queueOptionsQueryKey } from "./query-keys.ts";

/** GET /queue-options: one level of a queue's option tree (`parentId` -1 for the roots), by position. */
export function fetchQueueOptions(queueId: number, parentId: number, signal?: AbortSignal): Promise<QueueOption[]> {
  return apiRequest("/queue-options", ZQueueOptionList, { query: { queueId, parentId }, signal });
}

export function useQueueOptions(queueId: number, parentId: number) {
  return useQuery({ queryKey: queueOptionsQueryKey(queueId, parentId), queryFn: ({ signal }) => fetchQueueOptions(queueId, parentId, signal), staleTime: 0 });
}
