import { can } from "@conversa/shared";
import type { RequestContext } from "../../lib/context.ts";

/** Whether the actor may create, change or delete tags ("tags:manage": admins); everyone may apply them. */
export function canManageTags(ctx: RequestContext): boolean {
  return can({ profile: ctx.profile, isSuper: ctx.isSuper }, "tags:manage");
}

/**
 * Whether the actor may ask for this kanban flag: anyone may keep the current value (0 for a new
 * tag); setting or changing it needs "tags:kanban" (spec admin §5: admins only).
 */
export function mayRequestKanban(ctx: RequestContext, requested: number | undefined, current: number): boolean {
  if (requested === undefined || requested === current) return true;
  return can({ profile: ctx.profile, isSuper: ctx.isSuper }, "tags:kanban");
}
