import type { Contact } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { removeRecord } from "../../../components/list/index.ts";
import { apiSend } from "../../../lib/api-client.ts";
import { contactQueryKey, contactsListPrefix } from "./query-keys.ts";

/** DELETE /contacts/{id}: the contact with its tickets, messages and schedules (contacts-page:deleteContact). */
export function deleteContact(id: number): Promise<void> {
  return apiSend(`/contacts/${id}`, { method: "DELETE" });
}

/** Deletes a contact and drops it from the lists. Failures become error toasts. */
export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContact,
    onSuccess: (_result, id) => {
      for (const [queryKey] of queryClient.getQueriesData({ queryKey: contactsListPrefix })) {
        queryClient.setQueryData(queryKey, (data: Parameters<typeof removeRecord<Contact>>[0]) => removeRecord(data, id));
      }
      queryClient.removeQueries({ queryKey: contactQueryKey(id) });
    },
  });
}
