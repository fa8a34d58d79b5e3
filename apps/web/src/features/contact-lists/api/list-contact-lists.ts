import { type ContactList, ZListContactListsResponse } from "@conversa/shared";
import { type ListPage, useInfiniteList } from "../../../components/list/index.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { contactListsQueryKey } from "./query-keys.ts";

/** GET /contact-lists: one page (20) of the company's contact lists with their counts, searched by name. */
export function fetchContactLists(searchParam: string, pageNumber: number, signal?: AbortSignal): Promise<ListPage<ContactList>> {
  return apiRequest("/contact-lists", ZListContactListsResponse, { query: { searchParam: searchParam || undefined, pageNumber }, signal });
}

/** The Contact lists page's list, page after page as the user scrolls; a new search restarts it. */
export function useContactListRecords(searchParam: string) {
  return useInfiniteList<ContactList>({ queryKey: contactListsQueryKey(searchParam), fetchPage: (pageNumber, signal) => fetchContactLists(searchParam, pageNumber, signal) });
}
