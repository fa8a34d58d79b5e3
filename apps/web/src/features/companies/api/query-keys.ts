/** Cache keys of the companies feature: the pages of the list (per search), each company's detail, the plan options. */
export const companiesListPrefix = ["companies", "list"] as const;
export const companiesListQueryKey = (searchParam: string) => [...companiesListPrefix, { searchParam }] as const;
export const companyDetailQueryKey = (id: number) => ["companies", "detail", id] as const;
export const companyPlanOptionsQueryKey = ["companies", "plan-options"] as const;
