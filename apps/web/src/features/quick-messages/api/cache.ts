import type { QuickMessage } from "@conversa/shared";
import type { QueryClient } from "@tanstack/react-query";
import { removeRecord, upsertRecord } from "../../../components/list/index.ts";
import { belongsToQuickMessageList } from "../utils/quick-message-search.ts";
import { quickMessageQueryKey, quickMessagesListPrefix } from "./query-keys.ts";

/** Shows a saved reply in every cached list (where it matches the search) and in its detail. */
export function storeQuickMessage(queryClient: QueryClient, quick: QuickMessage): void {
  for (const [queryKey] of queryClient.getQueriesData({ queryKey: quickMessagesListPrefix })) {
    queryClient.setQueryData(queryKey, (data: Parameters<typeof upsertRecord<QuickMessage>>[0]) => upsertRecord(data, quick, belongsToQuickMessageList(quick, queryKey)));
  }
  queryClient.setQueryData(quickMessageQueryKey(quick.id), quick);
}

/** Drops a deleted reply from every cached list. */
export function forgetQuickMessage(queryClient: QueryClient, id: number): void {
  for (const [queryKey] of queryClient.getQueriesData({ queryKey: quickMessagesListPrefix })) {
    queryClient.setQueryData(queryKey, (data: Parameters<typeof removeRecord<QuickMessage>>[0]) => removeRecord(data, id));
  }
  queryClient.removeQueries({ queryKey: quickMessageQueryKey(id) });
}
