import { type ListQueuesPage, type Queue, ZListQueuesPage } from "@conversa/shared";
import { type ListPage, useInfiniteList } from "../../../components/list/index.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { type StoreFilter, queuesListQueryKey } from "./query-keys.ts";

/** GET /queue with pageNumber: one page (20) of the company's queues, searched by name. */
export function fetchQueuesPage(searchParam: string, pageNumber: number, signal?: AbortSignal, storeId: StoreFilter = "all"): Promise<ListQueuesPage> {
  return apiRequest("/queue", ZListQueuesPage, { query: { searchParam: searchParam || undefined, pageNumber, storeId: storeId === "all" ? undefined : storeId }, signal });
}

/** The Queues page's list, page after page as the user scrolls; a new search restarts it. */
export function useQueueRecords(searchParam: string, storeId: StoreFilter = "all") {
  return useInfiniteList<Queue>({
    queryKey: queuesListQueryKey(searchParam, storeId),
    fetchPage: async (pageNumber, signal): Promise<ListPage<Queue>> => {
      const page = await fetchQueuesPage(searchParam, pageNumber, signal, storeId);
      return { records: page.queues, hasMore: page.hasMore };
    },
  });
}
