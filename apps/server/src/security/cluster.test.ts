import { randomUUID } from "node:crypto";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  CLIENT_EVENTS,
  type SimulatorInboundInput,
  ZAuthResponse,
  ZListTicketsResponse,
  ZMessage,
  ZSimulatorBatchResponse,
  ZSimulatorConnection,
  ZSimulatorConnectionList,
  ZSimulatorMessage,
  ZTicket,
  ZUser,
  companyEvent,
} from "@conversa/shared";
import { eventually } from "../../test/engine-harness.ts";
import { type ServerData, ServerProcess, createServerData, postgresUnavailable } from "../../test/server-process.ts";
import { TEST_REDIS_URL as REDIS_URL, redisUnavailable } from "../../test/redis.ts";
import { conversation, openSocket, logIn, networkCount, ok, outboundState, pairSimulator, pendingOf, request } from "../../test/server-client.ts";
import { simulatorMessages } from "../db/schema/index.ts";
import { asc, and, eq } from "drizzle-orm";

/*
 * Two real server processes on one PostgreSQL and one Redis, as an operator runs them behind a load
 * balancer: what a request to one causes reaches the sockets of the other, a customer's messages spread
 * over both land in one ticket in order, the login throttle counts across both, and when one is killed
 * with SIGKILL the other takes its WhatsApp (simulator) sessions and sends what it had queued, once.
 */

const unavailable = process.env.TEST_DB !== "postgres" ? "it needs PostgreSQL (the server-postgres project)" : ((await postgresUnavailable()) ?? (await redisUnavailable()));
if (unavailable) console.warn(`two server processes: skipped: ${unavailable}`);

const CUSTOMER = "5511977770001";
const INBOUND_TOTAL = 100;
const OUTBOUND_TOTAL = 10;
/** How late the killed process's network answers its sends: far longer than the kill takes. */
const ANSWER_DELAY_MS = 20_000;

const METRICS_TOKEN = "cluster-metrics-token-0123456789";

