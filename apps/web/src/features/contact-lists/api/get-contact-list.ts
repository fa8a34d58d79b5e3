import { type ContactList, ZContactList } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { contactListQueryKey } from "./query-keys.ts";

/** GET /contact-lists/{id}. Rejects with ERR_NO_CONTACT_LIST_FOUND. */
export function fetchContactList(id: number, signal?: AbortSignal): Promise<ContactList> {
  return apiRequest(`/contact-lists/${id}`, ZContactList, { signal });
}

/** One contact list as the server has it now (its contacts page's title, the edit dialog). */
export function useContactList(id: number) {
  return useQuery({ queryKey: contactListQueryKey(id), queryFn: ({ signal }) => fetchContactList(id, signal), staleTime: 0 });
}
