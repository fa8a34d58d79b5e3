import { RECORD_CHANNELS, type RecordChannel } from "@conversa/shared";
import { type QueryKey, useQueryClient } from "@tanstack/react-query";
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

/**
 * Keeps the cached pages of a list page in step with `company-{id}-{channel}`: a created record
 * appears first, a changed one is replaced in place (or leaves a list it no longer matches), a
 * deleted one disappears — without refetching.
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
    if (head.data.action === "delete") {
      const id = z.number().safeParse(body.data[key === "record" ? "id" : `${key}Id`]);
      if (!id.success) return;
      for (const [queryKey] of caches) queryClient.setQueryData(queryKey, (data: Parameters<typeof removeRecord<T>>[0]) => removeRecord(data, id.data));
      return;
    }
    const record = schema.safeParse(body.data[key]);
    if (!record.success) return;
    for (const [queryKey] of caches) {
      const fits = belongs ? belongs(record.data, queryKey) : true;
      // A changed record always updates in place; a new one is added only where it fits.
      queryClient.setQueryData(queryKey, (data: Parameters<typeof upsertRecord<T>>[0]) => upsertRecord(data, record.data, fits));
    }
  });
}
