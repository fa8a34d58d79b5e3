import { type SQL, and, asc, count, desc, eq, exists, gte, ilike, inArray, lte, sql } from "drizzle-orm";
import { type DistributionLog, type DistributionRule, type QueueAgent, type Store, ZDistributionStrategy, ZRuleMatchType } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { distributionLogs, distributionRules, queueConfigs, queues, stores, tickets, userQueues, users } from "../../db/schema/index.ts";

export const STORES_PAGE_SIZE = 20;

type RuleRow = typeof distributionRules.$inferSelect;

export function ruleDto(row: RuleRow): DistributionRule {
  return {
    id: row.id,
    storeId: row.storeId,
    name: row.name,
    matchType: ZRuleMatchType.catch("keywords").parse(row.matchType),
    match: row.match,
    strategy: ZDistributionStrategy.catch("least_load").parse(row.strategy),
    onlineOnly: row.onlineOnly,
    queueId: row.queueId,
    userIds: row.userIds,
    orderedUserIds: row.orderedUserIds,
    position: row.position,
    rrLastUserId: row.rrLastUserId,
  };
}

const storeColumns = (companyId: number) => ({
  id: stores.id,
  name: stores.name,
  active: stores.active,
  rulesCount: sql<number>`(select count(*)::int from ${distributionRules} where ${distributionRules.storeId} = ${stores.id} and ${distributionRules.companyId} = ${companyId})`,
  queuesCount: sql<number>`(select count(*)::int from ${queues} where ${queues.storeId} = ${stores.id} and ${queues.companyId} = ${companyId})`,
});

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The company's stores by name, whose name contains `searchParam`: one page, or all without `pageNumber`. */
export async function listStoreRows(db: Db, companyId: number, searchParam: string | undefined, pageNumber: number | undefined): Promise<{ stores: Store[]; count: number }> {
  const search = searchParam?.trim().toLowerCase();
  const where = and(eq(stores.companyId, companyId), search ? ilike(stores.name, `%${escapeLike(search)}%`) : undefined);
  const query = db.select(storeColumns(companyId)).from(stores).where(where).orderBy(asc(stores.name), asc(stores.id));
  const [rows, [total]] = await Promise.all([
    pageNumber === undefined ? query : query.limit(STORES_PAGE_SIZE).offset((pageNumber - 1) * STORES_PAGE_SIZE),
    db.select({ total: count() }).from(stores).where(where),
  ]);
  return { stores: rows.map((row) => ({ ...row, rulesCount: Number(row.rulesCount), queuesCount: Number(row.queuesCount) })), count: total?.total ?? 0 };
}

export async function findStore(db: Db, companyId: number, id: number): Promise<Store | undefined> {
  const [row] = await db
    .select(storeColumns(companyId))
    .from(stores)
    .where(and(eq(stores.companyId, companyId), eq(stores.id, id)));
  return row ? { ...row, rulesCount: Number(row.rulesCount), queuesCount: Number(row.queuesCount) } : undefined;
}

export async function insertStore(db: Db, companyId: number, values: { name: string; active: boolean }): Promise<number> {
  const [row] = await db
    .insert(stores)
    .values({ companyId, ...values })
    .returning({ id: stores.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

export async function updateStoreRow(db: Db, companyId: number, id: number, values: { name: string; active?: boolean }): Promise<boolean> {
  const rows = await db
    .update(stores)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(stores.companyId, companyId), eq(stores.id, id)))
    .returning({ id: stores.id });
  return rows.length === 1;
}

/** Deletes a store with its rules; its queues stay, without a store. Answers the ids of those queues, or undefined when there was no store. */
export async function deleteStoreRow(db: Db, companyId: number, id: number): Promise<number[] | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(stores)
      .where(and(eq(stores.companyId, companyId), eq(stores.id, id)))
      .returning({ id: stores.id });
    if (!row) return undefined;
    const freed = await tx
      .update(queues)
      .set({ storeId: null, updatedAt: sql`now()` })
      .where(and(eq(queues.companyId, companyId), eq(queues.storeId, id)))
      .returning({ id: queues.id });
    return freed.map((queue) => queue.id);
  });
}

