import type { ContactListFilter } from "../utils/contact-filter.ts";

/** Cache keys of the contacts feature: every page of the list (per filter) and each contact. */
export const contactsListPrefix = ["contacts", "list"] as const;
export const contactsListQueryKey = (filter: ContactListFilter) => [...contactsListPrefix, filter] as const;
export const contactQueryKey = (id: number) => ["contacts", "detail", id] as const;
export const contactConnectionsQueryKey = ["contacts", "connections"] as const;
