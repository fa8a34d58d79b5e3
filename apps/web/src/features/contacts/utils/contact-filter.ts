import type { Contact } from "@conversa/shared";
import type { QueryKey } from "@tanstack/react-query";
import { z } from "zod";

/** What the contacts list asks GET /contacts (and the export) for; empty strings are "no filter". */
export const ZContactListFilter = z.object({
  searchParam: z.string(),
  /** Created on this day or later (`YYYY-MM-DD`). */
  dateStart: z.string(),
  /** Created on this day or earlier (`YYYY-MM-DD`). */
  dateEnd: z.string(),
});
export type ContactListFilter = z.infer<typeof ZContactListFilter>;

export const EMPTY_CONTACT_FILTER: ContactListFilter = { searchParam: "", dateStart: "", dateEnd: "" };

/** The query string of GET /contacts and GET /contacts/export. */
export function toContactsQuery(filter: ContactListFilter, pageNumber?: number): Record<string, string | number | undefined> {
  return {
    searchParam: filter.searchParam || undefined,
    dateStart: filter.dateStart || undefined,
    dateEnd: filter.dateEnd || undefined,
    pageNumber,
  };
}

/** Whether the start is after the end (the server refuses such a range). */
export function isRangeReversed(filter: Pick<ContactListFilter, "dateStart" | "dateEnd">): boolean {
  return filter.dateStart !== "" && filter.dateEnd !== "" && filter.dateStart > filter.dateEnd;
}

/** The day (`YYYY-MM-DD`) of an instant in the browser's time zone. */
function localDay(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * Whether a contact matches a filter as the server compares: the search term in its name or e-mail
 * (any case) or, from 3 digits, in its number; its creation day within the range (counted here in
 * the browser's time zone, the company's is the server's).
 */
export function matchesContactFilter(contact: Pick<Contact, "name" | "number" | "email" | "createdAt">, filter: ContactListFilter): boolean {
  const term = filter.searchParam.trim().toLowerCase();
  const digits = term.replace(/\D/g, "");
  const matchesTerm =
    term === "" || contact.name.toLowerCase().includes(term) || contact.email.toLowerCase().includes(term) || (digits.length >= 3 && contact.number.includes(digits));
  const day = localDay(contact.createdAt);
  return matchesTerm && (filter.dateStart === "" || day >= filter.dateStart) && (filter.dateEnd === "" || day <= filter.dateEnd);
}

const ZListKey = z.tuple([z.literal("contacts"), z.literal("list"), ZContactListFilter]);

/** Whether a created or changed contact belongs in the list cached under `queryKey`. */
export function belongsToContactList(contact: Contact, queryKey: QueryKey): boolean {
  const key = ZListKey.safeParse(queryKey);
  return key.success ? matchesContactFilter(contact, key.data[2]) : false;
}
