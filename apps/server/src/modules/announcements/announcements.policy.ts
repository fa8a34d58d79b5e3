import type { RequestContext } from "../../lib/context.ts";

/** Whether the actor may create, change or delete announcements: super users only (spec admin §1, §6). */
export function canManageAnnouncements(ctx: Pick<RequestContext, "isSuper">): boolean {
  return ctx.isSuper;
}

/**
 * Whether the actor may see an announcement (in the list, by id, its image, its realtime event): an
 * active one every logged-in user of every company; an inactive one super users only.
 */
export function canSeeAnnouncement(ctx: Pick<RequestContext, "isSuper">, announcement: { status: boolean }): boolean {
  return announcement.status || ctx.isSuper;
}
