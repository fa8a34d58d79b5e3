import { ZQueue } from "@conversa/shared";
import { useLiveRecords } from "../../../components/list/index.ts";
import { queuesListPrefix } from "../api/query-keys.ts";
import { belongsToQueueList } from "../utils/queue-search.ts";

/** Keeps the Queues page's cached lists in step with `company-{id}-queue`: queues created, changed or deleted elsewhere. */
export function useQueuesLiveUpdates(): void {
  useLiveRecords("queue", { queryKeyPrefix: queuesListPrefix, schema: ZQueue, belongs: belongsToQueueList });
}
