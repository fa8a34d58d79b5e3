import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { companies, connectionQueues, connections, queueConfigs, queueOptions, queues, settings } from "../db/schema/index.ts";

export type ConnectionRow = typeof connections.$inferSelect;
export type QueueRow = typeof queues.$inferSelect;
export type QueueOptionRow = typeof queueOptions.$inferSelect;

/** The company's settings as a key → value map (engine rules read several per message). */
export async function settingsOf(db: Db, companyId: number): Promise<Map<string, string>> {
  const rows = await db.select({ key: settings.key, value: settings.value }).from(settings).where(eq(settings.companyId, companyId));
  return new Map(rows.map((r) => [r.key, r.value]));
}

export function isEnabled(values: Map<string, string>, key: string): boolean {
  return values.get(key) === "enabled";
}

export async function connectionOf(db: Db, companyId: number, connectionId: number): Promise<ConnectionRow | undefined> {
  const [row] = await db.select().from(connections).where(and(eq(connections.companyId, companyId), eq(connections.id, connectionId)));
  return row;
}

/** The queues a connection offers, in menu order. */
export async function queuesOfConnection(db: Db, companyId: number, connectionId: number): Promise<QueueRow[]> {
  const rows = await db
    .select({ queue: queues })
    .from(connectionQueues)
    .innerJoin(queues, eq(queues.id, connectionQueues.queueId))
    .where(and(eq(connectionQueues.companyId, companyId), eq(connectionQueues.connectionId, connectionId)))
    .orderBy(asc(queues.orderQueue), asc(queues.name), asc(queues.id));
  return rows.map((r) => r.queue);
}

export async function queueOf(db: Db, companyId: number, queueId: number): Promise<QueueRow | undefined> {
  const [row] = await db.select().from(queues).where(and(eq(queues.companyId, companyId), eq(queues.id, queueId)));
  return row;
}

/** Options of a queue under a parent (null = roots), by position. */
export async function optionsUnder(db: Db, companyId: number, queueId: number, parentId: number | null): Promise<QueueOptionRow[]> {
  const rows = await db
    .select()
    .from(queueOptions)
    .where(and(eq(queueOptions.companyId, companyId), eq(queueOptions.queueId, queueId)))
    .orderBy(asc(queueOptions.option), asc(queueOptions.id));
  return rows.filter((r) => r.parentId === parentId);
}

export async function optionById(db: Db, companyId: number, id: number): Promise<QueueOptionRow | undefined> {
  const [row] = await db.select().from(queueOptions).where(and(eq(queueOptions.companyId, companyId), eq(queueOptions.id, id)));
  return row;
}

export async function companyOf(db: Db, companyId: number): Promise<{ schedules: unknown; timezone: string } | undefined> {
  const [row] = await db.select({ schedules: companies.schedules, timezone: companies.timezone }).from(companies).where(eq(companies.id, companyId));
  return row;
}

export async function hasOptions(db: Db, companyId: number, queueIds: number[]): Promise<Set<number>> {
  if (queueIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ queueId: queueOptions.queueId })
    .from(queueOptions)
    .where(and(eq(queueOptions.companyId, companyId), inArray(queueOptions.queueId, queueIds)));
  return new Set(rows.map((r) => r.queueId));
}

/** The keywords of those of `queueIds` whose config sends a first message naming them straight to the queue. */
export async function keywordQueuesOf(db: Db, companyId: number, queueIds: number[]): Promise<Map<number, string>> {
  if (queueIds.length === 0) return new Map();
  const rows = await db
    .select({ queueId: queueConfigs.queueId, keywords: queueConfigs.keywords })
    .from(queueConfigs)
    .where(and(eq(queueConfigs.companyId, companyId), inArray(queueConfigs.queueId, queueIds), eq(queueConfigs.enableFallbackToQueueKeywords, true)));
  return new Map(rows.filter((row) => row.keywords.trim()).map((row) => [row.queueId, row.keywords]));
}
