import { can } from "@conversa/shared";
import type { RequestContext } from "../../lib/context.ts";

/** Whether the actor may create, change or delete tags ("tags:manage": admins); everyone may apply them. */
export function canManageTags(ctx: RequestContext): boolean {
  return can({ profile: ctx.profile, isSuper: ctx.isSuper }, "tags:manage");
}

/**
 * Whether the actor may ask for this kanban flag: anyone may keep the current value (0 for a new
 * tag); setting or changing it needs "tags:kanban" (spec admin §5, §6: admins and supervisors).
 */
export function mayRequestKanban(ctx: RequestContext, requested: number | undefined, current: number): boolean {
  if (requested === undefined || requested === current) return true;
  return can({ profile: ctx.profile, isSuper: ctx.isSuper }, "tags:kanban");
}

/** Whether the actor may put the company's kanban lanes in order ("tags:kanban": admins and supervisors). */
export function canOrderKanban(ctx: RequestContext): boolean {
  return can({ profile: ctx.profile, isSuper: ctx.isSuper }, "tags:kanban");
}

/** Whether the actor may change a tag at all: its every field ("tags:manage"), or its kanban flag alone ("tags:kanban"). */
export function mayEditTag(ctx: RequestContext): boolean {
  return canManageTags(ctx) || can({ profile: ctx.profile, isSuper: ctx.isSuper }, "tags:kanban");
}

/**
 * Whether a change of a tag is only its kanban flag (name and colour as they are): what a supervisor,
 * who holds "tags:kanban" but not "tags:manage", may send.
 */
export function changesOnlyKanban(body: { name: string; color?: string | undefined }, current: { name: string; color: string }): boolean {
  return body.name === current.name && (body.color === undefined || body.color.toLowerCase() === current.color.toLowerCase());
}
