import { type Contact, type ContactBody, ZContact } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { upsertRecord } from "../../../components/list/index.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { belongsToContactList } from "../utils/contact-filter.ts";
import { contactQueryKey, contactsListPrefix } from "./query-keys.ts";

export interface SaveContactInput {
  /** The contact to change; null creates one. */
  id: number | null;
  body: ContactBody;
}

/** POST /contacts, or PUT /contacts/{id}. Rejects with ERR_DUPLICATED_CONTACT, ERR_NO_CONTACT_FOUND. */
export function saveContact({ id, body }: SaveContactInput): Promise<Contact> {
  return id === null ? apiRequest("/contacts", ZContact, { method: "POST", body }) : apiRequest(`/contacts/${id}`, ZContact, { method: "PUT", body });
}

/** Creates or changes a contact; the lists show it at once. A duplicated number is shown by the form, other failures as toasts. */
export function useSaveContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveContact,
    meta: { silentError: true },
    onSuccess: (contact) => {
      for (const [queryKey] of queryClient.getQueriesData({ queryKey: contactsListPrefix })) {
        queryClient.setQueryData(queryKey, (data: Parameters<typeof upsertRecord<Contact>>[0]) => upsertRecord(data, contact, belongsToContactList(contact, queryKey)));
      }
      queryClient.setQueryData(contactQueryKey(contact.id), contact);
    },
  });
}
