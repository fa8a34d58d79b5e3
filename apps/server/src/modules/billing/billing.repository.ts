import { type SQL, and, asc, count, desc, eq, gt, ilike, isNull, lte, or, sql } from "drizzle-orm";
import type { AdminInvoice, Invoice } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { companies, invoices, paymentCharges, plans, users } from "../../db/schema/index.ts";

type InvoiceRow = typeof invoices.$inferSelect;
export type ChargeRow = typeof paymentCharges.$inferSelect;

export function invoiceDto(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    companyId: row.companyId,
    detail: row.detail,
    value: row.valueCents / 100,
    dueDate: row.dueDate.toISOString(),
    status: row.status === "paid" || row.status === "cancelled" ? row.status : "open",
    paidAt: row.paidAt?.toISOString() ?? null,
    paidBy: row.paidBy === "provider" || row.paidBy === "manual" ? row.paidBy : null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    cancelReason: row.cancelReason,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A page of invoices matching `where`, newest due date first, with `hasMore`. */
async function invoicePage(db: Db, where: SQL | undefined, pageNumber: number, pageSize: number) {
  const rows = await db
    .select({ invoice: invoices, companyName: companies.name })
    .from(invoices)
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .where(where)
    .orderBy(desc(invoices.dueDate), desc(invoices.id))
    .limit(pageSize)
    .offset((pageNumber - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(invoices).innerJoin(companies, eq(companies.id, invoices.companyId)).where(where);
  const n = total?.n ?? 0;
  return { rows, count: n, hasMore: (pageNumber - 1) * pageSize + rows.length < n };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function searchOf(searchParam: string | undefined, withCompany: boolean): SQL | undefined {
  const term = searchParam?.trim().toLowerCase();
  if (!term) return undefined;
  const like = `%${escapeLike(term)}%`;
  const byId = /^\d{1,9}$/.test(term) ? eq(invoices.id, Number(term)) : undefined;
  return or(ilike(invoices.detail, like), byId, withCompany ? ilike(companies.name, like) : undefined);
}

/** A page of one company's invoices, searched in the detail (or by id). */
export async function listCompanyInvoicePage(db: Db, companyId: number, searchParam: string | undefined, pageNumber: number, pageSize: number) {
  const page = await invoicePage(db, and(eq(invoices.companyId, companyId), searchOf(searchParam, false)), pageNumber, pageSize);
  return { invoices: page.rows.map((row) => invoiceDto(row.invoice)), count: page.count, hasMore: page.hasMore };
}

/** A page of every company's invoices (super users), optionally one company's or one status. */
export async function listAdminInvoicePage(
  db: Db,
  filter: { companyId?: number; status?: string; searchParam?: string },
  pageNumber: number,
  pageSize: number,
): Promise<{ invoices: AdminInvoice[]; count: number; hasMore: boolean }> {
  const where = and(
    filter.companyId ? eq(invoices.companyId, filter.companyId) : undefined,
    filter.status ? eq(invoices.status, filter.status) : undefined,
    searchOf(filter.searchParam, true),
  );
  const page = await invoicePage(db, where, pageNumber, pageSize);
  return { invoices: page.rows.map((row) => ({ ...invoiceDto(row.invoice), companyName: row.companyName })), count: page.count, hasMore: page.hasMore };
}

export async function findInvoice(db: Db, id: number, companyId?: number): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), companyId === undefined ? undefined : eq(invoices.companyId, companyId)));
  return row;
}

/** The invoice, locked until the transaction ends. */
export async function lockInvoice(tx: Db, id: number): Promise<InvoiceRow | undefined> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
  return row;
}

/** The company's oldest open invoice. */
export async function findOpenInvoice(db: Db, companyId: number): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.status, "open")))
    .orderBy(asc(invoices.dueDate))
    .limit(1);
  return row;
}

/** Inserts the invoice unless the company already has one for that due date; answers the new row, or undefined. */
export async function insertInvoiceIfAbsent(db: Db, values: typeof invoices.$inferInsert): Promise<InvoiceRow | undefined> {
  const [row] = await db.insert(invoices).values(values).onConflictDoNothing({ target: [invoices.companyId, invoices.dueDate] }).returning();
  return row;
}

export async function findInvoiceByDueDate(db: Db, companyId: number, dueDate: Date): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.dueDate, dueDate)));
  return row;
}

export async function updateInvoice(tx: Db, id: number, values: Partial<typeof invoices.$inferInsert>): Promise<InvoiceRow> {
  const [row] = await tx
    .update(invoices)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(invoices.id, id))
    .returning();
  if (!row) throw new Error("invoice vanished");
  return row;
}

/**
 * Active companies on a paid plan whose due date falls before `until` (their next invoice is due to
 * exist); only `companyId` with it. A company on a free plan (priced 0) is never invoiced.
 */
export async function companiesDueBefore(db: Db, until: Date, companyId?: number) {
  return db
    .select({ id: companies.id, name: companies.name, dueDate: companies.dueDate, planId: companies.planId, planName: plans.name, planValue: plans.value, recurrence: companies.recurrence, timezone: companies.timezone })
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(and(eq(companies.status, true), lte(companies.dueDate, until), gt(plans.value, "0"), companyId === undefined ? undefined : eq(companies.id, companyId)));
}

