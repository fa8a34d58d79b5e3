import { type ContactList, type ContactListBody, ZContactList } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { storeContactList } from "./contact-lists-cache.ts";

export interface SaveContactListInput {
  /** The list to rename; null creates one. */
  id: number | null;
  body: ContactListBody;
}

/** POST /contact-lists, or PUT /contact-lists/{id}. Rejects with ERR_VALIDATION, ERR_NO_CONTACT_LIST_FOUND. */
export function saveContactList({ id, body }: SaveContactListInput): Promise<ContactList> {
  return id === null
    ? apiRequest("/contact-lists", ZContactList, { method: "POST", body })
    : apiRequest(`/contact-lists/${id}`, ZContactList, { method: "PUT", body });
}

/** Creates or renames a contact list; the page shows the result at once. Failures become error toasts. */
export function useSaveContactList() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveContactList, onSuccess: (list) => storeContactList(queryClient, list) });
}
