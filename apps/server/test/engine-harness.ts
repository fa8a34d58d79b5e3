import { randomUUID } from "node:crypto";
import type { ConnectionProvider, ConnectionStatus } from "@conversa/shared";
import { type ChannelDriver, ChannelNotConnectedError, type DriverConnection, type InboundMessage, type OutboundMessage } from "../src/channels/types.ts";
import type { Db } from "../src/db/client.ts";
import { connectionQueues, connections, queueOptions, queues, settings } from "../src/db/schema/index.ts";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { TestApp } from "./build-test-app.ts";

/** A driver that records sends and can be connected, disconnected or made to fail, for engine tests. */
export class FakeDriver implements ChannelDriver {
  constructor(readonly provider: ConnectionProvider = "beta") {}
  readonly sent: (OutboundMessage & { connectionId: number })[] = [];
  readonly deleted: string[] = [];
  readonly read: string[][] = [];
  connected = true;
  failNext = 0;
  /** Sends refused because the driver was disconnected. */
  refusedDisconnected = 0;
  private held: Promise<void> | null = null;

  /** Holds every send until the returned function is called: a test pins the moment before a message leaves. */
  hold(): () => void {
    let release = () => {};
    this.held = new Promise<void>((resolve) => {
      release = () => {
        this.held = null;
        resolve();
      };
    });
    return release;
  }

  async start(_connection: DriverConnection): Promise<void> {}
  async stop(): Promise<void> {}
  async logout(): Promise<void> {}
  async send(connectionId: number, message: OutboundMessage): Promise<{ wid: string }> {
    if (this.held) await this.held;
    if (!this.connected) {
      this.refusedDisconnected += 1;
      throw new ChannelNotConnectedError(connectionId);
    }
    if (this.failNext > 0) {
      this.failNext -= 1;
      throw new Error("network refused the send");
    }
    // The network deduplicates by id: a retried send with the same key is one message.
    if (!this.sent.some((s) => s.idempotencyKey === message.idempotencyKey)) this.sent.push({ ...message, connectionId });
    return { wid: message.idempotencyKey };
  }
  async deleteMessage(_connectionId: number, target: { wid: string }): Promise<void> {
    this.deleted.push(target.wid);
  }
  async checkNumber(_connectionId: number, number: string): Promise<{ exists: boolean; number?: string }> {
    return { exists: true, number };
  }
  async markRead(_connectionId: number, _chat: unknown, wids: string[]): Promise<void> {
    this.read.push(wids);
  }
  bodies(): string[] {
    return this.sent.map((s) => s.body);
  }
}

export async function createConnectionRow(
  db: Db,
  companyId: number,
  values: Partial<typeof connections.$inferInsert> = {},
  status: ConnectionStatus = "CONNECTED",
): Promise<typeof connections.$inferSelect> {
  const [row] = await db
    .insert(connections)
    .values({ companyId, name: `Conn ${randomUUID().slice(0, 6)}`, provider: "beta", status, isDefault: true, ...values })
    .returning();
  if (!row) throw new Error("connection not created");
  return row;
}

export async function createQueue(db: Db, companyId: number, values: Partial<typeof queues.$inferInsert> & { name: string }) {
  const [row] = await db
    .insert(queues)
    .values({ companyId, color: `#${randomUUID().slice(0, 6)}`, ...values })
    .returning();
  if (!row) throw new Error("queue not created");
  return row;
}

export async function linkQueues(db: Db, companyId: number, connectionId: number, queueIds: number[]) {
  await db.insert(connectionQueues).values(queueIds.map((queueId) => ({ companyId, connectionId, queueId })));
}

export async function addOption(db: Db, companyId: number, queueId: number, values: { title: string; message: string; option: number; parentId?: number | null }) {
  const [row] = await db
    .insert(queueOptions)
    .values({ companyId, queueId, parentId: values.parentId ?? null, title: values.title, message: values.message, option: values.option })
    .returning();
  if (!row) throw new Error("option not created");
  return row;
}

export async function setSetting(db: Db, companyId: number, key: string, value: string) {
  await db.update(settings).set({ value }).where(and(eq(settings.companyId, companyId), eq(settings.key, key)));
}

let widCounter = 0;

/** A customer's text message as a driver would report it. */
export function inbound(connection: { id: number; companyId: number }, from: string, body: string, extra: Partial<InboundMessage> = {}): InboundMessage {
  widCounter += 1;
  return {
    connectionId: connection.id,
    companyId: connection.companyId,
    wid: `IN-${Date.now()}-${widCounter}`,
    fromMe: false,
    chat: { number: from, isGroup: false },
    sender: { number: from, name: `Cliente ${from.slice(-4)}` },
    timestamp: new Date(),
    kind: "chat",
    body,
    ...extra,
  };
}

/** Registers a fake driver for `beta` connections (or `provider`'s) and starts the given connection on it. */
export async function attachFakeDriver(t: TestApp, connection: { id: number; companyId: number }, provider: ConnectionProvider = "beta"): Promise<FakeDriver> {
  const driver = new FakeDriver(provider);
  t.platform.channels.registerDriver(driver);
  await t.platform.channels.start(connection.companyId, connection.id);
  return driver;
}

/**
 * Waits until a condition holds (jobs run asynchronously), polling every 100 ms. The limit only says how long a
 * failing test takes to fail, never how fast a passing one must be: a minute, so that a loaded machine cannot fail it.
 */
export async function eventually<T>(read: () => Promise<T> | T, accept: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met in ${timeoutMs} ms; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const ZCountRows = z.object({ rows: z.array(z.object({ count: z.coerce.number() })) });

/**
 * Waits until the job queue is still: no job running, and none waiting to run within `horizonMs` (a timer set
 * for later does not count). From then on nothing queued so far can act before the horizon, so a test that
 * checks that something did not happen checks it then, instead of after a pause that assumes a speed.
 */
export async function queueStill(db: Db, horizonMs = 60_000, timeoutMs = 30_000): Promise<void> {
  await eventually(
    async () => {
      const result = await db.execute(
        sql`select count(*)::int as count from pgboss.job where state in ('created', 'retry', 'active') and start_after <= now() + ${horizonMs} * interval '1 millisecond'`,
      );
      return ZCountRows.parse(result).rows[0]?.count ?? 0;
    },
    (unfinished) => unfinished === 0,
    timeoutMs,
  );
}