export async function findCompanyWithPlan(db: Db, companyId: number) {
  const [row] = await db
    .select({
      id: companies.id,
      name: companies.name,
      email: companies.email,
      dueDate: companies.dueDate,
      recurrence: companies.recurrence,
      trialExpiration: companies.trialExpiration,
      timezone: companies.timezone,
      plan: plans,
    })
    .from(companies)
    .leftJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, companyId));
  return row;
}

export async function lockCompany(tx: Db, companyId: number) {
  const [row] = await tx.select().from(companies).where(eq(companies.id, companyId)).for("update");
  return row;
}

/** The company renewed by a payment: its new due date, the plan paid for and, with `endTrial`, no trial any more. */
export async function updateCompanyRenewal(tx: Db, companyId: number, values: { dueDate: Date; planId?: number; endTrial?: boolean }) {
  await tx
    .update(companies)
    .set({ dueDate: values.dueDate, ...(values.planId ? { planId: values.planId } : {}), ...(values.endTrial ? { trialExpiration: null } : {}), updatedAt: new Date() })
    .where(eq(companies.id, companyId));
}

export async function findPlan(db: Db, id: number) {
  const [row] = await db.select().from(plans).where(eq(plans.id, id));
  return row;
}

export async function lockCharge(tx: Db, provider: string, txid: string): Promise<ChargeRow | undefined> {
  const [row] = await tx
    .select()
    .from(paymentCharges)
    .where(and(eq(paymentCharges.provider, provider), eq(paymentCharges.txid, txid)))
    .for("update");
  return row;
}

/** A pending charge of the invoice for this plan and amount that has not expired yet (reused instead of a new one). */
export async function findReusableCharge(db: Db, invoiceId: number, provider: string, planId: number, amountCents: number, after: Date) {
  const [row] = await db
    .select()
    .from(paymentCharges)
    .where(
      and(
        eq(paymentCharges.invoiceId, invoiceId),
        eq(paymentCharges.provider, provider),
        eq(paymentCharges.planId, planId),
        eq(paymentCharges.amountCents, amountCents),
        eq(paymentCharges.status, "pending"),
        sql`${paymentCharges.expiresAt} > ${after}`,
      ),
    )
    .orderBy(desc(paymentCharges.id))
    .limit(1);
  return row;
}

export async function insertCharge(db: Db, values: typeof paymentCharges.$inferInsert): Promise<ChargeRow> {
  const [row] = await db.insert(paymentCharges).values(values).returning();
  if (!row) throw new Error("charge not stored");
  return row;
}

export async function markChargePaid(tx: Db, id: number, endToEndId: string, at: Date) {
  await tx.update(paymentCharges).set({ status: "paid", endToEndId, paidAt: at, updatedAt: at }).where(eq(paymentCharges.id, id));
}

export async function findChargeByTxid(db: Db, provider: string, txid: string): Promise<ChargeRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentCharges)
    .where(and(eq(paymentCharges.provider, provider), eq(paymentCharges.txid, txid)));
  return row;
}

/** The company's admins' e-mail addresses (invoice reminders). */
export async function companyAdminEmails(db: Db, companyId: number): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.profile, "admin")));
  return rows.map((row) => row.email);
}

/**
 * Claims an invoice's reminder (created or due) for sending: only one caller ever gets true for each.
 * `release` gives it back when the sending failed, so that the next run tries again.
 */
export async function claimReminder(db: Db, id: number, kind: "created" | "due", release = false): Promise<boolean> {
  const column = kind === "created" ? invoices.createdNoticeAt : invoices.dueNoticeAt;
  const key = kind === "created" ? "createdNoticeAt" : "dueNoticeAt";
  if (release) {
    await db.update(invoices).set({ [key]: null }).where(eq(invoices.id, id));
    return false;
  }
  const rows = await db
    .update(invoices)
    .set({ [key]: new Date() })
    .where(and(eq(invoices.id, id), isNull(column)))
    .returning({ id: invoices.id });
  return rows.length === 1;
}

/** Open invoices (of one company with `companyId`) whose created reminder was never sent, and those due before `dueBefore` whose due reminder was not. */
export async function invoicesNeedingReminders(db: Db, dueBefore: Date, companyId?: number) {
  return db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.status, "open"),
        companyId === undefined ? undefined : eq(invoices.companyId, companyId),
        or(isNull(invoices.createdNoticeAt), and(isNull(invoices.dueNoticeAt), lte(invoices.dueDate, dueBefore))),
      ),
    );
}

/** The company's open invoices, locked for the transaction (oldest due date first). */
export async function lockOpenInvoices(tx: Db, companyId: number): Promise<InvoiceRow[]> {
  return tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.status, "open")))
    .orderBy(asc(invoices.dueDate))
    .for("update");
}

/** Withdraws the invoice's pending charges: a Pix code made for what the invoice no longer bills cannot settle it. */
export async function withdrawPendingCharges(tx: Db, invoiceId: number, at: Date): Promise<void> {
  await tx
    .update(paymentCharges)
    .set({ status: "withdrawn", updatedAt: at })
    .where(and(eq(paymentCharges.invoiceId, invoiceId), eq(paymentCharges.status, "pending")));
}
