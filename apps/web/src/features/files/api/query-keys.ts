/** Cache keys of the files feature: the file lists (per search) and each list. */
export const fileListsPrefix = ["file-lists", "list"] as const;
export const fileListsQueryKey = (searchParam: string) => [...fileListsPrefix, { searchParam }] as const;
export const fileListQueryKey = (id: number) => ["file-lists", "detail", id] as const;
