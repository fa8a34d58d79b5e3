import { type AllTicket, type Permission, type Profile, can } from "@conversa/shared";
import type { RequestContext } from "../../lib/context.ts";

const actor = (ctx: RequestContext) => ({ profile: ctx.profile, isSuper: ctx.isSuper });

/** The Users page: list, add, edit any user of the company and delete. */
export function canManageUsers(ctx: RequestContext): boolean {
  return can(actor(ctx), "users-page:manage");
}

/** A user may be seen by those who manage users and by themselves. */
export function canSeeUser(ctx: RequestContext, userId: number): boolean {
  return canManageUsers(ctx) || ctx.userId === userId;
}

/** A user may be edited (name, e-mail, password) by those who manage users and by themselves (Profile). */
export function canEditUser(ctx: RequestContext, userId: number): boolean {
  return canSeeUser(ctx, userId);
}

/** What a user is now, as far as the permission-guarded fields go. */
export interface GuardedUserFields {
  profile: string;
  queueIds: readonly number[];
  whatsappId: number | null;
  allTicket: string;
}

const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && [...a].sort((x, y) => x - y).join() === [...b].sort((x, y) => x - y).join();

/** The guarded fields a body sends (left out: unchanged). */
export interface GuardedUserChanges {
  profile?: Profile;
  queueIds?: readonly number[];
  whatsappId?: number | null;
  allTicket?: AllTicket;
}

/**
 * The permission a body needs beyond editing the user at all, or null: changing the profile needs
 * user-modal:editProfile; changing queues, default connection or allTicket needs user-modal:editQueues
 * (spec core §6). Values sent unchanged need nothing.
 */
export function missingEditPermission(ctx: RequestContext, body: GuardedUserChanges, current: GuardedUserFields): Permission | null {
  const changesProfile = body.profile !== undefined && body.profile !== current.profile;
  if (changesProfile && !can(actor(ctx), "user-modal:editProfile")) return "user-modal:editProfile";
  const changesQueues =
    (body.queueIds !== undefined && !sameIds([...new Set(body.queueIds)], current.queueIds)) ||
    (body.whatsappId !== undefined && body.whatsappId !== current.whatsappId) ||
    (body.allTicket !== undefined && body.allTicket !== current.allTicket);
  if (changesQueues && !can(actor(ctx), "user-modal:editQueues")) return "user-modal:editQueues";
  return null;
}

/** Whether a plan limit (`null`: the company has no plan to limit it) leaves room for one more user. */
export function fitsUserLimit(current: number, limit: number | null): boolean {
  return limit === null || current < limit;
}

/** Whether a user stops being an admin (demoted or deleted) while no other admin remains. */
export function removesLastAdmin(wasAdmin: boolean, staysAdmin: boolean, otherAdmins: number): boolean {
  return wasAdmin && !staysAdmin && otherAdmins === 0;
}
