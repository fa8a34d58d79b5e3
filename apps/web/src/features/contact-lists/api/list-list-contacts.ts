import { type ContactListItem, ZListContactListItemsResponse } from "@conversa/shared";
import { type ListPage, useInfiniteList } from "../../../components/list/index.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { listContactsQueryKey } from "./query-keys.ts";

/** GET /contact-list-items: one page of a list's contacts, searched by name, number or e-mail. */
export async function fetchListContacts(contactListId: number, searchParam: string, pageNumber: number, signal?: AbortSignal): Promise<ListPage<ContactListItem>> {
  const page = await apiRequest("/contact-list-items", ZListContactListItemsResponse, { query: { contactListId, searchParam: searchParam || undefined, pageNumber }, signal });
  return { records: page.contacts, hasMore: page.hasMore };
}

/** The contacts of one list, page after page as the user scrolls; a new search restarts it. */
export function useListContactRecords(contactListId: number, searchParam: string) {
  return useInfiniteList<ContactListItem>({
    queryKey: listContactsQueryKey(contactListId, searchParam),
    fetchPage: (pageNumber, signal) => fetchListContacts(contactListId, searchParam, pageNumber, signal),
  });
}
