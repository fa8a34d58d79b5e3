import { randomBytes } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import {
  type AdminInvoice,
  type Invoice,
  INVOICES_PAGE_SIZE,
  type ListAdminInvoicesQuery,
  type ListAdminInvoicesResponse,
  type ListInvoicesQuery,
  type ListInvoicesResponse,
  type PixCharge,
  RECURRENCES,
  type Recurrence,
  type SubscriptionInfo,
  type ZSubscriptionBody,
  activeTrialEnd,
  renewDueDate,
} from "@conversa/shared";
import type { z } from "zod";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import type { DomainEvents } from "../../events/domain-events.ts";
import { AppError } from "../../lib/app-error.ts";
import type { RequestContext } from "../../lib/context.ts";
import type { Mailer } from "../../mail/mailer.ts";
import { recordAudit } from "../audit/index.ts";
import { formatAmount } from "./br-code.ts";
import { canManageAllInvoices, canPayInvoices } from "./billing.policy.ts";
import {
  type ChargeRow,
  findCompanyWithPlan,
  findInvoice,
  findInvoiceByDueDate,
  findOpenInvoice,
  findPlan,
  findReusableCharge,
  insertCharge,
  insertInvoiceIfAbsent,
  invoiceDto,
  listAdminInvoicePage,
  listCompanyInvoicePage,
  lockCharge,
  lockCompany,
  lockInvoice,
  lockOpenInvoices,
  markChargePaid,
  updateCompanyRenewal,
  updateInvoice,
  withdrawPendingCharges,
} from "./billing.repository.ts";
import type { ConfirmationRequest, ConfirmedPayment, PaymentProvider } from "./payment-provider.ts";

export interface BillingDeps {
  db: Db;
  events: DomainEvents;
  config: Config;
  mailer: Mailer;
  /** The configured payment provider; none when payments are off. */
  payments: PaymentProvider | undefined;
  logger?: FastifyBaseLogger;
}

/** How long a Pix charge can be paid. */
export const CHARGE_EXPIRY_SECONDS = 24 * 3600;
const DAY_MS = 86_400_000;

/** A plan's monthly value (numeric "99.90") as integer cents, without floating point. */
export function planValueCents(value: string): number {
  const [whole = "0", fraction = ""] = value.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0").slice(0, 2));
}

function recurrenceOf(value: string | null): Recurrence {
  return RECURRENCES.find((recurrence) => recurrence === value) ?? "MENSAL";
}

/**
 * The company's next due date once it has paid (spec core §4): its recurrence added to the current due
 * date, or to `now` when that date has passed (or there is none).
 */
export function renewedDueDate(current: Date | null, recurrence: string | null, timeZone: string, now: Date): Date {
  const base = current && current.getTime() > now.getTime() ? current : now;
  return renewDueDate(base, recurrenceOf(recurrence), timeZone) ?? base;
}

/** "Plano Pro · 10/12/2026 a 10/01/2027": the invoice's detail, naming the plan and the period it pays. */
export function invoiceDetail(planName: string, dueDate: Date, recurrence: string | null, timeZone: string): string {
  const end = renewDueDate(dueDate, recurrenceOf(recurrence), timeZone) ?? dueDate;
  const day = (date: Date) => new Intl.DateTimeFormat("pt-BR", { timeZone, day: "2-digit", month: "2-digit", year: "numeric" }).format(date);
  return `${planName} · ${day(dueDate)} a ${day(end)}`.slice(0, 300);
}

function requireAdmin(ctx: RequestContext): void {
  if (!canPayInvoices(ctx)) throw new AppError("ERR_NO_PERMISSION");
}

function requireSuper(ctx: RequestContext): void {
  if (!canManageAllInvoices(ctx)) throw new AppError("ERR_NO_PERMISSION");
}

/** GET /invoices/all: a page of the session company's invoices, as an array. Throws ERR_NO_PERMISSION (not an admin). */
export async function listInvoices(deps: BillingDeps, ctx: RequestContext, query: ListInvoicesQuery): Promise<ListInvoicesResponse> {
  requireAdmin(ctx);
  return (await listCompanyInvoicePage(deps.db, ctx.companyId, query.searchParam, query.pageNumber, INVOICES_PAGE_SIZE)).invoices;
}

