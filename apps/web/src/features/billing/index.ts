/** What pages may use of the billing feature. */
export { AdminInvoicesPanel } from "./components/admin-invoices-panel.tsx";
export { FinancialPanel } from "./components/financial-panel.tsx";
export { SubscriptionPanel } from "./components/subscription-panel.tsx";
export { NoPermission } from "./components/no-permission.tsx";
