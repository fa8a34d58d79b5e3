import { ZContact } from "@conversa/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";
import { schedulesKeys } from "./query-keys.ts";

/** What the schedule dialog shows of a contact. */
export const ZScheduleContactOption = ZContact.pick({ id: true, name: true, number: true });
export type ScheduleContactOption = z.infer<typeof ZScheduleContactOption>;

const ZContactsPage = z.object({ contacts: z.array(ZScheduleContactOption), count: z.number(), hasMore: z.boolean() });

/** Contact search starts at this many characters (spec core §9). */
export const CONTACT_SEARCH_MIN_LENGTH = 3;

/** GET /contacts?searchParam=&pageNumber=1: contacts whose name or number matches. */
export async function searchContacts(searchParam: string, signal?: AbortSignal): Promise<ScheduleContactOption[]> {
  const page = await apiRequest("/contacts", ZContactsPage, { query: { searchParam, pageNumber: 1 }, signal });
  return page.contacts;
}

/** Contacts matching an (already debounced, lowercased) search; nothing is asked under 3 characters. */
export function useScheduleContactSearch(searchParam: string) {
  return useQuery({
    queryKey: schedulesKeys.contacts(searchParam),
    queryFn: ({ signal }) => searchContacts(searchParam, signal),
    enabled: searchParam.length >= CONTACT_SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
  });
}
