import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  type Message,
  type SimulatorInboundInput,
  ZAuthResponse,
  ZListMessagesResponse,
  ZListTicketsResponse,
  ZMessage,
  ZSimulatorConnection,
  ZSimulatorConnectionList,
  ZSimulatorMessage,
  ZSimulatorMessagesPage,
  ZTicket,
} from "@conversa/shared";
import { eventually } from "../../test/engine-harness.ts";
import { SERVER_ADMIN, type ServerData, ServerProcess, createServerData, postgresUnavailable } from "../../test/server-process.ts";
import type { Db } from "../db/client.ts";
import { contacts, messages, simulatorMessages, tickets } from "../db/schema/index.ts";
import { SEND_MESSAGE_JOB } from "../engine/jobs.ts";
import { idempotencyKeyOf } from "../engine/outbound.ts";

/*
 * The real server, in a process of its own, is killed with SIGKILL (no shutdown code runs) while
 * outbound messages are posted and sent, and while customers' messages arrive, then started again on
 * the same data. Every message must be stored once and sent once.
 */

const unavailable = process.env.TEST_DB === "postgres" ? await postgresUnavailable() : undefined;
if (unavailable) console.warn(`faults: skipped on PostgreSQL: ${unavailable}`);

const OUTBOUND_TOTAL = 200;
/** The first kill comes once this many posts were answered, with the next ones in flight. */
const OUTBOUND_KILL_AFTER = 60;
const INBOUND_TOTAL = 200;
const INBOUND_KILL_AFTER = 80;
/** Messages that got a 2xx and are delivered again after the restart, as a network redelivers. */
const INBOUND_REDELIVERED = 20;
const CUSTOMERS = ["5511966660001", "5511966660002", "5511966660003", "5511966660004", "5511966660005"];
const CONCURRENCY = 10;
const PHONE = "5511955550000";
/** How late the network answers sends before the second kill: far longer than the kill takes. */
const ANSWER_DELAY_MS = 20_000;
/** Generous: a restart, then sends retried with backoff, on a busy two-core machine. */
const DRAIN_MS = 100_000;

const figures: string[] = [];
afterAll(() => {
  if (figures.length) console.log(`faults: ${figures.join("; ")}`);
});

// A small HTTP client for the server process; answers are parsed with the shared schemas.

/** The request got no answer: the connection was refused or cut (the server was killed). */
class Unanswered extends Error {}

async function request(base: string, method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<{ status: number; body: unknown }> {
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

async function ok<S extends z.ZodType>(schema: S, answer: Promise<{ status: number; body: unknown }>): Promise<z.output<S>> {
  const { status, body } = await answer;
  if (status < 200 || status >= 300) throw new Error(`answered ${status}: ${JSON.stringify(body)}`);
  return schema.parse(body);
}

/** Runs `task` on each item, `concurrency` at a time; items not started once `stopped()` is true are left out. */
async function runPool<T>(items: T[], concurrency: number, task: (item: T) => Promise<void>, stopped: () => boolean = () => false): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length && !stopped()) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
}

async function logIn(server: ServerProcess): Promise<{ token: string; companyId: number }> {
  const auth = await ok(ZAuthResponse, request(server.base, "POST", "/auth/login", { body: SERVER_ADMIN }));
  return { token: auth.token, companyId: auth.user.companyId };
}

/** The seeded simulator connection, through the simulator's API with the admin's session. */
async function simulatorConnection(server: ServerProcess, token: string) {
  const [connection] = await ok(ZSimulatorConnectionList, request(server.base, "GET", "/simulator/connections", { token }));
  if (!connection) throw new Error("the seed made no simulator connection");
  return connection;
}

/** Pairs the seeded simulator connection by scanning its QR code (again when a scan loses the race with a refresh). */
async function pairSimulator(server: ServerProcess, token: string): Promise<number> {
  const paired = await eventually(
    async () => {
      const connection = await simulatorConnection(server, token);
      if (connection.status === "qrcode" && connection.qrcode) {
        await request(server.base, "POST", `/simulator/connections/${connection.id}/scan`, { token, body: { qrcode: connection.qrcode, number: PHONE } });
      }
      return connection;
    },
    (connection) => connection.status === "CONNECTED",
    30_000,
  );
  return paired.id;
}

