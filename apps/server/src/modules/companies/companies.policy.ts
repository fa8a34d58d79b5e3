import type { RequestContext } from "../../lib/context.ts";

/** A company's own records are visible to its staff; every company's to super users. */
export function canSeeCompany(ctx: RequestContext, companyId: number): boolean {
  return ctx.isSuper || ctx.companyId === companyId;
}

/** Whether the actor may list, create, change or delete companies: super users only (spec admin §1, §6). */
export function canManageCompanies(ctx: Pick<RequestContext, "isSuper">): boolean {
  return ctx.isSuper;
}

/** The actor's own company: a super user may not disable or delete it (it would end their own access). */
export function isOwnCompany(ctx: Pick<RequestContext, "companyId">, companyId: number): boolean {
  return ctx.companyId === companyId;
}

/** Whether the actor may see the company's storage use and quota: its admins, and super users. */
export function canSeeCompanyStorage(ctx: Pick<RequestContext, "profile" | "isSuper">): boolean {
  return ctx.isSuper || ctx.profile === "admin";
}
