import type { CreateUserBody, ListUsersQuery, ListUsersResponse, UpdateUserBody, User, UserListItem } from "@conversa/shared";
import { LIMITS } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import type { DomainEvents } from "../../events/domain-events.ts";
import { AppError } from "../../lib/app-error.ts";
import type { RequestContext } from "../../lib/context.ts";
import { type AuditFields, REDACTED, recordAudit } from "../audit/index.ts";
import { type LoginThrottle, clearTwoFactorRow } from "../auth/index.ts";
import { hashPassword, verifyPassword } from "../../lib/passwords.ts";
import { assertCompanyQueues } from "../queues/index.ts";
import { loadTicket } from "../tickets/index.ts";
import {
  canChangeUser,
  canEditUser,
  canManageUsers,
  canSeeUser,
  canSetSuper,
  fitsUserLimit,
  keepsCompany,
  missingEditPermission,
  needsCurrentPassword,
  removesLastAdmin,
  removesLastSuper,
} from "./users.policy.ts";
import {
  type UserValues,
  countOtherAdmins,
  countOtherSupers,
  countUsers,
  deleteUserRow,
  findUser,
  findUserCompany,
  findPasswordHash,
  findUserLimit,
  findUserState,
  insertUser,
  listCompanyUserRows,
  isCompanyConnection,
  isEmailTaken,
  lockCompanyUsers,
  lockSuperUsers,
  releaseUserTickets,
  replaceUserQueues,
  searchUsers,
  updateUserRow,
} from "./users.repository.ts";

export interface UsersDeps {
  db: Db;
  events: DomainEvents;
  /** The failed-login counters, which also slow guesses of the current password. */
  auth: { throttle: LoginThrottle };
}

const notFound = () => new AppError("ERR_NO_USER_FOUND", undefined, "User not found");
const noPermission = () => new AppError("ERR_NO_PERMISSION");
const companyMismatch = () => new AppError("ERR_COMPANY_MISMATCH", undefined, "A user stays in the session's company");
const emailTaken = () => new AppError("ERR_EMAIL_ALREADY_EXISTS", undefined, "A user with this e-mail already exists");
const lastAdmin = () => new AppError("ERR_LAST_ADMIN", undefined, "The company must keep at least one admin");
const lastSuper = () => new AppError("ERR_LAST_SUPER", undefined, "The installation must keep at least one super user");
const wrongPassword = () => new AppError("ERR_WRONG_PASSWORD", undefined, "The current password is missing or wrong");


/**
 * Checks the current password a user gives to set a new one. Wrong guesses count like failed logins of
 * the account from that address (login-throttle.ts), so a stolen open session cannot guess the password
 * faster than a login could; the session is the owner's device, so only its own pair counter slows it.
 * Throws ERR_NO_USER_FOUND, ERR_RATE_LIMITED, ERR_WRONG_PASSWORD.
 */
async function checkCurrentPassword(deps: UsersDeps, companyId: number, id: number, currentPassword: string | undefined, clientAddress: string): Promise<void> {
  const stored = await findPasswordHash(deps.db, companyId, id);
  if (stored === undefined) throw notFound();
  const attempt = { email: stored.email, clientAddress, knownDevice: true };
  const { retryAfterMs } = await deps.auth.throttle.begin(attempt, new Date());
  if (retryAfterMs > 0) throw new AppError("ERR_RATE_LIMITED", { retryAfter: Math.ceil(retryAfterMs / 1000) });
  if (currentPassword === undefined || !(await verifyPassword(stored.passwordHash, currentPassword))) throw wrongPassword();
  await deps.auth.throttle.succeeded(attempt);
}

async function requireUser(deps: UsersDeps, companyId: number, id: number): Promise<User> {
  const user = await findUser(deps.db, companyId, id);
  if (!user) throw notFound();
  return user;
}

