import type { QueryClient } from "@tanstack/react-query";
import { allQueuesQueryKey, queueDetailsPrefix, queuesListPrefix } from "./query-keys.ts";

/**
 * Marks the queues page's reads stale after a queue's bot changed elsewhere (an AI prompt's Setor saved or
 * the prompt deleted on /prompts): the list, the queue dialogs and the every-queue read are read again when
 * shown, so the page shows the prompt as its queue's bot without a reload.
 */
export function invalidateQueueBots(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queuesListPrefix }),
    queryClient.invalidateQueries({ queryKey: queueDetailsPrefix }),
    queryClient.invalidateQueries({ queryKey: allQueuesQueryKey }),
  ]).then(() => undefined);
}