async function waitConnected(server: ServerProcess, token: string): Promise<void> {
  await eventually(() => simulatorConnection(server, token), (connection) => connection.status === "CONNECTED", 30_000);
}

/** Every message of a ticket's conversation, through the API. */
async function conversation(server: ServerProcess, token: string, ticketId: number): Promise<Message[]> {
  const all: Message[] = [];
  for (let page = 1; ; page++) {
    const answer = await ok(ZListMessagesResponse, request(server.base, "GET", `/messages/${ticketId}?pageNumber=${page}`, { token }));
    all.push(...answer.messages);
    if (!answer.hasMore) return all;
  }
}

/** Outbound messages of these tickets still waiting for their send, as the attendant's screen shows them. */
async function pendingOf(server: ServerProcess, token: string, ticketIds: number[]): Promise<number> {
  let pending = 0;
  for (const id of ticketIds) pending += (await conversation(server, token, id)).filter((m) => m.fromMe && m.sendStatus === "pending").length;
  return pending;
}

/** Messages of both directions in a customer's chat on the simulated network. */
async function networkCount(server: ServerProcess, token: string, connectionId: number, customer: string): Promise<number> {
  const page = await ok(ZSimulatorMessagesPage, request(server.base, "GET", `/simulator/connections/${connectionId}/chats/${customer}/messages?pageSize=1`, { token }));
  return page.count;
}

// What the database holds, read between two processes.

const ZJobCounts = z.object({ rows: z.array(z.object({ state: z.string(), count: z.coerce.number() })) });

