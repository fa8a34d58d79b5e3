import type { Invoice } from "@conversa/shared";

/** What the invoices table shows (spec admin §2): Pago when paid, Vencido when due before today and unpaid, else Em Aberto. */
export type InvoiceDisplayStatus = "paid" | "overdue" | "open" | "cancelled";

/** The start of the day `now` falls in (local time): an invoice due today is not overdue yet. */
function startOfDay(now: Date): number {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
}

export function invoiceDisplayStatus(invoice: Pick<Invoice, "status" | "dueDate">, now = new Date()): InvoiceDisplayStatus {
  if (invoice.status === "paid") return "paid";
  if (invoice.status === "cancelled") return "cancelled";
  return new Date(invoice.dueDate).getTime() < startOfDay(now) ? "overdue" : "open";
}
