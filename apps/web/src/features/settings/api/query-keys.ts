/** Cache keys of the settings feature: the company's settings and a company's hours. */
export const settingsQueryKey = ["settings", "list"] as const;
export const companyDetailQueryKey = (companyId: number) => ["settings", "company", companyId] as const;
