import { type QueryKey, useInfiniteQuery } from "@tanstack/react-query";

/** One page of a list call: its records and whether more exist. */
export interface ListPage<T> {
  records: T[];
  hasMore: boolean;
}

interface InfiniteListOptions<T, P extends ListPage<T>> {
  /** Identifies the list and its filters; a change restarts at page 1. */
  queryKey: QueryKey;
  /** Fetches page `pageNumber` (from 1). */
  fetchPage: (pageNumber: number, signal: AbortSignal) => Promise<P>;
  enabled?: boolean;
  /** The caller shows a failure itself (a list in the top bar, a page of its own): no error toast. */
  silentError?: boolean;
}

/**
 * A paged list call (`pageNumber`, `hasMore`) as one flat list. Pages are cached under `queryKey`;
 * `useLiveRecords` patches the same cache from realtime events.
 */
export function useInfiniteList<T, P extends ListPage<T> = ListPage<T>>({ queryKey, fetchPage, enabled = true, silentError = false }: InfiniteListOptions<T, P>) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: P, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled,
    meta: { silentError },
  });
  const records = query.data?.pages.flatMap((page) => page.records) ?? [];
  return {
    records,
    /** The cached pages as the server answered them (with whatever else a page carries, such as a count). */
    pages: query.data?.pages,
    hasMore: query.hasNextPage,
    isLoading: query.isPending && enabled,
    isError: query.isError,
    isFetchingMore: query.isFetchingNextPage,
    loadMore: () => {
      if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
    },
    refetch: () => void query.refetch(),
  };
}
