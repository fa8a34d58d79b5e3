import { type Queue, ZQueueList } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { conversationKeys } from "./query-keys.ts";

/** GET /queue: the company's queues (transfer dialog). */
export function fetchQueues(): Promise<Queue[]> {
  return apiRequest("/queue", ZQueueList);
}

export function useQueues(enabled: boolean) {
  return useQuery({ queryKey: conversationKeys.queues, queryFn: fetchQueues, enabled });
}
