/** Cache key of the helps feature: every help video of the installation (GET /helps/list). */
export const helpsQueryKey = ["helps", "list"] as const;