/** Checks the queues and the default connection named by a body belong to the company (`tx` may be a transaction). */
async function assertReferences(tx: Db, companyId: number, queueIds: readonly number[] | undefined, whatsappId: number | null | undefined): Promise<void> {
  if (queueIds) await assertCompanyQueues(tx, companyId, queueIds);
  if (whatsappId != null && !(await isCompanyConnection(tx, companyId, whatsappId))) {
    throw new AppError("ERR_NO_WAPP_FOUND", undefined, "Connection not found");
  }
}

/** A user's stored fields as the audit log records them (queue ids sorted, so that an unchanged set compares equal). */
function auditedUser(user: Omit<UserValues, "passwordHash"> & { queueIds: readonly number[] }): AuditFields {
  const { name, email, profile, whatsappId, allTicket, isSuper } = user;
  return { name, email, profile, whatsappId, allTicket, isSuper, queueIds: [...user.queueIds].sort((a, b) => a - b) };
}

async function publishUser(deps: UsersDeps, companyId: number, id: number, action: "create" | "update"): Promise<User> {
  const user = await requireUser(deps, companyId, id);
  deps.events.publish("record.changed", { companyId, channel: "user", action, record: user });
  return user;
}

/** Every user of the company for pickers (transfer, filters), for any profile. */
export function listCompanyUsers(deps: UsersDeps, ctx: RequestContext): Promise<UserListItem[]> {
  return listCompanyUserRows(deps.db, ctx.companyId);
}

/** GET /users: one page (20) of the company's users by name, searched by name or e-mail. Throws ERR_NO_PERMISSION. */
export async function listUsers(deps: UsersDeps, ctx: RequestContext, query: ListUsersQuery): Promise<ListUsersResponse> {
  if (!canManageUsers(ctx)) throw noPermission();
  const page = await searchUsers(deps.db, ctx.companyId, query.searchParam, query.pageNumber);
  return { ...page, hasMore: query.pageNumber * LIMITS.pageSize < page.count };
}

/** One user: any of the company for admins, only themselves for others. Throws ERR_NO_PERMISSION, ERR_NO_USER_FOUND. */
export async function getUser(deps: UsersDeps, ctx: RequestContext, id: number): Promise<User> {
  if (!canSeeUser(ctx, id)) throw noPermission();
  return requireUser(deps, ctx.companyId, id);
}

/**
 * Creates a user of the session's company with a hashed password and their queues. Only a super user
 * makes a super user, who is always an admin; `companyId` may only name the session's company.
 * Throws ERR_NO_PERMISSION, ERR_COMPANY_MISMATCH, ERR_USER_LIMIT (the plan's user limit), ERR_EMAIL_ALREADY_EXISTS,
 * ERR_NO_QUEUE_FOUND, ERR_NO_WAPP_FOUND.
 */
export async function createUser(deps: UsersDeps, ctx: RequestContext, body: CreateUserBody): Promise<User> {
  if (!canManageUsers(ctx) || !canSetSuper(ctx, false, body.super)) throw noPermission();
  if (!keepsCompany(ctx.companyId, body.companyId)) throw companyMismatch();
  const { companyId } = ctx;
  const queueIds = [...new Set(body.queueIds)];
  const values: UserValues = {
    name: body.name,
    email: body.email,
    passwordHash: await hashPassword(body.password),
    // A super user is an admin with the provider's rights on top.
    profile: body.super ? "admin" : body.profile,
    whatsappId: body.whatsappId,
    allTicket: body.allTicket,
    isSuper: body.super ?? false,
  };
  let id: number;
  try {
    id = await deps.db.transaction(async (tx) => {
      await lockCompanyUsers(tx, companyId);
      if (!fitsUserLimit(await countUsers(tx, companyId), await findUserLimit(tx, companyId))) {
        throw new AppError("ERR_USER_LIMIT", undefined, "The plan's user limit has been reached");
      }
      if (await isEmailTaken(tx, values.email)) throw emailTaken();
      await assertReferences(tx, companyId, queueIds, values.whatsappId);
      const newId = await insertUser(tx, companyId, values);
      await replaceUserQueues(tx, companyId, newId, queueIds);
      // The password shows only as set (its value is redacted by name).
      await recordAudit(tx, ctx, { action: "user.create", target: { type: "user", id: newId }, after: { ...auditedUser({ ...values, queueIds }), password: values.passwordHash } });
      return newId;
    });
  } catch (error) {
    throw isUniqueViolation(error) ? emailTaken() : error;
  }
  return publishUser(deps, companyId, id, "create");
}

