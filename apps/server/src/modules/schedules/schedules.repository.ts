import { type AnyColumn, type SQL, and, asc, count, desc, eq, exists, gte, ilike, inArray, isNotNull, isNull, lt, notExists, or, sql } from "drizzle-orm";
import { type ListSchedulesQuery, type Schedule, ZScheduleStatus } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { connections, contacts, schedules, tickets, users } from "../../db/schema/index.ts";

export type ScheduleRow = typeof schedules.$inferSelect;

const columns = {
  schedule: schedules,
  contact: { id: contacts.id, name: contacts.name, number: contacts.number },
  userName: users.name,
};

type JoinedRow = { schedule: ScheduleRow; contact: Schedule["contact"]; userName: string | null };

function toSchedule({ schedule, contact, userName }: JoinedRow): Schedule {
  const status = ZScheduleStatus.safeParse(schedule.status);
  return {
    id: schedule.id,
    body: schedule.body,
    sendAt: schedule.sendAt.toISOString(),
    sentAt: schedule.sentAt?.toISOString() ?? null,
    status: status.success ? status.data : "PENDENTE",
    contactId: schedule.contactId,
    contact,
    ticketId: schedule.ticketId,
    userId: schedule.userId,
    user: schedule.userId !== null && userName !== null ? { id: schedule.userId, name: userName } : null,
    mediaPath: schedule.mediaPath,
    mediaName: schedule.mediaName,
    createdAt: schedule.createdAt.toISOString(),
    updatedAt: schedule.updatedAt.toISOString(),
  };
}

function joined(db: Db) {
  return db.select(columns).from(schedules).innerJoin(contacts, eq(contacts.id, schedules.contactId)).leftJoin(users, eq(users.id, schedules.userId));
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const activeStatus = inArray(tickets.status, ["open", "pending"]);

/**
 * canReachContact (schedules.policy.ts) as a condition on a contact id column: `visible` is the actor's
 * ticket visibility (ticketAccessCondition), undefined for an admin, who reaches every contact.
 */
export function reachableContactCondition(companyId: number, contactId: AnyColumn, visible: SQL | undefined): SQL | undefined {
  if (visible === undefined) return undefined;
  const ofContact = and(eq(tickets.companyId, companyId), eq(tickets.contactId, contactId));
  // coalesce: the visibility of a ticket without a user is NULL rather than false where it does not hold.
  const latestVisible = sql`(select coalesce(${visible}, false) from ${tickets} where ${ofContact} order by ${tickets.updatedAt} desc, ${tickets.id} desc limit 1)`;
  return or(
    exists(sql`(select 1 from ${tickets} where ${and(ofContact, activeStatus, visible)})`),
    and(notExists(sql`(select 1 from ${tickets} where ${and(ofContact, activeStatus)})`), sql`coalesce(${latestVisible}, true)`),
  );
}

/** The schedules a user-profile account may see: her own, and those of contacts she may reach. */
export function visibleSchedulesCondition(companyId: number, userId: number, visible: SQL | undefined): SQL | undefined {
  const reachable = reachableContactCondition(companyId, schedules.contactId, visible);
  return reachable === undefined ? undefined : or(eq(schedules.userId, userId), reachable);
}

/**
 * A page of the company's schedules: with a range, those whose sendAt lies in [start, end), earliest
 * first; without one, all, latest sendAt first. `visible`, when given, keeps only the schedules the
 * actor may see (her own, or of a contact she may reach).
 */
export async function listScheduleRows(
  db: Db,
  companyId: number,
  query: ListSchedulesQuery,
  pageSize: number,
  visible?: SQL,
): Promise<{ schedules: Schedule[]; count: number }> {
  const term = query.searchParam?.trim().toLowerCase();
  const inRange = query.start !== undefined && query.end !== undefined;
  const where = and(
    eq(schedules.companyId, companyId),
    visible,
    query.start !== undefined ? gte(schedules.sendAt, new Date(query.start)) : undefined,
    query.end !== undefined ? lt(schedules.sendAt, new Date(query.end)) : undefined,
    query.contactId ? eq(schedules.contactId, query.contactId) : undefined,
    term ? or(ilike(schedules.body, likePattern(term)), ilike(contacts.name, likePattern(term))) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    joined(db)
      .where(where)
      .orderBy(...(inRange ? [asc(schedules.sendAt), asc(schedules.id)] : [desc(schedules.sendAt), desc(schedules.id)]))
      .limit(pageSize)
      .offset((query.pageNumber - 1) * pageSize),
    db.select({ value: count() }).from(schedules).innerJoin(contacts, eq(contacts.id, schedules.contactId)).where(where),
  ]);
  return { schedules: rows.map(toSchedule), count: total?.value ?? 0 };
}

/** One schedule of the company as the API shows it. */
export async function loadSchedule(db: Db, companyId: number, id: number): Promise<Schedule | undefined> {
  const [row] = await joined(db).where(and(eq(schedules.companyId, companyId), eq(schedules.id, id)));
  return row ? toSchedule(row) : undefined;
}

export async function findScheduleRow(db: Db, companyId: number, id: number): Promise<ScheduleRow | undefined> {
  const [row] = await db.select().from(schedules).where(and(eq(schedules.companyId, companyId), eq(schedules.id, id)));
  return row;
}

export async function companyUserExists(db: Db, companyId: number, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  return row !== undefined;
}

