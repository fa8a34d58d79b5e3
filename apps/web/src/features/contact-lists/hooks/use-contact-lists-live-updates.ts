import { ZContactList, ZContactListItem } from "@conversa/shared";
import { useLiveRecords } from "../../../components/list/index.ts";
import { contactListsPrefix, listContactsPrefix } from "../api/query-keys.ts";
import { belongsToContactLists, belongsToListContacts } from "../utils/contact-list-search.ts";

/** Keeps the Contact lists page in step with `company-{id}-ContactList`: lists created, renamed, recounted or deleted elsewhere. */
export function useContactListsLiveUpdates(): void {
  useLiveRecords("ContactList", { queryKeyPrefix: contactListsPrefix, schema: ZContactList, belongs: belongsToContactLists });
}

/**
 * Keeps a list's contacts page in step with `company-{id}-ContactListItem`: contacts added, changed or
 * removed elsewhere, and each number's WhatsApp check as it is answered.
 */
export function useListContactsLiveUpdates(): void {
  useLiveRecords("ContactListItem", { queryKeyPrefix: listContactsPrefix, schema: ZContactListItem, belongs: belongsToListContacts });
}
