import { type Contact, ZContact } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { conversationKeys } from "./query-keys.ts";

/** GET /contacts/{id}: the contact with its extra information. */
export function fetchContact(id: number): Promise<Contact> {
  return apiRequest(`/contacts/${id}`, ZContact);
}

export function useContact(id: number, enabled: boolean) {
  return useQuery({ queryKey: conversationKeys.contact(id), queryFn: () => fetchContact(id), enabled });
}
