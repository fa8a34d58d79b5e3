/**
 * Cache keys of the queues feature. Its own root ("queuesPage"): the pickers of other features
 * cache GET /queue's plain array under ["queues", …], which the paged lists must never touch.
 */
export const queuesListPrefix = ["queuesPage", "list"] as const;
export const queuesListQueryKey = (searchParam: string) => [...queuesListPrefix, { searchParam }] as const;
export const queueQueryKey = (id: number) => ["queuesPage", "detail", id] as const;
export const allQueuesQueryKey = ["queuesPage", "all"] as const;
export const queueSettingsQueryKey = ["queuesPage", "settings"] as const;
export const queueOptionsPrefix = (queueId: number) => ["queuesPage", "options", queueId] as const;
export const queueOptionsQueryKey = (queueId: number, parentId: number) => [...queueOptionsPrefix(queueId), parentId] as const;
