/** Cache keys of the connections feature (the list and each connection's detail). */
export const connectionsQueryKey = ["connections", "list"] as const;
export const connectionQueryKey = (id: number) => ["connections", "detail", id] as const;
