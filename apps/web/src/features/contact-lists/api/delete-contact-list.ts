import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiSend } from "../../../lib/api-client.ts";
import { forgetContactList } from "./contact-lists-cache.ts";

/** DELETE /contact-lists/{id}: the list and its contacts. Rejects with ERR_NO_CONTACT_LIST_FOUND. */
export function deleteContactList(id: number): Promise<void> {
  return apiSend(`/contact-lists/${id}`, { method: "DELETE" });
}

/** Deletes a contact list and drops it from the page. Failures become error toasts. */
export function useDeleteContactList() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteContactList, onSuccess: (_result, id) => forgetContactList(queryClient, id) });
}
