import type { ContactList, ContactListItem } from "@conversa/shared";
import type { QueryKey } from "@tanstack/react-query";
import { z } from "zod";

const ZListsKey = z.tuple([z.literal("contact-lists"), z.literal("list"), z.object({ searchParam: z.string() })]);
const ZContactsKey = z.tuple([z.literal("contact-list-items"), z.literal("list"), z.object({ contactListId: z.number(), searchParam: z.string() })]);

const contains = (text: string, term: string) => text.toLowerCase().includes(term);

/** Whether a list's name contains the search term, ignoring case, as the server compares; an empty term matches all. */
export function matchesContactListSearch(list: Pick<ContactList, "name">, searchParam: string): boolean {
  const term = searchParam.trim().toLowerCase();
  return term === "" || contains(list.name, term);
}

/** Whether a created or changed list belongs in the lists cached under `queryKey`. */
export function belongsToContactLists(list: Pick<ContactList, "name">, queryKey: QueryKey): boolean {
  const key = ZListsKey.safeParse(queryKey);
  return key.success ? matchesContactListSearch(list, key.data[2].searchParam) : false;
}

/** Whether a list's contact matches the search term in its name, number or e-mail, as the server compares. */
export function matchesListContactSearch(item: Pick<ContactListItem, "name" | "number" | "email">, searchParam: string): boolean {
  const term = searchParam.trim().toLowerCase();
  return term === "" || contains(item.name, term) || contains(item.number, term) || contains(item.email, term);
}

/** Whether a created or changed contact belongs in the contacts cached under `queryKey`: same list, matching search. */
export function belongsToListContacts(item: Pick<ContactListItem, "name" | "number" | "email" | "contactListId">, queryKey: QueryKey): boolean {
  const key = ZContactsKey.safeParse(queryKey);
  if (!key.success) return false;
  const { contactListId, searchParam } = key.data[2];
  return item.contactListId === contactListId && matchesListContactSearch(item, searchParam);
}