/**
 * Changes a user. Admins edit any user of the company but super users, whom only super users change;
 * others only themselves, and only name, e-mail and password (profile, queues, default connection and
 * allTicket may be sent unchanged). Only super users set or clear `super`; `companyId` may only name the
 * user's own company. A user setting their own password gives the current one. A new password set by
 * someone else ends the user's session; one set by the user themselves keeps the current session (login
 * already ends any other). The company's last admin and the installation's last super user cannot be demoted.
 * Throws ERR_NO_PERMISSION, ERR_COMPANY_MISMATCH, ERR_NO_USER_FOUND, ERR_WRONG_PASSWORD, ERR_RATE_LIMITED, ERR_EMAIL_ALREADY_EXISTS,
 * ERR_LAST_ADMIN, ERR_LAST_SUPER, ERR_NO_QUEUE_FOUND, ERR_NO_WAPP_FOUND.
 */
export async function updateUser(deps: UsersDeps, ctx: RequestContext, id: number, body: UpdateUserBody, clientAddress: string): Promise<User> {
  if (!canEditUser(ctx, id)) throw noPermission();
  if (!keepsCompany(ctx.companyId, body.companyId)) throw companyMismatch();
  const { companyId } = ctx;
  if (needsCurrentPassword(ctx, id, body)) await checkCurrentPassword(deps, companyId, id, body.currentPassword, clientAddress);
  const queueIds = body.queueIds === undefined ? undefined : [...new Set(body.queueIds)];
  const passwordHash = body.password === undefined ? undefined : await hashPassword(body.password);
  const endsSessions = passwordHash !== undefined && id !== ctx.userId;
  try {
    await deps.db.transaction(async (tx) => {
      await lockCompanyUsers(tx, companyId);
      const current = await findUserState(tx, companyId, id);
      if (!current) throw notFound();
      if (!canChangeUser(ctx, current) || !canSetSuper(ctx, current.isSuper, body.super)) throw noPermission();
      if (missingEditPermission(ctx, { ...body, queueIds }, current) !== null) throw noPermission();
      if (await isEmailTaken(tx, body.email, id)) throw emailTaken();
      // A super user is an admin with the provider's rights on top: making one makes an admin, and
      // demoting one to attendant or supervisor ends both (both explicit at once contradict each other).
      const demotes = body.profile !== undefined && body.profile !== "admin";
      if (body.super === true && demotes) throw new AppError("ERR_VALIDATION", undefined, "A super user is an admin");
      const isSuper = body.super ?? (current.isSuper && !demotes);
      const profile = isSuper ? "admin" : (body.profile ?? current.profile);
      if (removesLastAdmin(current.profile === "admin", profile === "admin", await countOtherAdmins(tx, companyId, id))) throw lastAdmin();
      if (current.isSuper && !isSuper) {
        await lockSuperUsers(tx);
        if (removesLastSuper(true, false, await countOtherSupers(tx, id))) throw lastSuper();
      }
      await assertReferences(tx, companyId, queueIds, body.whatsappId);
      const values: Partial<UserValues> = {
        name: body.name,
        email: body.email,
        profile,
        isSuper,
        ...(passwordHash === undefined ? {} : { passwordHash }),
        ...(body.whatsappId === undefined ? {} : { whatsappId: body.whatsappId }),
        ...(body.allTicket === undefined ? {} : { allTicket: body.allTicket }),
      };
      await updateUserRow(tx, companyId, id, values, endsSessions);
      if (queueIds !== undefined) await replaceUserQueues(tx, companyId, id, queueIds);
      const after = {
        ...auditedUser({ ...current, ...values, queueIds: queueIds ?? current.queueIds }),
        // A new password shows only as changed: both sides are redacted.
        ...(passwordHash === undefined ? {} : { password: passwordHash }),
      };
      const before = { ...auditedUser(current), ...(passwordHash === undefined ? {} : { password: REDACTED }) };
      await recordAudit(tx, ctx, { action: "user.update", target: { type: "user", id }, before, after });
    });
  } catch (error) {
    throw isUniqueViolation(error) ? emailTaken() : error;
  }
  if (endsSessions) deps.events.publish("session.ended", { companyId, userId: id });
  deps.events.publish("user.access.changed", { companyId, userId: id });
  return publishUser(deps, companyId, id, "update");
}

