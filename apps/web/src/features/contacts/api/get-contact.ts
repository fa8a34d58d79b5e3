import { type Contact, ZContact } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { contactQueryKey } from "./query-keys.ts";

/** GET /contacts/{id}: the contact with its extra information. */
export function fetchContact(id: number, signal?: AbortSignal): Promise<Contact> {
  return apiRequest(`/contacts/${id}`, ZContact, { signal });
}

/** One contact, read again each time the edit dialog opens. */
export function useContact(id: number) {
  return useQuery({ queryKey: contactQueryKey(id), queryFn: ({ signal }) => fetchContact(id, signal), staleTime: 0 });
}
