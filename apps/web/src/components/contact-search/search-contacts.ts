import { ZContact } from "@conversa/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "../../lib/api-client.ts";

/** What a contact search shows of a contact. */
export const ZContactOption = ZContact.pick({ id: true, name: true, number: true });
export type ContactOption = z.infer<typeof ZContactOption>;

const ZContactsPage = z.object({ contacts: z.array(ZContactOption), count: z.number(), hasMore: z.boolean() });

/** Contact search starts at this many characters (spec core §5, §9). */
export const CONTACT_SEARCH_MIN_LENGTH = 3;

export const contactSearchKeys = {
  all: ["contact-search"] as const,
  search: (searchParam: string) => ["contact-search", searchParam] as const,
};

/** GET /contacts?searchParam=&pageNumber=1: the first page of contacts whose name or number matches. */
export async function searchContacts(searchParam: string, signal?: AbortSignal): Promise<ContactOption[]> {
  const page = await apiRequest("/contacts", ZContactsPage, { query: { searchParam, pageNumber: 1 }, signal });
  return page.contacts;
}

/** Contacts matching an (already debounced, lowercased) search; nothing is asked under 3 characters. */
export function useContactSearch(searchParam: string) {
  return useQuery({
    queryKey: contactSearchKeys.search(searchParam),
    queryFn: ({ signal }) => searchContacts(searchParam, signal),
    enabled: searchParam.length >= CONTACT_SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
  });
}
