/** Cache keys of the contact lists feature: the lists (per search), each list, a list's contacts (per search) and each contact. */
export const contactListsPrefix = ["contact-lists", "list"] as const;
export const contactListsQueryKey = (searchParam: string) => [...contactListsPrefix, { searchParam }] as const;
export const contactListQueryKey = (id: number) => ["contact-lists", "detail", id] as const;
export const listContactsPrefix = ["contact-list-items", "list"] as const;
export const listContactsQueryKey = (contactListId: number, searchParam: string) => [...listContactsPrefix, { contactListId, searchParam }] as const;
export const listContactQueryKey = (id: number) => ["contact-list-items", "detail", id] as const;
