/** Cache keys of the users feature: every page of the list (per search), each user, the dialog's options. */
export const usersListPrefix = ["users", "list"] as const;
export const usersListQueryKey = (searchParam: string) => [...usersListPrefix, { searchParam }] as const;
export const userQueryKey = (id: number) => ["users", "detail", id] as const;
export const userQueueOptionsQueryKey = ["users", "options", "queues"] as const;
export const userConnectionOptionsQueryKey = ["users", "options", "connections"] as const;
