import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import { type Connection, type ConnectionCloud, type ConnectionStatus, type ErrorCode, ZConnectionProvider, ZConnectionStatus, isErrorCode } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { companies, connectionQueues, connections, plans, queues } from "../../db/schema/index.ts";

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

/** What answers need to say where an official-line connection's webhook is: the installation's public URL, if configured. */
export interface ConnectionUrls {
  publicUrl: string | undefined;
}

/** The URL Meta calls for an official-line connection: the public URL + the path, or the path alone without a public URL. */
export function cloudWebhookUrl(urls: ConnectionUrls, webhookKey: string): string {
  return `${urls.publicUrl ?? ""}/webhooks/whatsapp-cloud/${encodeURIComponent(webhookKey)}`;
}

/** An official-line connection's settings as answers show them: never its access token nor its app secret. */
function cloudOf(row: ConnectionRow, urls: ConnectionUrls): ConnectionCloud | null {
  if (row.provider !== "cloud") return null;
  return {
    phoneNumberId: row.cloudPhoneNumberId ?? "",
    businessAccountId: row.cloudBusinessAccountId ?? "",
    webhookUrl: row.cloudWebhookKey ? cloudWebhookUrl(urls, row.cloudWebhookKey) : null,
    verifyToken: row.cloudVerifyToken,
    hasAccessToken: Boolean(row.cloudAccessToken),
    hasAppSecret: Boolean(row.cloudAppSecret),
  };
}

/** Maps rows to the wire shape; never carries the token or the channel credentials. */
export function toConnectionDto(row: ConnectionRow, connectionQueueList: { id: number; name: string; color: string }[], urls: ConnectionUrls): Connection {
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
    cloud: cloudOf(row, urls),
    statusReason: isErrorCode(row.statusReason) ? row.statusReason : null,
    queues: connectionQueueList,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function findConnectionRow(db: Db, companyId: number, id: number): Promise<ConnectionRow | undefined> {
  const [row] = await db.select().from(connections).where(and(eq(connections.companyId, companyId), eq(connections.id, id)));
  return row;
}

export async function findConnection(db: Db, companyId: number, id: number, urls: ConnectionUrls): Promise<Connection | undefined> {
  const row = await findConnectionRow(db, companyId, id);
  if (!row) return undefined;
  return toConnectionDto(row, (await queuesOf(db, companyId, [row.id])).get(row.id) ?? [], urls);
}

/** A connection and its external-API token (for the detail view of those who may see it). */
export async function findConnectionWithToken(db: Db, companyId: number, id: number, urls: ConnectionUrls): Promise<{ connection: Connection; token: string | null } | undefined> {
  const row = await findConnectionRow(db, companyId, id);
  if (!row) return undefined;
  return { connection: toConnectionDto(row, (await queuesOf(db, companyId, [row.id])).get(row.id) ?? [], urls), token: row.token };
}

export async function listConnections(db: Db, companyId: number, urls: ConnectionUrls): Promise<Connection[]> {
  const rows = await db.select().from(connections).where(eq(connections.companyId, companyId)).orderBy(asc(connections.name));
  const byConnection = await queuesOf(db, companyId, rows.map((r) => r.id));
  return rows.map((row) => toConnectionDto(row, byConnection.get(row.id) ?? [], urls));
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
  /** Why it is DISCONNECTED (an error code); cleared by any state change that gives none. */
  reason?: ErrorCode | null;
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
      statusReason: patch.status === "DISCONNECTED" ? (patch.reason ?? null) : null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(connections.companyId, companyId), eq(connections.id, id)))
    .returning({ id: connections.id });
  return rows.length === 1;
}

/** Namespace of the per-company advisory lock that serialises changes to a company's connections. */
const CONNECTIONS_LOCK_NAMESPACE = 7_270_003;

/**
 * Serialises, until the end of the transaction `tx`, every change to the company's set of
 * connections (the plan limit, the one default and unique names are checked under it).
 */
