import { sql } from "drizzle-orm";
import { date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { timestamps } from "./columns.ts";
import { companyId, plans } from "./companies.ts";
import { users } from "./core.ts";

/**
 * Invoices of the companies (spec admin §3). One per company and due date (`dueDate` is the date the
 * invoice covers): the unique index makes creation exactly-once whoever creates it and however often.
 * Amounts are integer cents.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    detail: varchar("detail", { length: 300 }).notNull(),
    valueCents: integer("value_cents").notNull(),
    dueDate: timestamp("due_date", { withTimezone: true }).notNull(),
    planId: integer("plan_id").references(() => plans.id, { onDelete: "set null" }),
    /** open, paid or cancelled. */
    status: varchar("status", { length: 12 }).notNull().default("open"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** provider (a settled Pix charge) or manual (marked paid by a super user). */
    paidBy: varchar("paid_by", { length: 10 }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelReason: text("cancel_reason"),
    /** The super user who marked it paid or cancelled it. */
    closedByUserId: integer("closed_by_user_id").references(() => users.id, { onDelete: "set null" }),
    /** When the e-mail telling the admins of the new invoice was claimed for sending (once). */
    createdNoticeAt: timestamp("created_notice_at", { withTimezone: true }),
    /** When the e-mail telling the admins the invoice is due in 3 days was claimed for sending (once). */
    dueNoticeAt: timestamp("due_notice_at", { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("invoices_company_due_date_unique").on(t.companyId, t.dueDate),
    index("invoices_company_id_idx").on(t.companyId),
    index("invoices_open_due_idx").on(t.dueDate).where(sql`${t.status} = 'open'`),
  ],
);

/**
 * Pix charges made for invoices at a payment provider. `txid` is the charge's transaction id at the
 * provider; the chosen plan is applied when the charge settles. Amounts are integer cents.
 */
export const paymentCharges = pgTable(
  "payment_charges",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    provider: varchar("provider", { length: 20 }).notNull(),
    txid: varchar("txid", { length: 35 }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    planId: integer("plan_id").references(() => plans.id, { onDelete: "set null" }),
    brCode: text("br_code").notNull(),
    /** The provider's payload location (dynamic BR Code), when it gave one. */
    location: varchar("location", { length: 300 }),
    /** pending, paid, or withdrawn (its invoice no longer bills what it charged: it settles nothing). */
    status: varchar("status", { length: 10 }).notNull().default("pending"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** The Pix end-to-end id of the payment that settled it. */
    endToEndId: varchar("end_to_end_id", { length: 64 }),
    /** The payer's data from the checkout (name, address); card fields are never kept. */
    payer: jsonb("payer").notNull().default({}),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("payment_charges_provider_txid_unique").on(t.provider, t.txid),
    index("payment_charges_invoice_id_idx").on(t.invoiceId),
    index("payment_charges_company_id_idx").on(t.companyId),
  ],
);

/** The days the daily billing run has been claimed for: the claimer alone queues the next day's run. */
export const billingRuns = pgTable("billing_runs", {
  day: date("day").primaryKey(),
  claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
});
