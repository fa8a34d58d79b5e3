import { type ContactListItem, type ContactListItemBody, ZContactListItem } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { storeListContact } from "./contact-lists-cache.ts";

export interface SaveListContactInput {
  /** The contact to change; null adds one to the body's list. */
  id: number | null;
  body: ContactListItemBody;
}

/** POST /contact-list-items, or PUT /contact-list-items/{id}. Rejects with ERR_DUPLICATED_CONTACT_LIST_ITEM, ERR_NO_CONTACT_LIST_ITEM_FOUND, ERR_NO_CONTACT_LIST_FOUND. */
export function saveListContact({ id, body }: SaveListContactInput): Promise<ContactListItem> {
  return id === null
    ? apiRequest("/contact-list-items", ZContactListItem, { method: "POST", body })
    : apiRequest(`/contact-list-items/${id}`, ZContactListItem, { method: "PUT", body });
}

/** Adds or changes a contact of a list; the page shows it at once. Failures become error toasts. */
export function useSaveListContact() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveListContact, onSuccess: (item) => storeListContact(queryClient, item) });
}
