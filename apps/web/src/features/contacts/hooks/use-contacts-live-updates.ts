import { ZContact } from "@conversa/shared";
import { useLiveRecords } from "../../../components/list/index.ts";
import { contactsListPrefix } from "../api/query-keys.ts";
import { belongsToContactList } from "../utils/contact-filter.ts";

/** Keeps the contacts page's cached lists in step with `company-{id}-contact`: contacts created, changed or deleted elsewhere. */
export function useContactsLiveUpdates(): void {
  useLiveRecords("contact", { queryKeyPrefix: contactsListPrefix, schema: ZContact, belongs: belongsToContactList });
}
