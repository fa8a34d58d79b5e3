import { type ListTagsResponse, type TagRecord, ZListTagsResponse } from "@conversa/shared";
import { type ListPage, useInfiniteList } from "../../../components/list/index.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { tagsListQueryKey } from "./query-keys.ts";

/** GET /tags: one page (20) of the company's tags with their ticket counts, searched by name. */
export function fetchTags(searchParam: string, pageNumber: number, signal?: AbortSignal): Promise<ListTagsResponse> {
  return apiRequest("/tags", ZListTagsResponse, { query: { searchParam: searchParam || undefined, pageNumber }, signal });
}

/** The Tags page's list, page after page as the user scrolls; a new search restarts it. */
export function useTagRecords(searchParam: string) {
  return useInfiniteList<TagRecord>({
    queryKey: tagsListQueryKey(searchParam),
    fetchPage: async (pageNumber, signal): Promise<ListPage<TagRecord>> => {
      const page = await fetchTags(searchParam, pageNumber, signal);
      return { records: page.tags, hasMore: page.hasMore };
    },
  });
}
