/** Cache key of the plans feature: the installation's plans (GET /plans/all). */
export const plansQueryKey = ["plans", "all"] as const;