/** GET /billing/invoices: every company's invoices. Throws ERR_NO_PERMISSION (not a super user). */
export async function listAllCompaniesInvoices(deps: BillingDeps, ctx: RequestContext, query: ListAdminInvoicesQuery): Promise<ListAdminInvoicesResponse> {
  requireSuper(ctx);
  return listAdminInvoicePage(deps.db, { companyId: query.companyId, status: query.status, searchParam: query.searchParam }, query.pageNumber, INVOICES_PAGE_SIZE);
}

/**
 * Creates the company's invoice for `dueDate` unless it exists (one per company and due date, whoever
 * asks and however often). Answers the invoice and whether this call created it.
 */
export async function ensureInvoice(
  db: Db,
  company: { id: number; planId: number | null; planName: string; planValue: string; recurrence: string | null; timezone: string },
  dueDate: Date,
): Promise<{ invoice: typeof import("../../db/schema/index.ts").invoices.$inferSelect; created: boolean }> {
  const inserted = await insertInvoiceIfAbsent(db, {
    companyId: company.id,
    dueDate,
    planId: company.planId,
    valueCents: planValueCents(company.planValue),
    detail: invoiceDetail(company.planName, dueDate, company.recurrence, company.timezone),
  });
  if (inserted) return { invoice: inserted, created: true };
  const existing = await findInvoiceByDueDate(db, company.id, dueDate);
  if (!existing) throw new Error("invoice neither inserted nor found");
  return { invoice: existing, created: false };
}

/**
 * The invoice /subscription's button pays: the company's oldest open one, or a new one for its due date
 * (today when it has none). Throws ERR_NO_PERMISSION (not an admin), ERR_NO_PLAN_FOUND (no plan),
 * ERR_FREE_PLAN (a company on a free plan is never invoiced).
 */
export async function openInvoiceForCompany(deps: BillingDeps, ctx: RequestContext): Promise<Invoice> {
  requireAdmin(ctx);
  const open = await findOpenInvoice(deps.db, ctx.companyId);
  if (open) return invoiceDto(open);
  const company = await findCompanyWithPlan(deps.db, ctx.companyId);
  if (!company) throw new AppError("ERR_NO_COMPANY_FOUND");
  if (!company.plan) throw new AppError("ERR_NO_PLAN_FOUND");
  if (planValueCents(company.plan.value) === 0) throw new AppError("ERR_FREE_PLAN");
  const dueDate = company.dueDate ?? new Date(Math.floor(Date.now() / 1000) * 1000);
  const plan = company.plan;
  const { invoice, created } = await deps.db.transaction(async (tx) => {
    const ensured = await ensureInvoice(
      tx,
      { id: company.id, planId: plan.id, planName: plan.name, planValue: plan.value, recurrence: company.recurrence, timezone: company.timezone },
      dueDate,
    );
    // Only a new invoice is an entry: the one of this due date that already existed changed nothing.
    if (ensured.created) {
      const { id, detail, valueCents, planId, status } = ensured.invoice;
      await recordAudit(tx, ctx, { action: "invoice.create", target: { type: "invoice", id }, after: { detail, valueCents, planId, status, dueDate: ensured.invoice.dueDate } });
    }
    return ensured;
  });
  const dto = invoiceDto(invoice);
  if (created) deps.events.publish("invoice.changed", { companyId: ctx.companyId, invoice: dto });
  if (invoice.status !== "open") {
    // The invoice of the current due date was already paid or cancelled: there is nothing to pay.
    throw new AppError("ERR_INVOICE_NOT_OPEN");
  }
  return dto;
}

