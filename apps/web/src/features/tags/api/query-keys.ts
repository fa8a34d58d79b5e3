/** Cache keys of the tags feature: every page of the list (per search) and each tag. */
export const tagsListPrefix = ["tags", "list"] as const;
export const tagsListQueryKey = (searchParam: string) => [...tagsListPrefix, { searchParam }] as const;
export const tagQueryKey = (id: number) => ["tags", "detail", id] as const;
