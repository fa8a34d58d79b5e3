import type { ContactList, ContactListItem } from "@conversa/shared";
import type { QueryClient } from "@tanstack/react-query";
import { forgetListRecord, storeListRecord } from "../../../components/list/index.ts";
import { belongsToContactLists, belongsToListContacts } from "../utils/contact-list-search.ts";
import { contactListQueryKey, contactListsPrefix, listContactQueryKey, listContactsPrefix } from "./query-keys.ts";

/** Shows a saved contact list in the cached lists (where it matches the search) and in its detail. */
export function storeContactList(queryClient: QueryClient, list: ContactList): void {
  storeListRecord(queryClient, list, { listPrefix: contactListsPrefix, detailKey: contactListQueryKey(list.id), belongs: belongsToContactLists });
}

/** Drops a deleted contact list from the cached lists. */
export function forgetContactList(queryClient: QueryClient, id: number): void {
  forgetListRecord(queryClient, id, { listPrefix: contactListsPrefix, detailKey: contactListQueryKey(id) });
}

/** Shows a saved contact in its list's cached pages and in its detail. */
export function storeListContact(queryClient: QueryClient, item: ContactListItem): void {
  storeListRecord(queryClient, item, { listPrefix: listContactsPrefix, detailKey: listContactQueryKey(item.id), belongs: belongsToListContacts });
}

/** Drops a deleted contact from the cached pages. */
export function forgetListContact(queryClient: QueryClient, id: number): void {
  forgetListRecord(queryClient, id, { listPrefix: listContactsPrefix, detailKey: listContactQueryKey(id) });
}
