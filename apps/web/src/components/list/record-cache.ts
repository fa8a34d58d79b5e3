import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { removeRecord, upsertRecord } from "./live-records.ts";

interface RecordCacheKeys<T> {
  /** Every cached list under this prefix (all searches and filters of the page). */
  listPrefix: QueryKey;
  /** The record's own query, if the feature has one. */
  detailKey?: QueryKey;
  /** Whether the record belongs in the list cached under `queryKey`. Defaults to yes. */
  belongs?: (record: T, queryKey: QueryKey) => boolean;
}

/** Shows a saved record in every cached list of a page (first where it is new and matches) and in its detail. */
export function storeListRecord<T extends { id: number }>(queryClient: QueryClient, record: T, { listPrefix, detailKey, belongs }: RecordCacheKeys<T>): void {
  for (const [queryKey] of queryClient.getQueriesData({ queryKey: listPrefix })) {
    const fits = belongs ? belongs(record, queryKey) : true;
    queryClient.setQueryData(queryKey, (data: Parameters<typeof upsertRecord<T>>[0]) => upsertRecord(data, record, fits));
  }
  if (detailKey) queryClient.setQueryData(detailKey, record);
}

/** Drops a deleted record from every cached list of a page and forgets its detail. */
export function forgetListRecord<T extends { id: number }>(queryClient: QueryClient, id: number, { listPrefix, detailKey }: Omit<RecordCacheKeys<T>, "belongs">): void {
  for (const [queryKey] of queryClient.getQueriesData({ queryKey: listPrefix })) {
    queryClient.setQueryData(queryKey, (data: Parameters<typeof removeRecord<T>>[0]) => removeRecord(data, id));
  }
  if (detailKey) queryClient.removeQueries({ queryKey: detailKey });
}
