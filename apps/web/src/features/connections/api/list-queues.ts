import { type Queue, ZQueueList } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";

export const queuesQueryKey = ["queues", "list"] as const;

/** GET /queue: the company's queues, for the connection dialog's pickers. */
export function fetchQueues(): Promise<Queue[]> {
  return apiRequest("/queue", ZQueueList);
}

export function useQueues(enabled = true) {
  return useQuery({ queryKey: queuesQueryKey, queryFn: fetchQueues, enabled });
}
