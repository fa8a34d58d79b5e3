/** Cache keys of the billing feature. */
export const invoicesListPrefix = ["billing", "invoices"] as const;
export const invoicesListQueryKey = (searchParam: string) => [...invoicesListPrefix, { searchParam }] as const;
export const adminInvoicesListPrefix = ["billing", "adminInvoices"] as const;
export const adminInvoicesListQueryKey = (searchParam: string, status: string) => [...adminInvoicesListPrefix, { searchParam, status }] as const;
export const subscriptionQueryKey = ["billing", "subscription"] as const;