/** GET /subscription: what /subscription shows; `trialDaysLeft` is null once the trial ended (its date passed, or a payment settled). */
export async function subscriptionInfo(deps: BillingDeps, ctx: RequestContext, now = new Date()): Promise<SubscriptionInfo> {
  requireAdmin(ctx);
  const company = await findCompanyWithPlan(deps.db, ctx.companyId);
  if (!company) throw new AppError("ERR_NO_COMPANY_FOUND");
  const trial = activeTrialEnd(company.trialExpiration, now);
  return {
    trialDaysLeft: trial ? Math.ceil((trial.getTime() - now.getTime()) / DAY_MS) : null,
    billingEmail: company.email,
    dueDate: company.dueDate?.toISOString() ?? null,
    recurrence: company.recurrence,
    plan: company.plan
      ? { id: company.plan.id, name: company.plan.name, value: planValueCents(company.plan.value) / 100, users: company.plan.users, connections: company.plan.connections, queues: company.plan.queues }
      : null,
  };
}

/** The plan id the checkout chose: `planId`, or the id inside `plan` (a number, or the form's JSON). */
function chosenPlanId(body: z.output<typeof ZSubscriptionBody>): number | undefined {
  if (body.planId) return body.planId;
  if (typeof body.plan === "number") return body.plan;
  if (typeof body.plan === "string") {
    try {
      const parsed: unknown = JSON.parse(body.plan);
      if (typeof parsed === "object" && parsed !== null) {
        const id = "planId" in parsed ? parsed.planId : "id" in parsed ? parsed.id : undefined;
        if (typeof id === "number" && Number.isInteger(id) && id > 0) return id;
      }
    } catch {
      throw new AppError("ERR_VALIDATION", { field: "plan" });
    }
    throw new AppError("ERR_VALIDATION", { field: "plan" });
  }
  return undefined;
}

function chargeDto(charge: ChargeRow): PixCharge {
  return {
    qrcode: { qrcode: charge.brCode },
    valor: { original: formatAmount(charge.amountCents) },
    txid: charge.txid,
    invoiceId: charge.invoiceId,
    planId: charge.planId,
    expiresAt: charge.expiresAt.toISOString(),
    provider: charge.provider === "efi" ? "efi" : "simulator",
  };
}

/** A transaction id as Pix charges take it: 32 letters and digits. */
function newTxid(): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  return [...randomBytes(32)].map((byte) => alphabet[byte % alphabet.length]).join("");
}

/**
 * The Pix charge of an invoice for a plan: an unexpired pending one is reused, otherwise one is made at
 * the provider. A free plan is never charged. Throws ERR_FREE_PLAN, ERR_PAYMENTS_NOT_CONFIGURED,
 * ERR_PAYMENT_PROVIDER.
 */
export async function chargeForInvoice(
  deps: BillingDeps,
  invoice: { id: number; companyId: number; detail: string },
  plan: { id: number; value: string },
  payer: Record<string, unknown>,
  now = new Date(),
  /** The admin checking out: the charge (made or reused) is recorded as their subscription.checkout. */
  checkout?: RequestContext,
): Promise<ChargeRow> {
  const recordCheckout = (db: Db, charge: ChargeRow) =>
    checkout
      ? recordAudit(db, checkout, { action: "subscription.checkout", target: { type: "invoice", id: invoice.id }, after: { planId: plan.id, amountCents: charge.amountCents, provider: charge.provider } })
      : Promise.resolve();
  const amountCents = planValueCents(plan.value);
  if (amountCents === 0) throw new AppError("ERR_FREE_PLAN");
  const provider = deps.payments;
  if (!provider) throw new AppError("ERR_PAYMENTS_NOT_CONFIGURED");
  const reusable = await findReusableCharge(deps.db, invoice.id, provider.name, plan.id, amountCents, new Date(now.getTime() + 10 * 60_000));
  if (reusable) {
    await recordCheckout(deps.db, reusable);
    return reusable;
  }
  const txid = newTxid();
  const created = await provider.createCharge({ txid, amountCents, expiresInSeconds: CHARGE_EXPIRY_SECONDS, description: `Fatura ${invoice.id}` });
  return deps.db.transaction(async (tx) => {
    const charge = await insertCharge(tx, {
      companyId: invoice.companyId,
      invoiceId: invoice.id,
      provider: provider.name,
      txid,
      amountCents,
      planId: plan.id,
      brCode: created.brCode,
      location: created.location,
      expiresAt: new Date(now.getTime() + CHARGE_EXPIRY_SECONDS * 1000),
      payer,
    });
    await recordCheckout(tx, charge);
    return charge;
  });
}

