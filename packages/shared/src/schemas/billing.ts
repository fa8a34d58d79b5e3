import { z } from "zod";
import { ZId, ZIdText } from "./common.ts";

/** GET /invoices/all answers pages of this many invoices. */
export const INVOICES_PAGE_SIZE = 20;
/** The checkout goes to / this long after the payment event CONCLUIDA (spec admin §9). */
export const PAYMENT_REDIRECT_MS = 4_000;
/** The Pix copy button reads 'Copiado' this long (spec admin §9). */
export const PIX_COPIED_LABEL_MS = 1_000;
/** The countries the checkout offers (spec admin §2). */
export const CHECKOUT_COUNTRIES = ["BR", "usa"] as const;
/** Cancellation reasons: 3 to 500 characters. */
export const INVOICE_CANCEL_REASON_MIN = 3;
export const INVOICE_CANCEL_REASON_MAX = 500;

/** Where an invoice is: open (to pay), paid, or cancelled by a super user. */
export const INVOICE_STATUSES = ["open", "paid", "cancelled"] as const;
export const ZInvoiceStatus = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof ZInvoiceStatus>;

/** An invoice (spec admin §3): `value` in BRL with 2 decimals (kept as cents), `dueDate` ISO. */
export const ZInvoice = z.object({
  id: z.number(),
  companyId: z.number(),
  detail: z.string(),
  value: z.number(),
  dueDate: z.string(),
  status: ZInvoiceStatus,
  paidAt: z.string().nullable(),
  /** How it was paid: by the Pix provider, or marked paid by hand by a super user (a bank transfer). */
  paidBy: z.enum(["provider", "manual"]).nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  createdAt: z.string(),
});
export type Invoice = z.infer<typeof ZInvoice>;

/** An invoice in the super users' view: with its company's name. */
export const ZAdminInvoice = ZInvoice.extend({ companyName: z.string() });
export type AdminInvoice = z.infer<typeof ZAdminInvoice>;

/**
 * GET /invoices/all (spec admin §7): a page of the session company's invoices, newest due date first,
 * answered as an array (the previous generation's client iterates over the answer). A page shorter than
 * INVOICES_PAGE_SIZE is the last one.
 */
export const ZListInvoicesQuery = z.object({
  searchParam: z.string().max(200).optional(),
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
});
export type ListInvoicesQuery = z.infer<typeof ZListInvoicesQuery>;
export const ZListInvoicesResponse = z.array(ZInvoice);
export type ListInvoicesResponse = z.infer<typeof ZListInvoicesResponse>;

/** GET /billing/invoices (super users): every company's invoices, optionally one company's or one status. */
export const ZListAdminInvoicesQuery = ZListInvoicesQuery.extend({
  companyId: ZIdText.optional(),
  status: ZInvoiceStatus.optional(),
});
export type ListAdminInvoicesQuery = z.infer<typeof ZListAdminInvoicesQuery>;
export const ZListAdminInvoicesResponse = z.object({ invoices: z.array(ZAdminInvoice), count: z.number(), hasMore: z.boolean() });
export type ListAdminInvoicesResponse = z.infer<typeof ZListAdminInvoicesResponse>;

/** POST /billing/invoices/{id}/cancel: the reason, kept with the invoice. */
export const ZCancelInvoiceBody = z.strictObject({
  reason: z.string().trim().min(INVOICE_CANCEL_REASON_MIN).max(INVOICE_CANCEL_REASON_MAX),
});
/** POST /billing/invoices/{id}/mark-paid: an optional note (e.g. the bank transfer's reference). */
export const ZMarkInvoicePaidBody = z.strictObject({
  note: z.string().trim().max(INVOICE_CANCEL_REASON_MAX).optional(),
});

const optionalText = (max: number) => z.string().trim().max(max).optional();

/**
 * POST /subscription (spec admin §7, checkout form §3): the checkout's fields. Card fields are accepted
 * (the form has them) and never read nor stored: payment is by Pix. The plan is read from the database
 * by `planId` (or the id inside `plan`); `price`, `users` and `connections` are what the form showed
 * and are never trusted for the amount. The payer's data is optional (spec admin §5: step 1's checks are
 * the form's): the previous generation's checkout starts on its plan step and sends them empty.
 */
export const ZSubscriptionBody = z.strictObject({
  firstName: optionalText(100),
  lastName: optionalText(100),
  address: optionalText(200),
  address2: optionalText(200),
  city: optionalText(100),
  state: optionalText(100),
  zipcode: optionalText(20),
  /** One of the offered countries; empty when the form's address step was never shown. */
  country: z.union([z.enum(CHECKOUT_COUNTRIES), z.literal("")]).optional(),
  useAddressForPaymentDetails: z.boolean().optional(),
  nameOnCard: optionalText(100),
  cardNumber: optionalText(30),
  cvv: optionalText(10),
  /** The chosen plan: its id, or the form's serialised plan (JSON with `planId` or `id`). */
  plan: z.union([ZId, z.string().max(2000)]).optional(),
  planId: ZId.optional(),
  price: z.number().min(0).max(10_000_000).optional(),
  users: z.number().int().min(0).max(1_000_000).optional(),
  connections: z.number().int().min(0).max(1_000_000).optional(),
  invoiceId: ZId,
});
export type SubscriptionBody = z.input<typeof ZSubscriptionBody>;

/** The Pix data of a charge (spec admin §3): the BR Code in `qrcode.qrcode`, the amount in `valor.original` ("99.90"). */
export const ZPixCharge = z.object({
  qrcode: z.object({ qrcode: z.string() }),
  valor: z.object({ original: z.string() }),
  txid: z.string(),
  invoiceId: z.number(),
  planId: z.number().nullable(),
  expiresAt: z.string(),
  /** Who settles it: the payment simulator (the web app then offers to pay it there) or EFI. */
  provider: z.enum(["simulator", "efi"]),
});
export type PixCharge = z.infer<typeof ZPixCharge>;

/** GET /subscription: what /subscription shows, and the invoice its button pays (opened when none is). */
export const ZSubscriptionInfo = z.object({
  trialDaysLeft: z.number().nullable(),
  billingEmail: z.string().nullable(),
  dueDate: z.string().nullable(),
  recurrence: z.string().nullable(),
  plan: z.object({ id: z.number(), name: z.string(), value: z.number(), users: z.number(), connections: z.number(), queues: z.number() }).nullable(),
});
export type SubscriptionInfo = z.infer<typeof ZSubscriptionInfo>;

/** POST /subscription/invoice: the company's open invoice, created for its due date when none is open. */
export const ZOpenInvoiceResponse = ZInvoice;

/** The payment simulator's confirmation body (signed like a provider's webhook). */
export const ZSimulatorConfirmation = z.strictObject({
  txid: z.string().min(1).max(64),
  endToEndId: z.string().min(1).max(64),
  valor: z.string().regex(/^\d{1,9}\.\d{2}$/),
  horario: z.string().max(40),
});

/** Payload of `company-{id}-payment` (spec admin §4): CONCLUIDA when a payment settled the invoice. */
export const ZPaymentEvent = z.object({
  action: z.literal("CONCLUIDA"),
  company: z.object({ id: z.number(), dueDate: z.string().nullable(), planId: z.number().nullable() }),
  invoiceId: z.number(),
});
export type PaymentEventPayload = z.infer<typeof ZPaymentEvent>;

/** Payload of `company-{id}-invoice` (to the company's admins): an invoice created, paid or cancelled. */
export const ZInvoiceEvent = z.object({ action: z.literal("update"), invoice: ZInvoice });
