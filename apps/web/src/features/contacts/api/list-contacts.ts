import { type Contact, type ListContactsResponse, ZListContactsResponse } from "@conversa/shared";
import { type ListPage, useInfiniteList } from "../../../components/list/index.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { type ContactListFilter, isRangeReversed, toContactsQuery } from "../utils/contact-filter.ts";
import { contactsListQueryKey } from "./query-keys.ts";

/** GET /contacts: one page (20) of the company's contacts matching the filter. */
export function fetchContacts(filter: ContactListFilter, pageNumber: number, signal?: AbortSignal): Promise<ListContactsResponse> {
  return apiRequest("/contacts", ZListContactsResponse, { query: toContactsQuery(filter, pageNumber), signal });
}

/** The contacts page's list, page after page as the user scrolls; a new filter restarts it (a reversed range asks nothing). */
export function useContactRecords(filter: ContactListFilter) {
  return useInfiniteList<Contact>({
    queryKey: contactsListQueryKey(filter),
    enabled: !isRangeReversed(filter),
    fetchPage: async (pageNumber, signal): Promise<ListPage<Contact>> => {
      const page = await fetchContacts(filter, pageNumber, signal);
      return { records: page.contacts, hasMore: page.hasMore };
    },
  });
}
