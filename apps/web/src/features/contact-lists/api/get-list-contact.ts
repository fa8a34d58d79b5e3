import { type ContactListItem, ZContactListItem } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { listContactQueryKey } from "./query-keys.ts";

/** GET /contact-list-items/{id}. Rejects with ERR_NO_CONTACT_LIST_ITEM_FOUND. */
export function fetchListContact(id: number, signal?: AbortSignal): Promise<ContactListItem> {
  return apiRequest(`/contact-list-items/${id}`, ZContactListItem, { signal });
}

/** One contact of a list as the server has it now (the edit dialog starts from it). */
export function useListContact(id: number) {
  return useQuery({ queryKey: listContactQueryKey(id), queryFn: ({ signal }) => fetchListContact(id, signal), staleTime: 0 });
}
