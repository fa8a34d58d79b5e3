import { type ListQuickMessagesResponse, type QuickMessage, ZListQuickMessagesResponse } from "@conversa/shared";
import { type ListPage, useInfiniteList } from "../../../components/list/index.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { quickMessagesListQueryKey } from "./query-keys.ts";

/** GET /quick-messages: one page (20) of the company's shared replies and the user's own, searched by shortcode or message. */
export function fetchQuickMessagePage(searchParam: string, pageNumber: number, signal?: AbortSignal): Promise<ListQuickMessagesResponse> {
  return apiRequest("/quick-messages", ZListQuickMessagesResponse, { query: { searchParam: searchParam || undefined, pageNumber }, signal });
}

/** The Quick replies page's list, page after page as the user scrolls; a new search restarts it. */
export function useQuickMessageRecords(searchParam: string) {
  return useInfiniteList<QuickMessage>({
    queryKey: quickMessagesListQueryKey(searchParam),
    fetchPage: async (pageNumber, signal): Promise<ListPage<QuickMessage>> => fetchQuickMessagePage(searchParam, pageNumber, signal),
  });
}