/** One series of a process's /metrics. */
async function metricOf(server: { base: string }, series: string): Promise<number> {
  const text = await (await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const line = text.split("\n").find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? Number.NaN : Number(line.slice(series.length + 1));
}

const figures: string[] = [];
afterAll(() => {
  if (figures.length) console.log(`two server processes: ${figures.join("; ")}`);
});

/** The next payload of `event` on `socket` that `matches`, within `timeoutMs`. */
function nextEvent(socket: Socket, event: string, matches: (payload: unknown) => boolean, timeoutMs = 15_000): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no ${event} in ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (payload: unknown) => {
      if (!matches(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

const ZPresence = z.object({ action: z.literal("presence"), userId: z.number(), online: z.boolean() });
const ZTicketEvent = z.object({ action: z.literal("update"), ticket: z.object({ id: z.number(), status: z.string() }) });
const ZMessageEvent = z.object({ action: z.literal("create"), message: z.object({ body: z.string() }) });

describe.skipIf(unavailable)("two server processes on one PostgreSQL and one Redis", () => {
  let data: ServerData;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  const sockets: Socket[] = [];

  const open = (server: { base: string }, token: string): Promise<Socket> => openSocket(server.base, token, sockets);

  beforeAll(async () => {
    data = await createServerData();
    // Keys and channels of their own: other installations may share this Redis.
    const env = { REDIS_URL, REDIS_PREFIX: `conversa-test-${randomUUID().slice(0, 8)}`, METRICS_TOKEN };
    // One after the other: the first migrates and seeds the database.
    a = await ServerProcess.start(data, 90_000, env);
    b = await ServerProcess.start(data, 90_000, env);
  }, 200_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await a?.kill();
    await b?.kill();
    await data?.dispose();
  }, 60_000);

  it("behaves as one product, and the survivor takes over the sessions of a process killed with SIGKILL", async () => {
    const A = a!;
    const B = b!;
    const { token, companyId } = await logIn(A);
    // The session runs in A (started first); the scan is sent to B, which hands it to A.
    // B answers for the session A runs as A sees it: running, and its failure switch as set through B.
    const [seeded] = await ok(ZSimulatorConnectionList, request(B.base, "GET", "/simulator/connections", { token }));
    expect(seeded?.isRunning, "the seeded session runs (in A), as B answers").toBe(true);
    const connectionId = await pairSimulator(B, token);
    await ok(ZSimulatorConnection, request(B.base, "PUT", `/simulator/connections/${connectionId}/sends`, { token, body: { refuse: true } }));
    const [refusing] = await ok(ZSimulatorConnectionList, request(A.base, "GET", "/simulator/connections", { token }));
    expect(refusing?.refuseSends, "the switch set through B is A's").toBe(true);
    const [refusingOnB] = await ok(ZSimulatorConnectionList, request(B.base, "GET", "/simulator/connections", { token }));
    expect(refusingOnB?.refuseSends, "and B answers it").toBe(true);
    await ok(ZSimulatorConnection, request(B.base, "PUT", `/simulator/connections/${connectionId}/sends`, { token, body: { refuse: false } }));

    // Realtime: a socket on A hears what requests to B cause.
    const watcher = await open(A, token);
    await new Promise((resolve) => watcher.emit(CLIENT_EVENTS.joinNotification, resolve));
    const messageHeard = nextEvent(watcher, companyEvent(companyId, "appMessage"), (payload) => ZMessageEvent.safeParse(payload).data?.message.body === "inbound 000");
    const first: SimulatorInboundInput = { from: CUSTOMER, name: "Cliente", body: "inbound 000" };
    await ok(ZSimulatorMessage, request(B.base, "POST", `/simulator/connections/${connectionId}/messages`, { token, body: first }));
    await messageHeard;
    const pending = await ok(ZListTicketsResponse, request(B.base, "GET", "/tickets?status=pending&showAll=true", { token }));
    const ticket = pending.tickets.find((entry) => entry.contact.number === CUSTOMER);
    if (!ticket) throw new Error("the customer's message opened no ticket");
    const moveHeard = nextEvent(watcher, companyEvent(companyId, "ticket"), (payload) => {
      const event = ZTicketEvent.safeParse(payload).data;
      return event?.ticket.id === ticket.id && event.ticket.status === "open";
    });
    await ok(ZTicket, request(B.base, "PUT", `/tickets/${ticket.id}`, { token, body: { status: "open" } }));
    await moveHeard;

    // Presence: a user with sockets on both processes is one user online, offline once both are closed.
    const agent = await ok(ZUser, request(B.base, "POST", "/users", { token, body: { name: "Carla Cluster", email: "carla@cluster.test", password: "Carla-cluster-1", profile: "user" } }));
    const agentAuth = await ok(ZAuthResponse, request(B.base, "POST", "/auth/login", { body: { email: "carla@cluster.test", password: "Carla-cluster-1" } }));
    const presenceOf = (online: boolean) => (payload: unknown) => {
      const event = ZPresence.safeParse(payload).data;
      return event?.userId === agent.id && event.online === online;
    };
    const userEvent = companyEvent(companyId, "user");
    const online = nextEvent(watcher, userEvent, presenceOf(true));
    const onB = await open(B, agentAuth.token);
    await online;
    const presenceEvents: boolean[] = [];
    watcher.on(userEvent, (payload: unknown) => {
      const event = ZPresence.safeParse(payload).data;
      if (event?.userId === agent.id) presenceEvents.push(event.online);
    });
    const onA = await open(A, agentAuth.token);
    onB.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(presenceEvents, "no presence change while a socket is left on the other process").toEqual([]);
    const offline = nextEvent(watcher, userEvent, presenceOf(false));
    onA.disconnect();
    await offline;

    // 100 messages of one customer, one after the other, to either process's simulator: single
    // messages and batches, alternately. One ticket, every message in order.
    const bodies = Array.from({ length: INBOUND_TOTAL - 1 }, (_, i) => `inbound ${String(i + 1).padStart(3, "0")}`);
    const servers = [A, B];
    for (let start = 0, round = 0; start < bodies.length; start += 11, round += 1) {
      const chunk = bodies.slice(start, start + 11);
      if (round % 2 === 0) {
        for (const [i, body] of chunk.entries()) {
          await ok(ZSimulatorMessage, request(servers[i % 2]!.base, "POST", `/simulator/connections/${connectionId}/messages`, { token, body: { from: CUSTOMER, name: "Cliente", body } }));
        }
      } else {
        const messages = chunk.map((body) => ({ from: CUSTOMER, name: "Cliente", body }));
        await ok(ZSimulatorBatchResponse, request(servers[round % 4 === 1 ? 1 : 0]!.base, "POST", `/simulator/connections/${connectionId}/messages/batch`, { token, body: { messages } }));
      }
    }
    const tickets = await ok(ZListTicketsResponse, request(A.base, "GET", "/tickets?status=open&showAll=true", { token }));
    expect(tickets.tickets.filter((entry) => entry.contact.number === CUSTOMER).map((entry) => entry.id)).toEqual([ticket.id]);
    const stored = (await conversation(A, token, ticket.id)).filter((message) => !message.fromMe).sort((x, y) => x.id - y.id);
    expect(stored.map((message) => message.body)).toEqual([first.body, ...bodies]);

    // The login throttle counts the failures of both processes: alternating cannot double its allowance.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      const answer = await request(servers[attempt % 2]!.base, "POST", "/auth/login", { body: { email: "ninguem@cluster.test", password: "wrong-password" } });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 6), "the free failures, three on each process").toEqual([401, 401, 401, 401, 401, 401]);
    expect(statuses.slice(6), "the failures of both processes add up").toContain(429);

    // A's network answers its sends late; messages are posted to both processes; A is killed while
    // its first send waits for its answer and the rest are queued behind it.
    await ok(ZSimulatorConnection, request(B.base, "PUT", `/simulator/connections/${connectionId}/sends`, { token, body: { refuse: false, answerDelayMs: ANSWER_DELAY_MS } }));
    const before = await networkCount(B, token, connectionId, CUSTOMER);
    // A user whose only socket is on A: offline, for a socket on B, once A's sockets expire.
    const watcherOnB = await open(B, token);
    const agentBack = nextEvent(watcherOnB, userEvent, presenceOf(true));
    await open(A, agentAuth.token);
    await agentBack;
    const outbound = Array.from({ length: OUTBOUND_TOTAL }, (_, i) => `outbound ${String(i).padStart(2, "0")}`);
    for (const [i, body] of outbound.entries()) {
      await ok(z.array(ZMessage), request(servers[i % 2]!.base, "POST", `/messages/${ticket.id}`, { token, body: { body, signMessage: false } }));
    }
    await eventually(() => networkCount(B, token, connectionId, CUSTOMER), (count) => count > before);
    const killedAt = Date.now();
    await A.kill();
    const agentGone = nextEvent(watcherOnB, userEvent, presenceOf(false), 70_000).then(() => Date.now() - killedAt);

    // B takes the session over within a bounded time, and sends what A held and queued, once each.
    await eventually(
      async () => (await ok(ZSimulatorConnectionList, request(B.base, "GET", "/simulator/connections", { token }))).find((entry) => entry.id === connectionId),
      (connection) => connection?.isRunning === true && connection.status === "CONNECTED",
      30_000,
    );
    const takeoverMs = Date.now() - killedAt;
    await eventually(() => pendingOf(B, token, [ticket.id]), (count) => count === 0, 90_000);
    const drainedMs = Date.now() - killedAt;
    const offlineMs = await agentGone;
    const memoryMb = Math.round((await metricOf(B, "conversa_process_resident_memory_bytes")) / 2 ** 20);
    const poolTotal = await metricOf(B, 'conversa_db_pool_connections{state="total"}');

    const end = await data.inspect(async (db) => ({
      outbound: await outboundState(db, companyId, connectionId),
      network: await db
        .select({ body: simulatorMessages.body })
        .from(simulatorMessages)
        .where(and(eq(simulatorMessages.connectionId, connectionId), eq(simulatorMessages.direction, "out"), eq(simulatorMessages.customerNumber, CUSTOMER)))
        .orderBy(asc(simulatorMessages.id)),
    }));
    expect(end.outbound.notSent, "stored messages not sent").toEqual([]);
    expect(end.outbound.notOnce.map((message) => message.id), "messages not on the network exactly once").toEqual([]);
    expect(end.outbound.orphansOnNetwork).toEqual([]);
    expect(end.network.map((row) => row.body).filter((body) => body.startsWith("outbound ")), "sent in the order posted").toEqual(outbound);
    expect(end.outbound.jobsRunning + end.outbound.jobsWaiting, "send jobs left unfinished").toBe(0);
    figures.push(
      `SIGKILL of the session's process: the other ran the session ${takeoverMs} ms later, had sent all ${OUTBOUND_TOTAL} queued messages ${drainedMs} ms after the kill, ` +
        `and reported offline the user whose only socket was on the killed process ${offlineMs} ms after it; the survivor then held ${memoryMb} MiB resident and ${poolTotal} pooled database connections`,
    );
  }, 200_000);
});
