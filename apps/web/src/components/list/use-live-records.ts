import { RECORD_CHANNELS, type RecordChannel } from "@conversa/shared";
import { type QueryClient, type QueryKey, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { useCompanyEvent } from "../../lib/socket-provider.tsx";
import { removeRecord, upsertRecord } from "./live-records.ts";
import type { ListPage } from "./use-infinite-list.ts";

const ZAction = z.object({ action: z.enum(["create", "update", "delete"]) });

interface LiveRecordsOptions<T> {
  /** Every cached list under this prefix is patched (all searches and filters of the page). */
  queryKeyPrefix: QueryKey;
  /** Parses the record of a create/update event; a payload that does not parse is ignored. */
  schema: z.ZodType<T>;
  /**
   * Whether a created or changed record belongs in the list cached under `queryKey` (its search
   * and filters). Defaults to yes.
   */
  belongs?: (record: T, queryKey: QueryKey) => boolean;
}

/** First loads that will be read again once they land. */
const awaitingFirstLoad = new WeakSet<object>();

/**
 * A list read in flight may predate the change an event reported: a list that holds pages has that
 * read cancelled and started again; a first load (nothing to cancel to) is read again once it lands.
 */
function rereadIfReadInFlight(queryClient: QueryClient, queryKey: QueryKey): void {
  const cache = queryClient.getQueryCache();
  const query = cache.find({ queryKey, exact: true });
  if (!query || query.state.fetchStatus !== "fetching") return;
  if (query.state.data !== undefined) {
    void queryClient.invalidateQueries({ queryKey, exact: true });
    return;
  }
  // Several events during one first load ask for one read after it.
  if (awaitingFirstLoad.has(query)) return;
  awaitingFirstLoad.add(query);
  const unsubscribe = cache.subscribe((event) => {
    if (event.query !== query || query.state.fetchStatus === "fetching") return;
    unsubscribe();
    awaitingFirstLoad.delete(query);
    void queryClient.invalidateQueries({ queryKey, exact: true });
  });
}

/**
 * Keeps the cached pages of a list page in step with `company-{id}-{channel}`: a created record
 * appears first, a changed one is replaced in place (or leaves a list it no longer matches), a
 * deleted one disappears — without refetching. A list whose read is in flight when the event
 * arrives is read again instead: that read may have started before the change and would put the
 * old record back (or, on a first load, the event would have no page to patch).
 */
export function useLiveRecords<T extends { id: number }>(channel: RecordChannel, { queryKeyPrefix, schema, belongs }: LiveRecordsOptions<T>): void {
  const queryClient = useQueryClient();
  const key = RECORD_CHANNELS[channel];
  useCompanyEvent(channel, (payload) => {
    const head = ZAction.safeParse(payload);
    if (!head.success) return;
    const body = z.record(z.string(), z.unknown()).safeParse(payload);
    if (!body.success) return;
    const caches = queryClient.getQueriesData<ListPage<T>>({ queryKey: queryKeyPrefix });
    const rereadIfInFlight = (queryKey: QueryKey) => rereadIfReadInFlight(queryClient, queryKey);
    if (head.data.action === "delete") {
      const id = z.number().safeParse(body.data[key === "record" ? "id" : `${key}Id`]);
      if (!id.success) return;
      for (const [queryKey] of caches) {
        queryClient.setQueryData(queryKey, (data: Parameters<typeof removeRecord<T>>[0]) => removeRecord(data, id.data));
        rereadIfInFlight(queryKey);
      }
      return;
    }
    const record = schema.safeParse(body.data[key]);
    if (!record.success) return;
    for (const [queryKey] of caches) {
      const fits = belongs ? belongs(record.data, queryKey) : true;
      // A changed record always updates in place; a new one is added only where it fits.
      queryClient.setQueryData(queryKey, (data: Parameters<typeof upsertRecord<T>>[0]) => upsertRecord(data, record.data, fits));
      rereadIfInFlight(queryKey);
    }
  });
}
