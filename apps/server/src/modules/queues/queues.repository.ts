import { and, asc, count, eq, ilike, inArray, isNull, ne, sql } from "drizzle-orm";
import { LIMITS, type Queue, type QueueDetail, ZWeeklySchedule } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { companies, plans, queueOptions, queues, stores } from "../../db/schema/index.ts";

export const QUEUES_PAGE_SIZE = LIMITS.pageSize;

const listColumns = {
  id: queues.id,
  name: queues.name,
  color: queues.color,
  orderQueue: queues.orderQueue,
  greetingMessage: queues.greetingMessage,
  outOfHoursMessage: queues.outOfHoursMessage,
  storeId: queues.storeId,
};

const byConfiguredOrder = [sql`${queues.orderQueue} asc nulls last`, asc(queues.name), asc(queues.id)];

/** The company's queues in their configured order (unordered ones last), then by name. */
export async function listQueueRows(db: Db, companyId: number): Promise<Queue[]> {
  return db
    .select(listColumns)
    .from(queues)
    .where(eq(queues.companyId, companyId))
    .orderBy(...byConfiguredOrder);
}

/** One page of the company's queues whose name contains `searchParam` (without case), in the configured order. */
export async function searchQueueRows(
  db: Db,
  companyId: number,
  searchParam: string | undefined,
  pageNumber: number,
  storeId?: number | "none",
): Promise<{ queues: Queue[]; count: number }> {
  const search = searchParam?.trim().toLowerCase();
  const byStore = storeId === undefined ? undefined : storeId === "none" ? isNull(queues.storeId) : eq(queues.storeId, storeId);
  const where = and(eq(queues.companyId, companyId), search ? ilike(queues.name, `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined, byStore);
  const [rows, [total]] = await Promise.all([
    db
      .select(listColumns)
      .from(queues)
      .where(where)
      .orderBy(...byConfiguredOrder)
      .limit(QUEUES_PAGE_SIZE)
      .offset((pageNumber - 1) * QUEUES_PAGE_SIZE),
    db.select({ total: count() }).from(queues).where(where),
  ]);
  return { queues: rows, count: total?.total ?? 0 };
}

/** Which of `ids` are queues of the company. */
export async function findCompanyQueueIds(db: Db, companyId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: queues.id })
    .from(queues)
    .where(and(eq(queues.companyId, companyId), inArray(queues.id, [...ids])));
  return rows.map((row) => row.id);
}

/** A queue as the list shows it. */
export async function findQueue(db: Db, companyId: number, id: number): Promise<Queue | undefined> {
  const [row] = await db
    .select(listColumns)
    .from(queues)
    .where(and(eq(queues.companyId, companyId), eq(queues.id, id)));
  return row;
}

/** A queue with its weekly hours and media; stored hours that do not read as a weekly schedule show as none. */
export async function findQueueDetail(db: Db, companyId: number, id: number): Promise<QueueDetail | undefined> {
  const [row] = await db
    .select({
      ...listColumns,
      schedules: queues.schedules,
      mediaPath: queues.mediaPath,
      mediaName: queues.mediaName,
      integrationId: queues.integrationId,
      promptId: queues.promptId,
    })
    .from(queues)
    .where(and(eq(queues.companyId, companyId), eq(queues.id, id)));
  if (!row) return undefined;
  const schedules = ZWeeklySchedule.safeParse(row.schedules);
  return { ...row, schedules: schedules.success ? schedules.data : [] };
}

/**
 * Locks the queue's row until the end of the transaction `tx` (serialises changes to its option
 * tree); answers whether the company has it.
 */
export async function lockQueue(tx: Db, companyId: number, id: number): Promise<boolean> {
  const rows = await tx
    .select({ id: queues.id })
    .from(queues)
    .where(and(eq(queues.companyId, companyId), eq(queues.id, id)))
    .for("update");
  return rows.length === 1;
}

/** Namespace of the per-company advisory lock that serialises changes to a company's set of queues. */
const QUEUES_LOCK_NAMESPACE = 7_270_004;

/** Serialises, until the end of the transaction `tx`, creations, renames and recolourings of the company's queues. */
export async function lockCompanyQueues(tx: Db, companyId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${QUEUES_LOCK_NAMESPACE}, ${companyId})`);
}

/** The plan's queue limit of the company; null when the company has no plan. */
export async function findQueueLimit(db: Db, companyId: number): Promise<number | null> {
  const [row] = await db
    .select({ limit: plans.queues })
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, companyId));
  return row?.limit ?? null;
}

