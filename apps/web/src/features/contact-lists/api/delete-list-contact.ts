import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiSend } from "../../../lib/api-client.ts";
import { forgetListContact } from "./contact-lists-cache.ts";

/** DELETE /contact-list-items/{id}. Rejects with ERR_NO_PERMISSION (contacts-page:deleteContact), ERR_NO_CONTACT_LIST_ITEM_FOUND. */
export function deleteListContact(id: number): Promise<void> {
  return apiSend(`/contact-list-items/${id}`, { method: "DELETE" });
}

/** Removes a contact from its list and from the page. Failures become error toasts. */
export function useDeleteListContact() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteListContact, onSuccess: (_result, id) => forgetListContact(queryClient, id) });
}
