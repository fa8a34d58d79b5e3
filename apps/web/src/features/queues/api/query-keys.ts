/**
 * Cache keys of the queues feature. Its own root ("queuesPage"): the pickers of other features
 * cache GET /queue's plain array under ["queues", …], which the paged lists must never touch.
 */
export const queuesListPrefix = ["queuesPage", "list"] as const;
/** The store filter of the queues tab: every queue, those without a store, or a store's. */
export type StoreFilter = "all" | "none" | number;
export const queuesListQueryKey = (searchParam: string, storeId: StoreFilter = "all") =>
  storeId === "all" ? ([...queuesListPrefix, { searchParam }] as const) : ([...queuesListPrefix, { searchParam, storeId }] as const);
export const queueDetailsPrefix = ["queuesPage", "detail"] as const;
export const queueQueryKey = (id: number) => [...queueDetailsPrefix, id] as const;
export const allQueuesQueryKey = ["queuesPage", "all"] as const;
export const queueSettingsQueryKey = ["queuesPage", "settings"] as const;
export const queueOptionsPrefix = (queueId: number) => ["queuesPage", "options", queueId] as const;
export const queueOptionsQueryKey = (queueId: number, parentId: number) => [...queueOptionsPrefix(queueId), parentId] as const;
export const storesQueryKey = ["queuesPage", "stores"] as const;
export const rulesQueryKey = (storeId: number) => ["queuesPage", "rules", storeId] as const;
export const distributionLogsPrefix = ["queuesPage", "distributionLogs"] as const;
export const queueMetricsPrefix = ["queuesPage", "metrics"] as const;
export const queueConfigQueryKey = (queueId: number) => ["queuesPage", "config", queueId] as const;
export const queueUsersQueryKey = (queueId: number) => ["queuesPage", "queueUsers", queueId] as const;
export const companyUsersQueryKey = ["queuesPage", "companyUsers"] as const;
