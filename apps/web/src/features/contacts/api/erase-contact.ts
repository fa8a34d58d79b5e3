import { type Contact, type EraseContactResponse, ZEraseContactResponse } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { upsertRecord } from "../../../components/list/index.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { belongsToContactList } from "../utils/contact-filter.ts";
import { fetchContact } from "./get-contact.ts";
import { contactQueryKey, contactsListPrefix } from "./query-keys.ts";

/**
 * POST /contacts/{id}/erase (admins): the contact's personal data removed, with its number typed again.
 * Rejects with ERR_ERASE_CONFIRMATION_MISMATCH, ERR_CONTACT_ERASED, ERR_NO_CONTACT_FOUND, ERR_NO_PERMISSION.
 */
export function eraseContact({ id, number }: { id: number; number: string }): Promise<EraseContactResponse> {
  return apiRequest(`/contacts/${id}/erase`, ZEraseContactResponse, { method: "POST", body: { number } });
}

/** Erases a contact's personal data; the lists then show the erased contact. Failures are shown by the dialog. */
export function useEraseContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseContact,
    meta: { silentError: true },
    onSuccess: async (_result, { id }) => {
      let contact: Contact;
      try {
        contact = await fetchContact(id);
      } catch {
        // The erasure is done; the lists are read again instead.
        await queryClient.invalidateQueries({ queryKey: contactsListPrefix });
        return;
      }
      for (const [queryKey] of queryClient.getQueriesData({ queryKey: contactsListPrefix })) {
        queryClient.setQueryData(queryKey, (data: Parameters<typeof upsertRecord<Contact>>[0]) => upsertRecord(data, contact, belongsToContactList(contact, queryKey)));
      }
      queryClient.setQueryData(contactQueryKey(id), contact);
    },
  });
}

/** An erased contact keeps a number that is not a phone number (docs/privacy.md). */
export function isErasedContact(contact: Pick<Contact, "number">): boolean {
  return contact.number.startsWith("erased-");
}