export async function listRuleRows(db: Db, companyId: number, storeId: number): Promise<DistributionRule[]> {
  const rows = await db
    .select()
    .from(distributionRules)
    .where(and(eq(distributionRules.companyId, companyId), eq(distributionRules.storeId, storeId)))
    .orderBy(asc(distributionRules.position), asc(distributionRules.id));
  return rows.map(ruleDto);
}

export async function countRules(db: Db, companyId: number, storeId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(distributionRules)
    .where(and(eq(distributionRules.companyId, companyId), eq(distributionRules.storeId, storeId)));
  return row?.total ?? 0;
}

export async function findRule(db: Db, companyId: number, storeId: number, ruleId: number): Promise<DistributionRule | undefined> {
  const [row] = await db
    .select()
    .from(distributionRules)
    .where(and(eq(distributionRules.companyId, companyId), eq(distributionRules.storeId, storeId), eq(distributionRules.id, ruleId)));
  return row ? ruleDto(row) : undefined;
}

export type RuleValues = Omit<DistributionRule, "id" | "storeId" | "rrLastUserId">;

export async function insertRule(db: Db, companyId: number, storeId: number, values: RuleValues): Promise<number> {
  const [row] = await db
    .insert(distributionRules)
    .values({ companyId, storeId, ...values })
    .returning({ id: distributionRules.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

/** Changes a rule; a new candidate list or order restarts its round-robin pointer only when the last user is no longer listed. */
export async function updateRuleRow(db: Db, companyId: number, storeId: number, ruleId: number, values: Partial<RuleValues> & { rrLastUserId?: number | null }): Promise<boolean> {
  const rows = await db
    .update(distributionRules)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(distributionRules.companyId, companyId), eq(distributionRules.storeId, storeId), eq(distributionRules.id, ruleId)))
    .returning({ id: distributionRules.id });
  return rows.length === 1;
}

export async function deleteRuleRow(db: Db, companyId: number, storeId: number, ruleId: number): Promise<boolean> {
  const rows = await db
    .delete(distributionRules)
    .where(and(eq(distributionRules.companyId, companyId), eq(distributionRules.storeId, storeId), eq(distributionRules.id, ruleId)))
    .returning({ id: distributionRules.id });
  return rows.length === 1;
}

/** Which of `ids` are users of the company. */
export async function findCompanyUserIds(db: Db, companyId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, [...ids])));
  return rows.map((row) => row.id);
}

/** The users of a queue, by name. */
export async function listQueueUserRows(db: Db, companyId: number, queueId: number): Promise<(QueueAgent & { profile: string })[]> {
  return db
    .select({ id: users.id, name: users.name, online: users.online, profile: users.profile })
    .from(userQueues)
    .innerJoin(users, eq(users.id, userQueues.userId))
    .where(and(eq(userQueues.companyId, companyId), eq(userQueues.queueId, queueId), eq(users.companyId, companyId)))
    .orderBy(asc(users.name), asc(users.id));
}

/** The agents of every queue of the company (or of one), in one query. */
export async function listAgentsByQueue(db: Db, companyId: number, queueId?: number): Promise<Map<number, QueueAgent[]>> {
  const rows = await db
    .select({ queueId: userQueues.queueId, id: users.id, name: users.name, online: users.online })
    .from(userQueues)
    .innerJoin(users, eq(users.id, userQueues.userId))
    .where(and(eq(userQueues.companyId, companyId), queueId === undefined ? undefined : eq(userQueues.queueId, queueId)))
    .orderBy(asc(users.name), asc(users.id));
  const byQueue = new Map<number, QueueAgent[]>();
  for (const row of rows) {
    const list = byQueue.get(row.queueId) ?? [];
    list.push({ id: row.id, name: row.name, online: row.online });
    byQueue.set(row.queueId, list);
  }
  return byQueue;
}

export interface LogFilters {
  storeId?: number;
  toQueueId?: number;
  fromQueueId?: number;
  ruleId?: number;
  assignedUserId?: number;
  ticketId?: number;
  from?: Date;
  to?: Date;
  limit: number;
}

/**
 * What a log row shows of its ticket: every customer text (an admin), or only the texts of tickets the
 * actor may open, given as the ticket visibility condition (ticketAccessCondition) on `tickets`.
 */
export type LogTextAccess = { all: true } | { visible: SQL };

