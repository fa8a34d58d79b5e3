/** What other modules (and the composition root) may use of billing. */
import type { Config } from "../../config.ts";
import { EfiPaymentProvider } from "./efi-provider.ts";
import type { PaymentProvider } from "./payment-provider.ts";
import { SimulatorPaymentProvider } from "./simulator-provider.ts";

export { startBillingWorkers, runInvoiceSweep, invoiceCompanyIfDue, BILLING_DAILY_JOB } from "./billing.jobs.ts";
export { type BillingDeps } from "./billing.service.ts";
export type { PaymentProvider } from "./payment-provider.ts";

/** The payment provider the configuration names, or none when payments are off. */
export function createPaymentProvider(config: Config): PaymentProvider | undefined {
  const { billing } = config;
  const shared = { webhookSecret: billing.webhookSecret, pixKey: billing.pixKey, merchantName: billing.merchantName, merchantCity: billing.merchantCity };
  if (billing.provider === "efi" && billing.efi) return new EfiPaymentProvider({ ...billing.efi, ...shared });
  if (billing.provider === "simulator") return new SimulatorPaymentProvider(shared);
  return undefined;
}
