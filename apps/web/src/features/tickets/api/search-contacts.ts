import { ZContact, ZListContactsResponse } from "@conversa/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";
import { ticketsKeys } from "./query-keys.ts";

/** What the new-ticket dialog needs of a contact. */
export const ZContactOption = ZContact.pick({ id: true, name: true, number: true, profilePicUrl: true });
export type ContactOption = z.infer<typeof ZContactOption>;

/** Contact search starts at this many characters (spec core §5). */
export const CONTACT_SEARCH_MIN_LENGTH = 3;

/** GET /contacts?searchParam=&pageNumber=1: contacts whose name or number matches. */
export async function searchContacts(searchParam: string, signal?: AbortSignal): Promise<ContactOption[]> {
  const page = await apiRequest("/contacts", ZListContactsResponse, { query: { searchParam, pageNumber: 1 }, signal });
  return page.contacts;
}

/** Contacts matching an (already debounced) search; nothing is asked under 3 characters. */
export function useContactSearch(searchParam: string) {
  const enabled = searchParam.length >= CONTACT_SEARCH_MIN_LENGTH;
  return useQuery({
    queryKey: ticketsKeys.contacts(searchParam),
    queryFn: ({ signal }) => searchContacts(searchParam, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}