/**
 * POST /subscription: the Pix charge that pays the company's open invoice with the chosen plan (the
 * plan takes effect when the payment settles). The plan is a public one or the company's own. Throws
 * ERR_NO_PERMISSION, ERR_NO_INVOICE_FOUND, ERR_INVOICE_NOT_OPEN, ERR_NO_PLAN_FOUND, ERR_FREE_PLAN (a
 * free plan is never bought), ERR_PAYMENTS_NOT_CONFIGURED, ERR_PAYMENT_PROVIDER.
 */
export async function subscribe(deps: BillingDeps, ctx: RequestContext, body: z.output<typeof ZSubscriptionBody>): Promise<PixCharge> {
  requireAdmin(ctx);
  const invoice = await findInvoice(deps.db, body.invoiceId, ctx.companyId);
  if (!invoice) throw new AppError("ERR_NO_INVOICE_FOUND");
  if (invoice.status !== "open") throw new AppError("ERR_INVOICE_NOT_OPEN");
  const company = await findCompanyWithPlan(deps.db, ctx.companyId);
  const planId = chosenPlanId(body) ?? company?.plan?.id;
  const plan = planId ? await findPlan(deps.db, planId) : undefined;
  if (!plan || (!plan.isPublic && plan.id !== company?.plan?.id)) throw new AppError("ERR_NO_PLAN_FOUND");
  if (planValueCents(plan.value) === 0) throw new AppError("ERR_FREE_PLAN");
  // Only the payer's name and address are kept; card fields are never stored.
  const payer = {
    firstName: body.firstName ?? "",
    lastName: body.lastName ?? "",
    address: body.address ?? body.address2 ?? "",
    city: body.city ?? "",
    state: body.state ?? "",
    zipcode: body.zipcode ?? "",
    country: body.country ?? "",
  };
  return chargeDto(await chargeForInvoice(deps, invoice, plan, payer, new Date(), ctx));
}

interface Settlement {
  invoice: Invoice;
  dueDate: Date;
  planId: number | null;
}

/**
 * Inside a transaction holding the invoice: marks it paid, names on it the plan paid for (the chosen one,
 * else the company's), and renews the company: its due date moves, the plan applies and its trial ends.
 */
async function settleInvoice(
  tx: Db,
  invoice: { id: number; dueDate: Date; companyId: number },
  paidBy: "provider" | "manual",
  planId: number | undefined,
  now: Date,
  closedBy?: number,
): Promise<Settlement> {
  const company = await lockCompany(tx, invoice.companyId);
  if (!company) throw new AppError("ERR_NO_COMPANY_FOUND");
  const dueDate = renewedDueDate(company.dueDate, company.recurrence, company.timezone, now);
  const paidPlanId = planId ?? company.planId;
  const plan = paidPlanId ? await findPlan(tx, paidPlanId) : undefined;
  const paid = await updateInvoice(tx, invoice.id, {
    status: "paid",
    paidAt: now,
    paidBy,
    ...(plan ? { planId: plan.id, detail: invoiceDetail(plan.name, invoice.dueDate, company.recurrence, company.timezone) } : {}),
    ...(closedBy ? { closedByUserId: closedBy } : {}),
  });
  await updateCompanyRenewal(tx, invoice.companyId, { dueDate, planId, endTrial: true });
  return { invoice: invoiceDto(paid), dueDate, planId: paidPlanId };
}

function publishSettlement(deps: BillingDeps, companyId: number, settled: Settlement): void {
  deps.events.publish("invoice.changed", { companyId, invoice: settled.invoice });
  deps.events.publish("payment.confirmed", { companyId, invoiceId: settled.invoice.id, dueDate: settled.dueDate.toISOString(), planId: settled.planId });
}

