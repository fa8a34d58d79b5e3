import { type ListQueuesPage, type Queue, ZListQueuesPage } from "@conversa/shared";
import { type ListPage, useInfiniteList } from "../../../components/list/index.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { queuesListQueryKey } from "./query-keys.ts";

/** GET /queue with pageNumber: one page (20) of the company's queues, searched by name. */
export function fetchQueuesPage(searchParam: string, pageNumber: number, signal?: AbortSignal): Promise<ListQueuesPage> {
  return apiRequest("/queue", ZListQueuesPage, { query: { searchParam: searchParam || undefined, pageNumber }, signal });
}

/** The Queues page's list, page after page as the user scrolls; a new search restarts it. */
export function useQueueRecords(searchParam: string) {
  return useInfiniteList<Queue>({
    queryKey: queuesListQueryKey(searchParam),
    fetchPage: async (pageNumber, signal): Promise<ListPage<Queue>> => {
      const page = await fetchQueuesPage(searchParam, pageNumber, signal);
      return { records: page.queues, hasMore: page.hasMore };
    },
  });
}