/** The log's customer text when its ticket passes `access`, else null; the row itself stays. */
function logMessageOf(companyId: number, access: LogTextAccess): SQL<string | null> | typeof distributionLogs.message {
  if ("all" in access) return distributionLogs.message;
  const mayOpen = exists(sql`(select 1 from ${tickets} where ${and(eq(tickets.companyId, companyId), eq(tickets.id, distributionLogs.ticketId), access.visible)})`);
  return sql<string | null>`case when ${mayOpen} then ${distributionLogs.message} end`;
}

/**
 * Distribution decisions of the company, newest first, with the names of their store, rule, queues and
 * user; the customer text only of the tickets `access` lets the actor open.
 */
export async function listLogRows(db: Db, companyId: number, filters: LogFilters, access: LogTextAccess): Promise<DistributionLog[]> {
  const nameOf = (table: typeof queues | typeof stores | typeof distributionRules, id: SQL | typeof distributionLogs.toQueueId) =>
    sql<string | null>`(select ${table.name} from ${table} where ${table.id} = ${id} and ${table.companyId} = ${companyId})`;
  const conditions: (SQL | undefined)[] = [
    eq(distributionLogs.companyId, companyId),
    filters.storeId === undefined ? undefined : eq(distributionLogs.storeId, filters.storeId),
    filters.toQueueId === undefined ? undefined : eq(distributionLogs.toQueueId, filters.toQueueId),
    filters.fromQueueId === undefined ? undefined : eq(distributionLogs.fromQueueId, filters.fromQueueId),
    filters.ruleId === undefined ? undefined : eq(distributionLogs.ruleId, filters.ruleId),
    filters.assignedUserId === undefined ? undefined : eq(distributionLogs.assignedUserId, filters.assignedUserId),
    filters.ticketId === undefined ? undefined : eq(distributionLogs.ticketId, filters.ticketId),
    filters.from === undefined ? undefined : gte(distributionLogs.createdAt, filters.from),
    filters.to === undefined ? undefined : lte(distributionLogs.createdAt, filters.to),
  ];
  const rows = await db
    .select({
      log: distributionLogs,
      message: logMessageOf(companyId, access),
      storeName: nameOf(stores, sql`${distributionLogs.storeId}`),
      ruleName: nameOf(distributionRules, sql`${distributionLogs.ruleId}`),
      fromQueueName: nameOf(queues, sql`${distributionLogs.fromQueueId}`),
      toQueueName: nameOf(queues, sql`${distributionLogs.toQueueId}`),
      assignedUserName: sql<string | null>`(select ${users.name} from ${users} where ${users.id} = ${distributionLogs.assignedUserId} and ${users.companyId} = ${companyId})`,
    })
    .from(distributionLogs)
    .where(and(...conditions))
    .orderBy(desc(distributionLogs.createdAt), desc(distributionLogs.id))
    .limit(filters.limit);
  return rows.map(({ log, message, storeName, ruleName, fromQueueName, toQueueName, assignedUserName }) => ({
    id: log.id,
    createdAt: log.createdAt.toISOString(),
    ticketId: log.ticketId,
    storeId: log.storeId,
    storeName,
    ruleId: log.ruleId,
    ruleName,
    fromQueueId: log.fromQueueId,
    fromQueueName,
    toQueueId: log.toQueueId,
    toQueueName,
    assignedUserId: log.assignedUserId,
    assignedUserName,
    strategy: log.strategy,
    message,
  }));
}

export type QueueConfigRow = typeof queueConfigs.$inferSelect;

export async function findQueueConfigRow(db: Db, companyId: number, queueId: number): Promise<QueueConfigRow | undefined> {
  const [row] = await db
    .select()
    .from(queueConfigs)
    .where(and(eq(queueConfigs.companyId, companyId), eq(queueConfigs.queueId, queueId)));
  return row;
}

export async function upsertQueueConfig(db: Db, companyId: number, queueId: number, values: Omit<QueueConfigRow, "queueId" | "companyId" | "rrLastUserId" | "updatedAt">): Promise<void> {
  await db
    .insert(queueConfigs)
    .values({ queueId, companyId, ...values })
    .onConflictDoUpdate({ target: queueConfigs.queueId, set: { ...values, updatedAt: sql`now()` } });
}
