import { type Queue, ZQueueList } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { allQueuesQueryKey } from "./query-keys.ts";

/** GET /queue without pageNumber: every queue of the company (the colour picker greys out the colours in use). */
export function fetchAllQueues(signal?: AbortSignal): Promise<Queue[]> {
  return apiRequest("/queue", ZQueueList, { signal });
}

export function useAllQueues() {
  return useQuery({ queryKey: allQueuesQueryKey, queryFn: ({ signal }) => fetchAllQueues(signal), staleTime: 0, meta: { silentError: true } });
}
