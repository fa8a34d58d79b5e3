import { and, asc, count, eq, inArray, ne, or, sql } from "drizzle-orm";
import { LIMITS, type Ticket, type User, type UserListItem, ZProfile } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { companies, connections, plans, queues, tickets, userQueues, users } from "../../db/schema/index.ts";

type UserRow = typeof users.$inferSelect;
type QueueRef = User["queues"][number];

/** Queues of each user, in the queues' configured order. */
async function queuesOfUsers(db: Db, companyId: number, userIds: readonly number[]): Promise<Map<number, QueueRef[]>> {
  const byUser = new Map<number, QueueRef[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ userId: userQueues.userId, id: queues.id, name: queues.name, color: queues.color })
    .from(userQueues)
    .innerJoin(queues, eq(queues.id, userQueues.queueId))
    .where(and(eq(userQueues.companyId, companyId), inArray(userQueues.userId, [...userIds])))
    .orderBy(sql`${queues.orderQueue} asc nulls last`, asc(queues.name));
  for (const { userId, ...queue } of rows) byUser.set(userId, [...(byUser.get(userId) ?? []), queue]);
  return byUser;
}

/** Maps a row to the wire shape: never the password hash nor the session columns. */
function toUserDto(row: UserRow, userQueueList: QueueRef[]): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    profile: ZProfile.catch("user").parse(row.profile),
    companyId: row.companyId,
    whatsappId: row.whatsappId,
    allTicket: row.allTicket === "enabled" ? "enabled" : "desabled",
    super: row.isSuper,
    online: row.online,
    queues: userQueueList,
    createdAt: row.createdAt.toISOString(),
    twoFactorEnabled: row.totpEnabledAt !== null,
  };
}

/** The users' DTOs in the order of `ids` (ids of other companies are skipped). */
async function loadUsers(db: Db, companyId: number, ids: readonly number[]): Promise<User[]> {
  if (ids.length === 0) return [];
  const [rows, byUser] = await Promise.all([
    db.select().from(users).where(and(eq(users.companyId, companyId), inArray(users.id, [...ids]))),
    queuesOfUsers(db, companyId, ids),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toUserDto(row, byUser.get(id) ?? [])] : [];
  });
}

export async function findUser(db: Db, companyId: number, id: number): Promise<User | undefined> {
  const [user] = await loadUsers(db, companyId, [id]);
  return user;
}

/**
 * One page of the company's users ordered by name, matching `searchParam` in the name or the
 * e-mail regardless of case and accents.
 */
export async function searchUsers(db: Db, companyId: number, searchParam: string | undefined, pageNumber: number): Promise<{ users: User[]; count: number }> {
  const search = searchParam?.trim();
  const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    eq(users.companyId, companyId),
    pattern ? or(sql`unaccent(${users.name}) ilike unaccent(${pattern})`, sql`unaccent(${users.email}) ilike unaccent(${pattern})`) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: users.id })
      .from(users)
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .limit(LIMITS.pageSize)
      .offset((pageNumber - 1) * LIMITS.pageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { users: await loadUsers(db, companyId, rows.map((row) => row.id)), count: total?.total ?? 0 };
}

/** Every user of the company for pickers (transfer, filters): name, profile, online, queues. */
export async function listCompanyUserRows(db: Db, companyId: number): Promise<UserListItem[]> {
  const rows = await db
    .select({ id: users.id, name: users.name, profile: users.profile, online: users.online })
    .from(users)
    .where(eq(users.companyId, companyId))
    .orderBy(asc(users.name), asc(users.id));
  const byUser = await queuesOfUsers(db, companyId, rows.map((row) => row.id));
  return rows.map((row) => ({ id: row.id, name: row.name, profile: ZProfile.catch("user").parse(row.profile), online: row.online, queues: byUser.get(row.id) ?? [] }));
}

/** The stored name, e-mail, profile, guarded fields and super flag of a user of the company, and its queue ids. */
export async function findUserState(
  db: Db,
  companyId: number,
  id: number,
): Promise<{ name: string; email: string; profile: string; whatsappId: number | null; allTicket: string; isSuper: boolean; queueIds: number[] } | undefined> {
  const [row] = await db
    .select({ name: users.name, email: users.email, profile: users.profile, whatsappId: users.whatsappId, allTicket: users.allTicket, isSuper: users.isSuper })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, id)));
  if (!row) return undefined;
  const links = await db
    .select({ queueId: userQueues.queueId })
    .from(userQueues)
    .where(and(eq(userQueues.companyId, companyId), eq(userQueues.userId, id)));
  return { ...row, queueIds: links.map((link) => link.queueId) };
}

/** Namespace of the per-company advisory lock that serialises changes to a company's users. */
const USERS_LOCK_NAMESPACE = 7_270_004;

/**
 * Serialises, until the end of the transaction `tx`, every change to the company's set of users
 * and their profiles (the plan limit and the last admin are checked under it).
 */