/** The company's outbound messages, the simulated network's copies and the send jobs not finished. */
async function outboundState(db: Db, companyId: number, connectionId: number) {
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

/** The company's customer messages and open or pending tickets, and what the simulated network delivered. */
async function inboundState(db: Db, companyId: number, connectionId: number) {
  const stored = await db.select({ wid: messages.wid, body: messages.body }).from(messages).where(and(eq(messages.companyId, companyId), eq(messages.fromMe, false)));
  const delivered = await db
    .select({ wid: simulatorMessages.wid })
    .from(simulatorMessages)
    .where(and(eq(simulatorMessages.connectionId, connectionId), eq(simulatorMessages.direction, "in")));
  const storedWids = new Set(stored.map((m) => m.wid));
  const active = await db
    .select({ number: contacts.number })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .where(and(eq(tickets.companyId, companyId), inArray(tickets.status, ["open", "pending"])));
  const all = await db.select({ id: tickets.id }).from(tickets).where(eq(tickets.companyId, companyId));
  return { stored, deliveredOnly: delivered.filter((row) => !storedWids.has(row.wid)).length, activeTickets: active.map((t) => t.number), tickets: all.length };
}

describe.skipIf(unavailable)("a server killed with SIGKILL", () => {
  describe("while 200 outbound messages are posted and queued", () => {
    let data: ServerData;
    let server: ServerProcess | undefined;
    beforeAll(async () => {
      data = await createServerData();
    }, 60_000);
    afterAll(async () => {
      await server?.kill();
      await data?.dispose();
    }, 60_000);

    it("stores each once and sends each once after the restarts", async () => {
      server = await ServerProcess.start(data);
      const running = server;
      const { token, companyId } = await logIn(running);
      const connectionId = await pairSimulator(running, token);
      const customer = CUSTOMERS[0]!;
      await ok(ZSimulatorMessage, request(running.base, "POST", `/simulator/connections/${connectionId}/messages`, { token, body: { from: customer, name: "Cliente", body: "oi" } }));
      const list = await ok(ZListTicketsResponse, request(running.base, "GET", "/tickets?status=pending&showAll=true", { token }));
      const ticket = list.tickets.find((t) => t.contact.number === customer);
      if (!ticket) throw new Error("the customer's message opened no ticket");
      await ok(ZTicket, request(running.base, "PUT", `/tickets/${ticket.id}`, { token, body: { status: "open" } }));

      const bodies = Array.from({ length: OUTBOUND_TOTAL }, (_, i) => `outbound ${String(i).padStart(3, "0")}`);
      const answered = new Set<string>();
      const unanswered = new Set<string>();
      const post = async (body: string) => {
        try {
          await ok(z.array(ZMessage), request(running.base, "POST", `/messages/${ticket.id}`, { token, body: { body, signMessage: false } }));
          answered.add(body);
        } catch (error) {
          if (!(error instanceof Unanswered)) throw error;
          unanswered.add(body);
        }
      };

      // First kill: posts in flight, sends going out.
      let killing: Promise<void> | undefined;
      await runPool(
        bodies,
        CONCURRENCY,
        async (body) => {
          await post(body);
          if (answered.size >= OUTBOUND_KILL_AFTER) killing ??= running.kill();
        },
        () => killing !== undefined,
      );
      await killing;
      const firstKill = { answered: answered.size, inFlight: unanswered.size, ...(await data.inspect((db) => outboundState(db, companyId, connectionId))) };
      expect(firstKill.answered).toBeGreaterThanOrEqual(OUTBOUND_KILL_AFTER);

      // Second process: the rest is posted while the network refuses sends, so that all of it is queued.
      // Then the network takes sends again but answers them slowly, and the process is killed as soon as
      // it has taken one: that message went out, and the server never heard so.
      await running.restart();
      await waitConnected(running, token);
      const sends = `/simulator/connections/${connectionId}/sends`;
      await ok(ZSimulatorConnection, request(running.base, "PUT", sends, { token, body: { refuse: true } }));
      const rest = bodies.filter((body) => !answered.has(body) && !unanswered.has(body));
      await runPool(rest, CONCURRENCY, post);
      expect(unanswered.size, "posts to a running server are answered").toBe(firstKill.inFlight);
      const refusedAt = await networkCount(running, token, connectionId, customer);
      await ok(ZSimulatorConnection, request(running.base, "PUT", sends, { token, body: { refuse: false, answerDelayMs: ANSWER_DELAY_MS } }));
      await eventually(() => networkCount(running, token, connectionId, customer), (count) => count > refusedAt, DRAIN_MS);
      await running.kill();
      const secondKill = await data.inspect((db) => outboundState(db, companyId, connectionId));
      expect(secondKill.pending, "the second kill finds the posted messages queued").toBeGreaterThanOrEqual(rest.length);
      expect(secondKill.sentUnconfirmed, "the second kill finds a message out on the network but pending").toBeGreaterThanOrEqual(1);
      expect(secondKill.jobsRunning, "the second kill finds its send running").toBeGreaterThanOrEqual(1);

      // Third process: the network takes sends again, and everything queued must go out.
      await running.restart();
      await eventually(() => pendingOf(running, token, [ticket.id]), (pending) => pending === 0, DRAIN_MS);
      await running.stop();

      const end = await data.inspect((db) => outboundState(db, companyId, connectionId));
      const storedBodies = end.stored.map((m) => m.body);
      const countOf = (body: string) => storedBodies.filter((b) => b === body).length;
      const lost = [...answered].filter((body) => countOf(body) === 0);
      const duplicated = bodies.filter((body) => countOf(body) > 1);
      expect(lost, "posts answered 2xx but not stored").toEqual([]);
      expect(duplicated, "posts stored twice").toEqual([]);
      expect(end.notSent, "stored messages not sent").toEqual([]);
      expect(end.notOnce.map((m) => m.id), "messages not on the network exactly once under their idempotency key").toEqual([]);
      expect(end.orphansOnNetwork, "network messages without a stored message").toEqual([]);
      expect(end.jobsRunning + end.jobsWaiting, "send jobs left unfinished").toBe(0);
      const posted = bodies.filter((body) => countOf(body) === 1).length;
      figures.push(
        `outbound ${OUTBOUND_TOTAL} posts: first kill after ${firstKill.answered} answers with ${firstKill.inFlight} in flight ` +
          `(${firstKill.stored.length} stored, ${firstKill.onNetwork} on the network, ${firstKill.jobsRunning} sends running, ${firstKill.jobsWaiting} queued), ` +
          `second kill with ${secondKill.pending} pending (${secondKill.sentUnconfirmed} of them already on the network, ${secondKill.jobsRunning} sends running, ${secondKill.jobsWaiting} queued); ` +
          `${posted} posts stored and sent once (+${end.stored.length - posted} bot), ${lost.length} lost, ${duplicated.length} duplicated, ${end.notOnce.length} not sent exactly once`,
      );
    }, 175_000);
  });

  describe("while 200 customers' messages arrive", () => {
    let data: ServerData;
    let server: ServerProcess | undefined;
    beforeAll(async () => {
      data = await createServerData();
    }, 60_000);
    afterAll(async () => {
      await server?.kill();
      await data?.dispose();
    }, 60_000);

    it("stores each once, in one ticket per customer, after redeliveries", async () => {
      server = await ServerProcess.start(data);
      const running = server;
      const { token, companyId } = await logIn(running);
      const connectionId = await pairSimulator(running, token);
      const inbound: (SimulatorInboundInput & { wid: string })[] = Array.from({ length: INBOUND_TOTAL }, (_, i) => ({
        from: CUSTOMERS[i % CUSTOMERS.length]!,
        name: `Cliente ${i % CUSTOMERS.length}`,
        body: `inbound ${String(i).padStart(3, "0")}`,
        wid: `FAULTIN${String(i).padStart(4, "0")}`,
      }));
      const answered = new Set<string>();
      const deliver = async (message: SimulatorInboundInput & { wid: string }) => {
        try {
          await ok(ZSimulatorMessage, request(running.base, "POST", `/simulator/connections/${connectionId}/messages`, { token, body: message }));
          answered.add(message.wid);
        } catch (error) {
          if (!(error instanceof Unanswered)) throw error;
        }
      };

      let killing: Promise<void> | undefined;
      await runPool(
        inbound,
        CONCURRENCY,
        async (message) => {
          await deliver(message);
          if (answered.size >= INBOUND_KILL_AFTER) killing ??= running.kill();
        },
        () => killing !== undefined,
      );
      await killing;
      const answeredBeforeKill = answered.size;
      const atKill = await data.inspect((db) => inboundState(db, companyId, connectionId));

      await running.restart();
      await waitConnected(running, token);
      // The network delivers again what it got no acknowledgement for, and some of what it did.
      const again = inbound.filter((m) => !answered.has(m.wid));
      const redelivered = inbound.filter((m) => answered.has(m.wid)).slice(0, INBOUND_REDELIVERED);
      await runPool([...again, ...redelivered], CONCURRENCY, deliver);
      expect(answered.size, "deliveries to a running server are answered").toBe(INBOUND_TOTAL);

      // What the bot queued meanwhile must go out too.
      const pending = await ok(ZListTicketsResponse, request(running.base, "GET", "/tickets?status=pending&showAll=true", { token }));
      await eventually(() => pendingOf(running, token, pending.tickets.map((t) => t.id)), (count) => count === 0, DRAIN_MS);
      await running.stop();

      const end = await data.inspect(async (db) => ({ ...(await inboundState(db, companyId, connectionId)), outbound: await outboundState(db, companyId, connectionId) }));
      const copies = new Map<string, number>();
      for (const row of end.stored) copies.set(row.wid ?? "", (copies.get(row.wid ?? "") ?? 0) + 1);
      const lost = inbound.filter((m) => !copies.has(m.wid)).map((m) => m.wid);
      const duplicated = [...copies].filter(([, n]) => n > 1).map(([wid]) => wid);
      expect(lost, "customer messages not stored").toEqual([]);
      expect(duplicated, "customer messages stored twice").toEqual([]);
      expect(end.stored).toHaveLength(INBOUND_TOTAL);
      expect(end.stored.filter((row) => row.body !== inbound.find((m) => m.wid === row.wid)?.body)).toEqual([]);
      expect(end.activeTickets.sort(), "one open or pending ticket per customer").toEqual([...CUSTOMERS].sort());
      expect(end.tickets).toBe(CUSTOMERS.length);
      expect(end.outbound.notSent, "bot messages not sent").toEqual([]);
      expect(end.outbound.notOnce.map((m) => m.id), "bot messages not on the network exactly once").toEqual([]);
      expect(end.outbound.orphansOnNetwork).toEqual([]);
      figures.push(
        `inbound ${INBOUND_TOTAL} deliveries: kill after ${answeredBeforeKill} answers (${atKill.stored.length} stored, ${atKill.deliveredOnly} taken by the network but not stored), ` +
          `${again.length} delivered again and ${redelivered.length} answered ones redelivered after the restart; ` +
          `${end.stored.length} stored once, ${lost.length} lost, ${duplicated.length} duplicated, ${end.activeTickets.length} tickets for ${CUSTOMERS.length} customers, ` +
          `${end.outbound.stored.length} bot replies sent once; on ${data.kind}`,
      );
    }, 175_000);
  });
});
