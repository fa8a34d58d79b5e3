import type { RequestContext } from "../../lib/context.ts";

/** Whether the actor may see and pay the company's invoices (/financeiro, /subscription): its admins. */
export function canPayInvoices(ctx: Pick<RequestContext, "profile" | "isSuper">): boolean {
  return ctx.profile === "admin" || ctx.isSuper;
}

/** Whether the actor may see every company's invoices, mark one paid by hand or cancel one: super users. */
export function canManageAllInvoices(ctx: Pick<RequestContext, "profile" | "isSuper">): boolean {
  return ctx.isSuper;
}