export async function lockCompanyUsers(tx: Db, companyId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${USERS_LOCK_NAMESPACE}, ${companyId})`);
}

/** Namespace of the installation-wide advisory lock under which super users are demoted or deleted. */
const SUPER_USERS_LOCK_NAMESPACE = 7_270_005;

/**
 * Serialises, until the end of the transaction `tx`, every demotion and deletion of a super user in the
 * installation, so that two at once cannot both see another super user left. Taken after the company's lock.
 */
export async function lockSuperUsers(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SUPER_USERS_LOCK_NAMESPACE}, 0)`);
}

/** How many super users the installation (every company) has besides `exceptId`. */
export async function countOtherSupers(db: Db, exceptId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(users)
    .where(and(eq(users.isSuper, true), ne(users.id, exceptId)));
  return row?.total ?? 0;
}

/** The password hash of a user of the company (to check the current password before a change). */
export async function findPasswordHash(db: Db, companyId: number, id: number): Promise<{ email: string; passwordHash: string } | undefined> {
  const [row] = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, id)));
  return row;
}

/** The plan's user limit of the company; null when the company has no plan. */
export async function findUserLimit(db: Db, companyId: number): Promise<number | null> {
  const [row] = await db.select({ limit: plans.users }).from(companies).innerJoin(plans, eq(plans.id, companies.planId)).where(eq(companies.id, companyId));
  return row?.limit ?? null;
}

export async function countUsers(db: Db, companyId: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users).where(eq(users.companyId, companyId));
  return row?.total ?? 0;
}

/** How many admins the company has besides `exceptId`. */
export async function countOtherAdmins(db: Db, companyId: number, exceptId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.profile, "admin"), ne(users.id, exceptId)));
  return row?.total ?? 0;
}

/** Whether any user, of any company, but `exceptId` has this e-mail (compared without case). */
export async function isEmailTaken(db: Db, email: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, exceptId === undefined ? undefined : ne(users.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

/** Whether `id` is a connection of the company. */
export async function isCompanyConnection(db: Db, companyId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: connections.id })
    .from(connections)
    .where(and(eq(connections.companyId, companyId), eq(connections.id, id)));
  return row !== undefined;
}

/** The stored fields a create or an update writes. */
export interface UserValues {
  name: string;
  email: string;
  passwordHash: string;
  profile: string;
  whatsappId: number | null;
  allTicket: string;
  isSuper: boolean;
}

export async function insertUser(db: Db, companyId: number, values: UserValues): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({ companyId, ...values })
    .returning({ id: users.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

/** Changes the given fields; `endSessions` also ends the user's sessions (tokens of the current version stop working). */
export async function updateUserRow(db: Db, companyId: number, id: number, values: Partial<UserValues>, endSessions: boolean): Promise<void> {
  await db
    .update(users)
    .set({
      ...values,
      ...(endSessions ? { tokenVersion: sql`${users.tokenVersion} + 1`, refreshTokenId: null, online: false } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(users.companyId, companyId), eq(users.id, id)));
}

/** Makes `queueIds` the user's queues (the caller checked they are the company's). */
export async function replaceUserQueues(db: Db, companyId: number, id: number, queueIds: readonly number[]): Promise<void> {
  await db.delete(userQueues).where(and(eq(userQueues.companyId, companyId), eq(userQueues.userId, id)));
  if (queueIds.length === 0) return;
  await db.insert(userQueues).values(queueIds.map((queueId) => ({ companyId, userId: id, queueId })));
}

/** Puts the user's open and pending tickets back to pending without an attendant; answers them with their previous status. */
export async function releaseUserTickets(db: Db, companyId: number, userId: number): Promise<{ id: number; previousStatus: Ticket["status"] }[]> {
  const held = await db
    .select({ id: tickets.id, status: tickets.status })
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.userId, userId), inArray(tickets.status, ["open", "pending"])))
    .for("update");
  if (held.length === 0) return [];
  await db
    .update(tickets)
    .set({ status: "pending", userId: null, updatedAt: sql`now()` })
    .where(and(eq(tickets.companyId, companyId), inArray(tickets.id, held.map((ticket) => ticket.id))));
  return held.map((ticket) => ({ id: ticket.id, previousStatus: ticket.status === "open" ? "open" : "pending" }));
}

export async function deleteUserRow(db: Db, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, id)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** A user's company and super flag, in the given company or (null) in any company: for a super user's acts on any account. */
export async function findUserCompany(db: Db, companyId: number | null, id: number): Promise<{ companyId: number; isSuper: boolean } | undefined> {
  const [row] = await db
    .select({ companyId: users.companyId, isSuper: users.isSuper })
    .from(users)
    .where(companyId === null ? eq(users.id, id) : and(eq(users.companyId, companyId), eq(users.id, id)));
  return row;
}
