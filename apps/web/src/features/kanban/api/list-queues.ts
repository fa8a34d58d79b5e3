import { ZQueue } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";
import { kanbanKeys } from "./query-keys.ts";

export const ZQueueOption = ZQueue.pick({ id: true, name: true, color: true });
export type QueueOption = z.infer<typeof ZQueueOption>;

/** GET /queue: the company's queues, for an admin's queue filter (an attendant picks among her own). */
export function useCompanyQueues(enabled: boolean) {
  return useQuery({
    queryKey: kanbanKeys.queues,
    queryFn: ({ signal }) => apiRequest("/queue", z.array(ZQueueOption), { signal }),
    enabled,
    staleTime: 5 * 60_000,
    // The filter is a convenience: without it the board still shows every lane.
    meta: { silentError: true },
  });
}
