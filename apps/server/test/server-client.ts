/**
 * A small HTTP client for real server processes (test/server-process.ts): answers parsed with the
 * shared schemas, the simulator driven through its API, and what the database holds between processes.
 */
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { type Message, ZAuthResponse, ZListMessagesResponse, ZSimulatorConnectionList, ZSimulatorMessagesPage } from "@conversa/shared";
import type { Db } from "../src/db/client.ts";
import { messages, simulatorMessages } from "../src/db/schema/index.ts";
import { SEND_MESSAGE_JOB } from "../src/engine/jobs.ts";
import { idempotencyKeyOf } from "../src/engine/outbound.ts";
import { type Socket, io as connect } from "socket.io-client";
import { eventually } from "./engine-harness.ts";
import { SERVER_ADMIN } from "./server-process.ts";

/** A server process as these helpers reach it. */
export interface Server {
  base: string;
}

/** Opens a realtime socket on `base` with `token` and answers once the server signalled it ready; `opened` keeps it for the cleanup. */
export async function openSocket(base: string, token: string, opened: Socket[]): Promise<Socket> {
  const socket = connect(base, { auth: { token }, transports: ["websocket"], reconnection: false, forceNew: true });
  opened.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once("ready", () => resolve());
    socket.once("connect_error", reject);
  });
  return socket;
}

/** The number of the company's simulated phone. */
export const SIMULATED_PHONE = "5511955550000";

// A small HTTP client for the server process; answers are parsed with the shared schemas.

/** The request got no answer: the connection was refused or cut (the server was killed). */
export class Unanswered extends Error {}

export async function request(base: string, method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<{ status: number; body: unknown }> {
  try {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  } catch (error) {
    if (error instanceof SyntaxError) throw error;
    throw new Unanswered(`${method} ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export async function ok<S extends z.ZodType>(schema: S, answer: Promise<{ status: number; body: unknown }>): Promise<z.output<S>> {
  const { status, body } = await answer;
  if (status < 200 || status >= 300) throw new Error(`answered ${status}: ${JSON.stringify(body)}`);
  return schema.parse(body);
}

/** Runs `task` on each item, `concurrency` at a time; items not started once `stopped()` is true are left out. */
export async function runPool<T>(items: T[], concurrency: number, task: (item: T) => Promise<void>, stopped: () => boolean = () => false): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length && !stopped()) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
}

export async function logIn(server: Server): Promise<{ token: string; companyId: number }> {
  const auth = await ok(ZAuthResponse, request(server.base, "POST", "/auth/login", { body: SERVER_ADMIN }));
  return { token: auth.token, companyId: auth.user.companyId };
}

/** The seeded simulator connection, through the simulator's API with the admin's session. */
export async function simulatorConnection(server: Server, token: string) {
  const [connection] = await ok(ZSimulatorConnectionList, request(server.base, "GET", "/simulator/connections", { token }));
  if (!connection) throw new Error("the seed made no simulator connection");
  return connection;
}

/** Pairs the seeded simulator connection by scanning its QR code (again when a scan loses the race with a refresh). */
export async function pairSimulator(server: Server, token: string, phone = SIMULATED_PHONE): Promise<number> {
  const paired = await eventually(
    async () => {
      const connection = await simulatorConnection(server, token);
      if (connection.status === "qrcode" && connection.qrcode) {
        await request(server.base, "POST", `/simulator/connections/${connection.id}/scan`, { token, body: { qrcode: connection.qrcode, number: phone } });
      }
      return connection;
    },
    (connection) => connection.status === "CONNECTED",
    30_000,
  );
  return paired.id;
}

export async function waitConnected(server: Server, token: string): Promise<void> {
  await eventually(() => simulatorConnection(server, token), (connection) => connection.status === "CONNECTED");
}

/** Every message of a ticket's conversation, through the API. */
export async function conversation(server: Server, token: string, ticketId: number): Promise<Message[]> {
  const all: Message[] = [];
  for (let page = 1; ; page++) {
    const answer = await ok(ZListMessagesResponse, request(server.base, "GET", `/messages/${ticketId}?pageNumber=${page}`, { token }));
    all.push(...answer.messages);
    if (!answer.hasMore) return all;
  }
}

/** Outbound messages of these tickets still waiting for their send, as the attendant's screen shows them. */
export async function pendingOf(server: Server, token: string, ticketIds: number[]): Promise<number> {
  let pending = 0;
  for (const id of ticketIds) pending += (await conversation(server, token, id)).filter((m) => m.fromMe && m.sendStatus === "pending").length;
  return pending;
}

/** Messages of both directions in a customer's chat on the simulated network. */
export async function networkCount(server: Server, token: string, connectionId: number, customer: string): Promise<number> {
  const page = await ok(ZSimulatorMessagesPage, request(server.base, "GET", `/simulator/connections/${connectionId}/chats/${customer}/messages?pageSize=1`, { token }));
  return page.count;
}


// What the database holds.

const ZJobCounts = z.object({ rows: z.array(z.object({ state: z.string(), count: z.coerce.number() })) });

/** The company's outbound messages, the simulated network's copies and the send jobs not finished. */
export async function outboundState(db: Db, companyId: number, connectionId: number) {
  const stored = await db
    .select({ id: messages.id, body: messages.body, sendStatus: messages.sendStatus, wid: messages.wid })
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.fromMe, true)));
  const network = await db
    .select({ wid: simulatorMessages.wid })
    .from(simulatorMessages)
    .where(and(eq(simulatorMessages.connectionId, connectionId), eq(simulatorMessages.direction, "out")));
  const jobs = ZJobCounts.parse(await db.execute(sql`select state::text as state, count(*) as count from pgboss.job where name = ${SEND_MESSAGE_JOB.name} group by state`));
  const jobCount = (...states: string[]) => jobs.rows.filter((row) => states.includes(row.state)).reduce((sum, row) => sum + row.count, 0);
  const copies = new Map<string, number>();
  for (const row of network) copies.set(row.wid, (copies.get(row.wid) ?? 0) + 1);
  const keyOf = (id: number) => idempotencyKeyOf(companyId, id);
  const keys = new Set(stored.map((m) => keyOf(m.id)));
  return {
    stored,
    pending: stored.filter((m) => m.sendStatus === "pending").length,
    /** Pending messages the network already has: the send went out, its answer never came back. */
    sentUnconfirmed: stored.filter((m) => m.sendStatus === "pending" && copies.has(keyOf(m.id))).length,
    notSent: stored.filter((m) => m.sendStatus !== "sent").map((m) => `${m.id} ${m.sendStatus}`),
    /** Messages not on the network exactly once under their idempotency key, or not recorded with it. */
    notOnce: stored.filter((m) => copies.get(keyOf(m.id)) !== 1 || m.wid !== keyOf(m.id)),
    onNetwork: network.length,
    orphansOnNetwork: network.filter((row) => !keys.has(row.wid)).map((row) => row.wid),
    jobsRunning: jobCount("active"),
    jobsWaiting: jobCount("created", "retry"),
  };
}

