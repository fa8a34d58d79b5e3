import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { type Connection, type ConnectionStatus, ZConnectionProvider, ZConnectionStatus } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { connectionQueues, connections, queues } from "../../db/schema/index.ts";

type ConnectionRow = typeof connections.$inferSelect;

async function queuesOf(db: Db, companyId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, { id: number; name: string; color: string }[]>();
  const rows = await db
    .select({ connectionId: connectionQueues.connectionId, id: queues.id, name: queues.name, color: queues.color })
    .from(connectionQueues)
    .innerJoin(queues, eq(queues.id, connectionQueues.queueId))
    .where(and(eq(connectionQueues.companyId, companyId), inArray(connectionQueues.connectionId, ids)))
    .orderBy(asc(queues.orderQueue), asc(queues.name));
  const byConnection = new Map<number, { id: number; name: string; color: string }[]>();
  for (const { connectionId, ...queue } of rows) {
    byConnection.set(connectionId, [...(byConnection.get(connectionId) ?? []), queue]);
  }
  return byConnection;
}

/** Maps rows to the wire shape; never carries the token or the channel credentials. */
export function toConnectionDto(row: ConnectionRow, connectionQueueList: { id: number; name: string; color: string }[]): Connection {
  return {
    id: row.id,
    name: row.name,
    status: ZConnectionStatus.catch("DISCONNECTED").parse(row.status),
    provider: ZConnectionProvider.catch("beta").parse(row.provider),
    isDefault: row.isDefault,
    number: row.number,
    qrcode: row.qrcode,
    retries: row.retries,
    greetingMessage: row.greetingMessage,
    complationMessage: row.complationMessage,
    outOfHoursMessage: row.outOfHoursMessage,
    ratingMessage: row.ratingMessage,
    expiresInactiveMessage: row.expiresInactiveMessage,
    expiresTicket: row.expiresTicket,
    timeUseBotQueues: row.timeUseBotQueues,
    maxUseBotQueues: row.maxUseBotQueues,
    timeToTransfer: row.timeToTransfer,
    transferQueueId: row.transferQueueId,
    promptId: row.promptId,
    hasToken: Boolean(row.token),
    queues: connectionQueueList,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function findConnectionRow(db: Db, companyId: number, id: number): Promise<ConnectionRow | undefined> {
  const [row] = await db.select().from(connections).where(and(eq(connections.companyId, companyId), eq(connections.id, id)));
  return row;
}

export async function findConnection(db: Db, companyId: number, id: number): Promise<Connection | undefined> {
  const row = await findConnectionRow(db, companyId, id);
  if (!row) return undefined;
  return toConnectionDto(row, (await queuesOf(db, companyId, [row.id])).get(row.id) ?? []);
}

export async function listConnections(db: Db, companyId: number): Promise<Connection[]> {
  const rows = await db.select().from(connections).where(eq(connections.companyId, companyId)).orderBy(asc(connections.name));
  const byConnection = await queuesOf(db, companyId, rows.map((r) => r.id));
  return rows.map((row) => toConnectionDto(row, byConnection.get(row.id) ?? []));
}

/** Every connection of the installation that should be running (all but DISCONNECTED), for start-up. */
export async function listConnectionsToStart(db: Db): Promise<Pick<ConnectionRow, "id" | "companyId" | "name" | "provider">[]> {
  return db
    .select({ id: connections.id, companyId: connections.companyId, name: connections.name, provider: connections.provider })
    .from(connections)
    .where(sql`${connections.status} <> 'DISCONNECTED'`)
    .orderBy(asc(connections.id));
}

export interface SessionStatePatch {
  status: ConnectionStatus;
  qrcode?: string | null;
  number?: string | null;
  retries?: number;
}

/** Saves a session state change reported by a driver. */
export async function saveSessionState(db: Db, companyId: number, id: number, patch: SessionStatePatch): Promise<boolean> {
  const rows = await db
    .update(connections)
    .set({
      status: patch.status,
      ...(patch.qrcode !== undefined ? { qrcode: patch.qrcode } : patch.status === "qrcode" ? {} : { qrcode: null }),
      ...(patch.number !== undefined ? { number: patch.number } : {}),
      ...(patch.retries !== undefined ? { retries: patch.retries } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(connections.companyId, companyId), eq(connections.id, id)))
    .returning({ id: connections.id });
  return rows.length === 1;
}