/**
 * Deletes a user of the company. Their tokens stop working at once (sessions are checked against
 * the database), their sockets are dropped, and their open or pending tickets go back to pending
 * without an attendant. Only super users delete a super user, and never the installation's last one.
 * Throws ERR_NO_PERMISSION, ERR_CANNOT_DELETE_SELF, ERR_NO_USER_FOUND, ERR_LAST_ADMIN, ERR_LAST_SUPER.
 */
export async function deleteUser(deps: UsersDeps, ctx: RequestContext, id: number): Promise<void> {
  if (!canManageUsers(ctx)) throw noPermission();
  const { companyId } = ctx;
  if (id === ctx.userId) throw new AppError("ERR_CANNOT_DELETE_SELF", undefined, "You cannot delete your own user");
  const released = await deps.db.transaction(async (tx) => {
    await lockCompanyUsers(tx, companyId);
    const current = await findUserState(tx, companyId, id);
    if (!current) throw notFound();
    if (!canChangeUser(ctx, current)) throw noPermission();
    if (removesLastAdmin(current.profile === "admin", false, await countOtherAdmins(tx, companyId, id))) throw lastAdmin();
    if (current.isSuper) {
      await lockSuperUsers(tx);
      if (removesLastSuper(true, false, await countOtherSupers(tx, id))) throw lastSuper();
    }
    const tickets = await releaseUserTickets(tx, companyId, id);
    await deleteUserRow(tx, companyId, id);
    await recordAudit(tx, ctx, { action: "user.delete", target: { type: "user", id }, before: { name: current.name, email: current.email, profile: current.profile, isSuper: current.isSuper } });
    return tickets;
  });
  deps.events.publish("session.ended", { companyId, userId: id });
  for (const { id: ticketId, previousStatus } of released) {
    const ticket = await loadTicket(deps.db, companyId, ticketId);
    if (ticket) deps.events.publish("ticket.updated", { companyId, ticket, previousStatus });
  }
  deps.events.publish("record.changed", { companyId, channel: "user", action: "delete", record: { id } });
}

/**
 * DELETE /users/{id}/2fa: turns a user's two-factor sign-in off (a lost phone), so that they sign in with
 * the password alone and set it up again. Admins reset the users of their company (a super user's only
 * if they are one); super users reset anyone's. Throws ERR_NO_PERMISSION, ERR_NO_USER_FOUND, ERR_2FA_NOT_ENABLED.
 */
export async function resetUserTwoFactor(deps: UsersDeps, ctx: RequestContext, id: number): Promise<void> {
  if (!canManageUsers(ctx)) throw noPermission();
  const target = await findUserCompany(deps.db, ctx.isSuper ? null : ctx.companyId, id);
  if (!target) throw notFound();
  if (!canChangeUser(ctx, target)) throw noPermission();
  await deps.db.transaction(async (tx) => {
    if (!(await clearTwoFactorRow(tx, id))) throw new AppError("ERR_2FA_NOT_ENABLED");
    await recordAudit(tx, ctx, {
      action: "auth.2fa.reset",
      companyId: target.companyId,
      target: { type: "user", id },
      before: { twoFactor: true },
      after: { twoFactor: false },
    });
  });
  await publishUser(deps, target.companyId, id, "update");
}