/**
 * Settles one authenticated payment, in one transaction: the charge and its invoice become paid (the
 * invoice naming the plan paid for), the company's due date moves by its recurrence, the chosen plan
 * applies and its trial ends; then `company-{id}-payment`
 * CONCLUIDA. A charge already paid changes nothing (confirmations are delivered more than once); money for
 * a withdrawn charge or a closed invoice is recorded on the charge and settles nothing. Throws
 * ERR_NO_CHARGE_FOUND, ERR_PAYMENT_AMOUNT_MISMATCH (nothing settled). Answers whether it settled now.
 */
export async function settlePayment(deps: BillingDeps, providerName: string, payment: ConfirmedPayment, now = new Date()): Promise<boolean> {
  const settled = await deps.db.transaction(async (tx) => {
    const charge = await lockCharge(tx, providerName, payment.txid);
    if (!charge) throw new AppError("ERR_NO_CHARGE_FOUND");
    if (charge.status === "paid") return undefined;
    // A charge withdrawn when its invoice stopped billing it (the due date or plan changed) is paid late:
    // the money is recorded on the charge, and nothing is settled from it.
    const wasPending = charge.status === "pending";
    if (payment.amountCents !== charge.amountCents) throw new AppError("ERR_PAYMENT_AMOUNT_MISMATCH", { expected: formatAmount(charge.amountCents), received: formatAmount(payment.amountCents) });
    await markChargePaid(tx, charge.id, payment.endToEndId, now);
    const invoice = await lockInvoice(tx, charge.invoiceId);
    // Money for an invoice that is no longer open (paid by another charge, by hand, or cancelled) is
    // recorded on its charge and renews nothing twice; the provider's refund is the provider's business.
    if (!invoice || invoice.status !== "open" || !wasPending) return undefined;
    const result = await settleInvoice(tx, invoice, "provider", charge.planId ?? undefined, now);
    await updateInvoice(tx, invoice.id, { valueCents: charge.amountCents });
    await recordAudit(tx, "system", {
      action: "invoice.paid",
      target: { type: "invoice", id: invoice.id },
      companyId: invoice.companyId,
      before: { status: invoice.status, valueCents: invoice.valueCents, planId: invoice.planId },
      after: { status: "paid", paidBy: "provider", valueCents: charge.amountCents, planId: result.planId, dueDate: result.dueDate },
    });
    return { ...result, invoice: { ...result.invoice, value: charge.amountCents / 100 } };
  });
  if (!settled) {
    deps.logger?.info({ txid: payment.txid }, "payment confirmation replayed or for a closed invoice: nothing settled");
    return false;
  }
  publishSettlement(deps, settled.invoice.companyId, settled);
  return true;
}

/**
 * A delivered confirmation (webhook): authenticated by the provider, then each payment settled. Throws
 * ERR_NOT_FOUND (not the configured provider), ERR_PAYMENT_UNAUTHENTICATED, ERR_VALIDATION,
 * ERR_NO_CHARGE_FOUND, ERR_PAYMENT_AMOUNT_MISMATCH.
 */
export async function receiveConfirmation(deps: BillingDeps, providerName: string, request: ConfirmationRequest): Promise<{ settled: number }> {
  const provider = deps.payments;
  if (!provider || provider.name !== providerName) throw new AppError("ERR_NOT_FOUND");
  const payments = await provider.verifyConfirmation(request);
  let settled = 0;
  for (const payment of payments) if (await settlePayment(deps, provider.name, payment)) settled++;
  return { settled };
}

/**
 * A super user marks an invoice paid by hand (a bank transfer): paid and renewed as a Pix payment would.
 * Throws ERR_NO_PERMISSION, ERR_NO_INVOICE_FOUND, ERR_INVOICE_NOT_OPEN.
 */
export async function markInvoicePaid(deps: BillingDeps, ctx: RequestContext, id: number, now = new Date()): Promise<AdminInvoice> {
  requireSuper(ctx);
  const settled = await deps.db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, id);
    if (!invoice) throw new AppError("ERR_NO_INVOICE_FOUND");
    if (invoice.status !== "open") throw new AppError("ERR_INVOICE_NOT_OPEN");
    const result = await settleInvoice(tx, invoice, "manual", undefined, now, ctx.userId);
    await recordAudit(tx, ctx, {
      action: "invoice.mark_paid",
      target: { type: "invoice", id },
      companyId: invoice.companyId,
      before: { status: invoice.status, planId: invoice.planId },
      after: { status: "paid", paidBy: "manual", planId: result.planId, dueDate: result.dueDate },
    });
    return result;
  });
  publishSettlement(deps, settled.invoice.companyId, settled);
  return withCompanyName(deps, settled.invoice);
}

