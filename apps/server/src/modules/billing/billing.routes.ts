import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ZAdminInvoice,
  ZCancelInvoiceBody,
  ZIdParam,
  ZInvoice,
  ZListAdminInvoicesQuery,
  ZListAdminInvoicesResponse,
  ZListInvoicesQuery,
  ZListInvoicesResponse,
  ZMarkInvoicePaidBody,
  ZPixCharge,
  ZSubscriptionBody,
  ZSubscriptionInfo,
} from "@conversa/shared";
import { AppError } from "../../lib/app-error.ts";
import { ctxOf } from "../../lib/context.ts";
import {
  type BillingDeps,
  cancelInvoice,
  findChargeByTxid,
  listAllCompaniesInvoices,
  listInvoices,
  markInvoicePaid,
  openInvoiceForCompany,
  receiveConfirmation,
  subscribe,
  subscriptionInfo,
} from "./billing.service.ts";
import { canPayInvoices } from "./billing.policy.ts";
import type { PaymentProvider } from "./payment-provider.ts";
import { SimulatorPaymentProvider } from "./simulator-provider.ts";

const ZProviderParam = z.object({ provider: z.enum(["simulator", "efi"]) });
const ZConfirmationAnswer = z.object({ settled: z.number() });
/** A Pix transaction id: 26 to 35 letters and digits. */
const ZTxidParam = z.object({ txid: z.string().regex(/^[A-Za-z0-9]{26,35}$/) });

/** What the billing routes use of the platform: the billing services' dependencies, the payment provider absent when payments are off. */
export interface BillingRoutesDeps extends Omit<BillingDeps, "payments"> {
  payments?: PaymentProvider;
}

export function billingDepsOf(deps: BillingRoutesDeps): BillingDeps {
  return { db: deps.db, events: deps.events, config: deps.config, mailer: deps.mailer, payments: deps.payments, logger: deps.logger };
}

/**
 * Billing (spec admin §2, §7): the company's invoices (/invoices/all), its subscription and checkout
 * (/subscription), the super users' view of every invoice (/billing/invoices), and the payment
 * confirmations providers deliver (/webhooks/pix/{provider}, public: each provider authenticates its own).
 */
export function billingRoutes(deps: BillingRoutesDeps): FastifyPluginAsyncZod {
  const billing = billingDepsOf(deps);
  return async (app) => {
    const auth = { onRequest: app.authenticate };

    app.get("/invoices/all", { ...auth, schema: { querystring: ZListInvoicesQuery, response: { 200: ZListInvoicesResponse } } }, (request) =>
      listInvoices(billing, ctxOf(request), request.query),
    );
    app.get("/subscription", { ...auth, schema: { response: { 200: ZSubscriptionInfo } } }, (request) => subscriptionInfo(billing, ctxOf(request)));
    app.post("/subscription/invoice", { ...auth, schema: { response: { 200: ZInvoice } } }, (request) => openInvoiceForCompany(billing, ctxOf(request)));
    app.post("/subscription", { ...auth, schema: { body: ZSubscriptionBody, response: { 200: ZPixCharge } } }, (request) =>
      subscribe(billing, ctxOf(request), request.body),
    );

    app.get("/billing/invoices", { ...auth, schema: { querystring: ZListAdminInvoicesQuery, response: { 200: ZListAdminInvoicesResponse } } }, (request) =>
      listAllCompaniesInvoices(billing, ctxOf(request), request.query),
    );
    app.post("/billing/invoices/:id/mark-paid", { ...auth, schema: { params: ZIdParam, body: ZMarkInvoicePaidBody, response: { 200: ZAdminInvoice } } }, (request) =>
      markInvoicePaid(billing, ctxOf(request), request.params.id),
    );
    app.post("/billing/invoices/:id/cancel", { ...auth, schema: { params: ZIdParam, body: ZCancelInvoiceBody, response: { 200: ZAdminInvoice } } }, (request) =>
      cancelInvoice(billing, ctxOf(request), request.params.id, request.body.reason),
    );

    // EFI appends /pix to the registered webhook URL: both paths are the same confirmation.
    for (const url of ["/webhooks/pix/:provider", "/webhooks/pix/:provider/pix"]) {
      app.post(url, { schema: { params: ZProviderParam, body: z.unknown(), response: { 200: ZConfirmationAnswer } } }, (request) =>
        receiveConfirmation(billing, request.params.provider, { headers: request.headers, query: z.record(z.string(), z.unknown()).parse(request.query ?? {}), body: request.body }),
      );
    }

    // The payment simulator pays a pending charge of the session's company, delivering the signed
    // confirmation to the webhook path exactly as a provider would.
    const simulator = deps.payments instanceof SimulatorPaymentProvider ? deps.payments : undefined;
    if (simulator) {
      app.post("/payment-simulator/charges/:txid/pay", { ...auth, schema: { params: ZTxidParam, response: { 200: ZConfirmationAnswer } } }, async (request) => {
        const ctx = ctxOf(request);
        if (!canPayInvoices(ctx)) throw new AppError("ERR_NO_PERMISSION");
        const charge = await findChargeByTxid(deps.db, simulator.name, request.params.txid);
        if (!charge || charge.companyId !== ctx.companyId) throw new AppError("ERR_NO_CHARGE_FOUND");
        const delivery = simulator.confirmationFor(charge.txid, charge.amountCents);
        const answer = await app.inject({ method: "POST", url: "/webhooks/pix/simulator", headers: delivery.headers, payload: delivery.body });
        if (answer.statusCode !== 200) throw new AppError("ERR_PAYMENT_PROVIDER", { status: answer.statusCode });
        return ZConfirmationAnswer.parse(answer.json());
      });
    }
  };
}
