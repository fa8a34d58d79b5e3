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

/**
 * A super user may be changed (any field, password, profile, queues), demoted or deleted only by a
 * super user; a plain admin may still list and read them.
 */
export function canChangeUser(ctx: RequestContext, target: { isSuper: boolean }): boolean {
  return ctx.isSuper || !target.isSuper;
}

/** Only super users set or clear the super flag; sending the current value needs nothing. */
export function canSetSuper(ctx: RequestContext, current: boolean, next: boolean | undefined): boolean {
  return next === undefined || next === current || ctx.isSuper;
}

/**
 * Whether a body's `companyId` is allowed: absent or the user's current company. No one moves a user
 * to another company through the API (their tickets, messages, notes and schedules name them).
 */
export function keepsCompany(currentCompanyId: number, next: number | undefined): boolean {
  return next === undefined || next === currentCompanyId;
}

/** A user setting their own password must also give the current one (a stolen open session cannot take the account). */
export function needsCurrentPassword(ctx: RequestContext, targetId: number, body: { password?: string | undefined }): boolean {
  return ctx.userId === targetId && body.password !== undefined;
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

/** Whether a super user stops being super (demoted or deleted) while no other super user remains in the installation. */
export function removesLastSuper(wasSuper: boolean, staysSuper: boolean, otherSupers: number): boolean {
  return wasSuper && !staysSuper && otherSupers === 0;
}

/** Whether a user stops being an admin (demoted or deleted) while no other admin remains. */
export function removesLastAdmin(wasAdmin: boolean, staysAdmin: boolean, otherAdmins: number): boolean {
  return wasAdmin && !staysAdmin && otherAdmins === 0;
}
