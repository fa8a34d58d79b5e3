import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { type SimulatorInboundInput, ZListTicketsResponse, ZMessage, ZSimulatorConnection, ZSimulatorMessage, ZTicket } from "@conversa/shared";
import { eventually } from "../../test/engine-harness.ts";
import { type ServerData, ServerProcess, createServerData, postgresUnavailable } from "../../test/server-process.ts";
import { Unanswered, logIn, networkCount, ok, outboundState, pairSimulator, pendingOf, request, runPool, waitConnected } from "../../test/server-client.ts";
import type { Db } from "../db/client.ts";
import { contacts, messages, simulatorMessages, tickets } from "../db/schema/index.ts";

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
/** How late the network answers sends before the second kill: far longer than the kill takes. */
const ANSWER_DELAY_MS = 20_000;
/** Generous: a restart, then sends retried with backoff, on a loaded two-core machine (a limit only says how long a failure takes). */
const DRAIN_MS = 240_000;

const figures: string[] = [];
afterAll(() => {
  if (figures.length) console.log(`faults: ${figures.join("; ")}`);
});

// What the database holds, read between two processes.

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
    }, 480_000);
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
    }, 480_000);
  });
});