export async function countQueues(db: Db, companyId: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(queues).where(eq(queues.companyId, companyId));
  return row?.total ?? 0;
}

/** Whether another queue of the company has this value in `column` (compared without case). */
export async function isQueueValueTaken(db: Db, companyId: number, column: "name" | "color", value: string, exceptId?: number): Promise<boolean> {
  const target = column === "name" ? queues.name : queues.color;
  const [row] = await db
    .select({ id: queues.id })
    .from(queues)
    .where(
      and(eq(queues.companyId, companyId), sql`lower(${target}) = lower(${value})`, exceptId === undefined ? undefined : ne(queues.id, exceptId)),
    )
    .limit(1);
  return row !== undefined;
}

/** The editable fields of a queue, as stored. */
export interface QueueValues {
  name: string;
  color: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  orderQueue: number | null;
  schedules: unknown;
  integrationId: number | null;
  promptId: number | null;
  storeId: number | null;
}

export async function insertQueue(db: Db, companyId: number, values: QueueValues): Promise<number> {
  const [row] = await db
    .insert(queues)
    .values({ companyId, ...values })
    .returning({ id: queues.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

export async function updateQueueRow(db: Db, companyId: number, id: number, values: Partial<QueueValues>): Promise<boolean> {
  const rows = await db
    .update(queues)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(queues.companyId, companyId), eq(queues.id, id)))
    .returning({ id: queues.id });
  return rows.length === 1;
}

/** Sets or clears the queue's media; answers the file it replaced (to be removed), or undefined when the queue is gone. */
export async function setQueueMedia(db: Db, companyId: number, id: number, media: { path: string; name: string } | null): Promise<{ previous: string | null; previousName: string | null } | undefined> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ mediaPath: queues.mediaPath, mediaName: queues.mediaName })
      .from(queues)
      .where(and(eq(queues.companyId, companyId), eq(queues.id, id)))
      .for("update");
    if (!current) return undefined;
    await tx
      .update(queues)
      .set({ mediaPath: media?.path ?? null, mediaName: media?.name ?? null, updatedAt: sql`now()` })
      .where(and(eq(queues.companyId, companyId), eq(queues.id, id)));
    return { previous: current.mediaPath, previousName: current.mediaName };
  });
}

/**
 * Deletes a queue: its links to users and connections and its option tree go with it (cascade),
 * its tickets stay without a queue (set null). Answers the media files it and its options held.
 */
export async function deleteQueueRow(db: Db, companyId: number, id: number): Promise<{ deleted: boolean; name?: string; mediaPaths: string[] }> {
  return db.transaction(async (tx) => {
    const optionMedia = await tx
      .select({ mediaPath: queueOptions.mediaPath })
      .from(queueOptions)
      .where(and(eq(queueOptions.companyId, companyId), eq(queueOptions.queueId, id)));
    const [row] = await tx
      .delete(queues)
      .where(and(eq(queues.companyId, companyId), eq(queues.id, id)))
      .returning({ name: queues.name, mediaPath: queues.mediaPath });
    if (!row) return { deleted: false, mediaPaths: [] };
    const mediaPaths = [row.mediaPath, ...optionMedia.map((option) => option.mediaPath)].filter((path): path is string => path !== null);
    return { deleted: true, name: row.name, mediaPaths };
  });
}

/** Whether the company has a store with this id. */
export async function storeExists(db: Db, companyId: number, storeId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.companyId, companyId), eq(stores.id, storeId)));
  return row !== undefined;
}