/** A super user cancels an open invoice, with the reason kept. Throws ERR_NO_PERMISSION, ERR_NO_INVOICE_FOUND, ERR_INVOICE_NOT_OPEN. */
export async function cancelInvoice(deps: BillingDeps, ctx: RequestContext, id: number, reason: string, now = new Date()): Promise<AdminInvoice> {
  requireSuper(ctx);
  const cancelled = await deps.db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, id);
    if (!invoice) throw new AppError("ERR_NO_INVOICE_FOUND");
    if (invoice.status !== "open") throw new AppError("ERR_INVOICE_NOT_OPEN");
    const updated = await updateInvoice(tx, id, { status: "cancelled", cancelledAt: now, cancelReason: reason, closedByUserId: ctx.userId });
    await recordAudit(tx, ctx, {
      action: "invoice.cancel",
      target: { type: "invoice", id },
      companyId: invoice.companyId,
      before: { status: invoice.status, cancelReason: invoice.cancelReason },
      after: { status: updated.status, cancelReason: updated.cancelReason },
    });
    return invoiceDto(updated);
  });
  deps.events.publish("invoice.changed", { companyId: cancelled.companyId, invoice: cancelled });
  return withCompanyName(deps, cancelled);
}

async function withCompanyName(deps: BillingDeps, invoice: Invoice): Promise<AdminInvoice> {
  const company = await findCompanyWithPlan(deps.db, invoice.companyId);
  return { ...invoice, companyName: company?.name ?? "" };
}

/** The pending charge of the session company with this txid (the payment simulator pays only those). Throws ERR_NO_CHARGE_FOUND. */
export { findChargeByTxid } from "./billing.repository.ts";

/** The reason kept on an open invoice that no longer bills the company's due date and plan. */
export const STALE_INVOICE_REASON = "Substituída: o vencimento ou o plano da empresa mudou";

type OpenInvoiceRow = Awaited<ReturnType<typeof lockOpenInvoices>>[number];

/**
 * Keeps the company's open invoices true to its due date and plan, in one transaction (called by the
 * "invoice as soon as due" step before it creates the invoice of the current due date): an open invoice
 * of another due date is cancelled with STALE_INVOICE_REASON; the open invoice of the current due date
 * for another plan or value is brought to the current plan (plan, value, detail). Either way its pending
 * Pix charges are withdrawn, so that a code made for the old invoice settles nothing. A company without a
 * paid plan keeps no open invoice. Answers the invoices it changed.
 */
export async function reconcileOpenInvoices(db: Db, companyId: number, now = new Date()): Promise<Invoice[]> {
  const company = await findCompanyWithPlan(db, companyId);
  if (!company) return [];
  const plan = company.plan && planValueCents(company.plan.value) > 0 ? company.plan : null;
  return db.transaction(async (tx) => {
    const changed: OpenInvoiceRow[] = [];
    for (const invoice of await lockOpenInvoices(tx, companyId)) {
      const sameDueDate = company.dueDate !== null && invoice.dueDate.getTime() === company.dueDate.getTime();
      if (!plan || !sameDueDate) {
        await withdrawPendingCharges(tx, invoice.id, now);
        changed.push(await updateInvoice(tx, invoice.id, { status: "cancelled", cancelledAt: now, cancelReason: STALE_INVOICE_REASON }));
        continue;
      }
      const valueCents = planValueCents(plan.value);
      if (invoice.planId === plan.id && invoice.valueCents === valueCents) continue;
      await withdrawPendingCharges(tx, invoice.id, now);
      changed.push(await updateInvoice(tx, invoice.id, { planId: plan.id, valueCents, detail: invoiceDetail(plan.name, invoice.dueDate, company.recurrence, company.timezone) }));
    }
    return changed.map(invoiceDto);
  });
}