export async function contactExists(db: Db, companyId: number, contactId: number): Promise<boolean> {
  const [row] = await db.select({ id: contacts.id }).from(contacts).where(and(eq(contacts.companyId, companyId), eq(contacts.id, contactId)));
  return row !== undefined;
}

export async function insertSchedule(
  db: Db,
  values: { companyId: number; userId: number; body: string; sendAt: Date; contactId: number; now: Date },
): Promise<ScheduleRow> {
  const [row] = await db
    .insert(schedules)
    .values({ companyId: values.companyId, userId: values.userId, body: values.body, sendAt: values.sendAt, contactId: values.contactId, status: "PENDENTE", createdAt: values.now, updatedAt: values.now })
    .returning();
  if (!row) throw new Error("schedule insert returned no row");
  return row;
}

/** Changes a schedule that was not sent yet; answers undefined when it was sent (or deleted) meanwhile. */
export async function updateUnsentSchedule(db: Db, companyId: number, id: number, patch: Partial<typeof schedules.$inferInsert>): Promise<ScheduleRow | undefined> {
  const [row] = await db
    .update(schedules)
    .set(patch)
    .where(and(eq(schedules.companyId, companyId), eq(schedules.id, id), isNull(schedules.sentAt)))
    .returning();
  return row;
}

/** Deletes a schedule that was not sent yet; answers whether it did. */
export async function deleteUnsentSchedule(db: Db, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(schedules)
    .where(and(eq(schedules.companyId, companyId), eq(schedules.id, id), isNull(schedules.sentAt)))
    .returning({ id: schedules.id });
  return rows.length > 0;
}

/** Every unsent, not failed schedule of every company (the job recovery on start). */
export async function listPendingSchedules(db: Db): Promise<Pick<ScheduleRow, "id" | "companyId" | "sendAt">[]> {
  return db
    .select({ id: schedules.id, companyId: schedules.companyId, sendAt: schedules.sendAt })
    .from(schedules)
    .where(and(isNull(schedules.sentAt), eq(schedules.status, "PENDENTE")))
    .orderBy(asc(schedules.sendAt));
}

/** The company's default connection (its id and provider), if any. */
export async function findDefaultConnection(db: Db, companyId: number): Promise<{ id: number; provider: string } | undefined> {
  const [row] = await db
    .select({ id: connections.id, provider: connections.provider })
    .from(connections)
    .where(and(eq(connections.companyId, companyId), eq(connections.isDefault, true)))
    .limit(1);
  return row;
}

/**
 * The contact's open or pending tickets that have a connection, the one on `preferredConnectionId` first,
 * then the most recently active.
 */
export async function listActiveTickets(
  db: Db,
  companyId: number,
  contactId: number,
  preferredConnectionId: number | undefined,
): Promise<{ id: number; status: string; userId: number | null; queueId: number | null }[]> {
  return db
    .select({ id: tickets.id, status: tickets.status, userId: tickets.userId, queueId: tickets.queueId })
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contactId), activeStatus, isNotNull(tickets.whatsappId)))
    .orderBy(desc(sql`${tickets.whatsappId} = ${preferredConnectionId ?? 0}`), desc(tickets.updatedAt), desc(tickets.id));
}

/** Every ticket of a contact, most recent activity first: what canReachContact reads. */
export async function listContactTickets(db: Db, companyId: number, contactId: number): Promise<{ status: string; userId: number | null; queueId: number | null }[]> {
  return db
    .select({ status: tickets.status, userId: tickets.userId, queueId: tickets.queueId })
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contactId)))
    .orderBy(desc(tickets.updatedAt), desc(tickets.id));
}

export async function findContactIsGroup(db: Db, companyId: number, contactId: number): Promise<boolean | undefined> {
  const [row] = await db.select({ isGroup: contacts.isGroup }).from(contacts).where(and(eq(contacts.companyId, companyId), eq(contacts.id, contactId)));
  return row?.isGroup;
}

/**
 * Marks a schedule sent through a ticket, inside the transaction that stores its message, only if it
 * is still unsent with the contact, body, time and media the sender read. Answers whether it did.
 */
export async function markScheduleSent(tx: Db, schedule: ScheduleRow, ticketId: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(schedules)
    .set({ sentAt: now, status: "ENVIADA", ticketId, updatedAt: now })
    .where(
      and(
        eq(schedules.companyId, schedule.companyId),
        eq(schedules.id, schedule.id),
        isNull(schedules.sentAt),
        eq(schedules.status, "PENDENTE"),
        eq(schedules.contactId, schedule.contactId),
        eq(schedules.body, schedule.body),
        eq(schedules.sendAt, schedule.sendAt),
        schedule.mediaPath === null ? isNull(schedules.mediaPath) : eq(schedules.mediaPath, schedule.mediaPath),
      ),
    )
    .returning({ id: schedules.id });
  return rows.length > 0;
}

/** Marks a schedule failed unless it was sent, moved or deleted meanwhile; answers whether it did. */
export async function markScheduleFailed(db: Db, companyId: number, id: number, sendAt: Date, now: Date): Promise<boolean> {
  const rows = await db
    .update(schedules)
    .set({ status: "ERRO", updatedAt: now })
    .where(and(eq(schedules.companyId, companyId), eq(schedules.id, id), isNull(schedules.sentAt), eq(schedules.sendAt, sendAt)))
    .returning({ id: schedules.id });
  return rows.length > 0;
}