export async function lockCompanyConnections(tx: Db, companyId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CONNECTIONS_LOCK_NAMESPACE}, ${companyId})`);
}

/** The plan's connection limit of the company; null when the company has no plan. */
export async function findConnectionLimit(db: Db, companyId: number): Promise<number | null> {
  const [row] = await db
    .select({ limit: plans.connections })
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, companyId));
  return row?.limit ?? null;
}

export async function countConnections(db: Db, companyId: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(connections).where(eq(connections.companyId, companyId));
  return row?.total ?? 0;
}

/** Whether another connection of the company has this name (compared without case). */
export async function isConnectionNameTaken(db: Db, companyId: number, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: connections.id })
    .from(connections)
    .where(
      and(
        eq(connections.companyId, companyId),
        sql`lower(${connections.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(connections.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Un-defaults every default connection of the company but `exceptId`; returns the ids changed. */
export async function clearDefaultConnections(db: Db, companyId: number, exceptId?: number): Promise<number[]> {
  const rows = await db
    .update(connections)
    .set({ isDefault: false, updatedAt: sql`now()` })
    .where(
      and(eq(connections.companyId, companyId), eq(connections.isDefault, true), exceptId === undefined ? undefined : ne(connections.id, exceptId)),
    )
    .returning({ id: connections.id });
  return rows.map((row) => row.id);
}

export async function setDefaultConnection(db: Db, companyId: number, id: number): Promise<void> {
  await db
    .update(connections)
    .set({ isDefault: true, updatedAt: sql`now()` })
    .where(and(eq(connections.companyId, companyId), eq(connections.id, id)));
}

/** The oldest connection of the company other than `exceptId`, if any. */
export async function findOtherConnectionId(db: Db, companyId: number, exceptId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: connections.id })
    .from(connections)
    .where(and(eq(connections.companyId, companyId), ne(connections.id, exceptId)))
    .orderBy(asc(connections.id))
    .limit(1);
  return row?.id;
}

/** An official-line connection's Graph API settings as stored: the token and the secret sealed. */
export interface CloudValues {
  cloudPhoneNumberId: string | null;
  cloudBusinessAccountId: string | null;
  cloudAccessToken: string | null;
  cloudAppSecret: string | null;
  cloudWebhookKey: string | null;
  cloudVerifyToken: string | null;
}

/** The editable fields of a connection, as stored. */
export interface ConnectionValues extends CloudValues {
  name: string;
  provider: string;
  isDefault: boolean;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  expiresInactiveMessage: string;
  expiresTicket: number;
  timeUseBotQueues: number;
  maxUseBotQueues: number;
  timeToTransfer: number | null;
  transferQueueId: number | null;
  promptId: number | null;
  token: string | null;
}

/**
 * Whether another connection, of any company, has this external-API token (compared as the unique index
 * does, by digest). Deliberately not scoped to a company: a token must name one connection of the installation.
 */
export async function isConnectionTokenTaken(db: Db, token: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: connections.id })
    .from(connections)
    .where(and(sql`md5(${connections.token}) = md5(${token}) and ${connections.token} <> ''`, exceptId === undefined ? undefined : ne(connections.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

/** Inserts a connection (status OPENING: it is started right after); returns its id. */
export async function insertConnection(db: Db, companyId: number, values: ConnectionValues): Promise<number> {
  const [row] = await db
    .insert(connections)
    .values({ companyId, ...values, status: "OPENING" })
    .returning({ id: connections.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

export async function updateConnectionRow(db: Db, companyId: number, id: number, values: Partial<ConnectionValues>): Promise<void> {
  await db
    .update(connections)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(connections.companyId, companyId), eq(connections.id, id)));
}

export async function deleteConnectionRow(db: Db, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(connections)
    .where(and(eq(connections.companyId, companyId), eq(connections.id, id)))
    .returning({ id: connections.id });
  return rows.length === 1;
}

export async function findConnectionQueueIds(db: Db, companyId: number, id: number): Promise<number[]> {
  const rows = await db
    .select({ queueId: connectionQueues.queueId })
    .from(connectionQueues)
    .where(and(eq(connectionQueues.companyId, companyId), eq(connectionQueues.connectionId, id)));
  return rows.map((row) => row.queueId);
}

/** Makes `queueIds` the connection's queues (the caller checked they are the company's). */
export async function replaceConnectionQueues(db: Db, companyId: number, id: number, queueIds: readonly number[]): Promise<void> {
  await db.delete(connectionQueues).where(and(eq(connectionQueues.companyId, companyId), eq(connectionQueues.connectionId, id)));
  if (queueIds.length === 0) return;
  await db.insert(connectionQueues).values(queueIds.map((queueId) => ({ companyId, connectionId: id, queueId })));
}
