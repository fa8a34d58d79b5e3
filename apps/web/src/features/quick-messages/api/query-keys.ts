/** Cache keys of the quick-messages feature: every page of the list (per search) and each reply. */
export const quickMessagesListPrefix = ["quickMessages", "list"] as const;
export const quickMessagesListQueryKey = (searchParam: string) => [...quickMessagesListPrefix, { searchParam }] as const;
export const quickMessageQueryKey = (id: number) => ["quickMessages", "detail", id] as const;
