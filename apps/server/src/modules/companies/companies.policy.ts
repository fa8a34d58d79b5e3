import type { RequestContext } from "../../lib/context.ts";

/** A company's own records are visible to its staff; every company's to super users. */
export function canSeeCompany(ctx: RequestContext, companyId: number): boolean {
  return ctx.isSuper || ctx.companyId === companyId;
}
