import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { pino } from "pino";
import { type Socket, io as connect } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_EVENTS, companyEvent } from "@conversa/shared";
import type { DriverConnection, OutboundMessage } from "../channels/types.ts";
import { type Database, openDatabase } from "../db/client.ts";
import { messages, tickets } from "../db/schema/index.ts";
import { acceptTicket } from "../engine/lifecycle.ts";
import { type TestApp, buildTestApp, createPostgresTestDatabase } from "../../test/build-test-app.ts";
import { FakeDriver, createConnectionRow, eventually, inbound } from "../../test/engine-harness.ts";
import { bearer, createCompany, createUser, loginAs } from "../../test/factories.ts";
import { TcpProxy } from "../../test/tcp-proxy.ts";

/**
 * The database connection drops and comes back (a PostgreSQL restart) while the platform runs: job
 * workers, a channel session holding its advisory lock, a realtime client. The app reaches the server
 * through a TCP proxy that plays the restart, so the shared server is never touched; the second test
 * terminates the app's backends from the server side, as a restart does.
 */

const postgresUrl = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB === "postgres" && Boolean(postgresUrl);
if (!onPostgres) console.log("database outage: skipped here; it runs in the server-postgres project (TEST_DATABASE_URL set)");

/** What a client may see of an error: nothing of the driver, the SQL or the network. */
const INTERNAL_TEXT = /connection terminated|econnrefused|econnreset|timeout exceeded|failed query|select |pg_|postgres|not queryable/i;

/** A fake network whose sends can be held at a gate, to have a send in flight when the database drops. */
class GatedDriver extends FakeDriver {
  attempts = 0;
  starts = 0;
  stops = 0;
  private gate: Promise<void> | undefined;
  private openGate: (() => void) | undefined;
  private reached: (() => void) | undefined;
  /** Resolves when a send reached the closed gate. */
  reachedGate: Promise<void> = Promise.resolve();

  closeGate(): void {
    this.gate = new Promise((resolve) => (this.openGate = resolve));
    this.reachedGate = new Promise((resolve) => (this.reached = resolve));
  }

  releaseGate(): void {
    this.openGate?.();
    this.gate = undefined;
  }

  override async start(_connection: DriverConnection): Promise<void> {
    this.starts += 1;
  }

  override async stop(): Promise<void> {
    this.stops += 1;
  }

  override async send(connectionId: number, message: OutboundMessage): Promise<{ wid: string }> {
    this.attempts += 1;
    if (this.gate) {
      this.reached?.();
      await this.gate;
    }
    return super.send(connectionId, message);
  }
}

interface LogLine {
  level: number;
  msg: string;
}

let created: { name: string; url: string; drop(): Promise<void> };
let proxy: TcpProxy;
let t: TestApp;
let driver: GatedDriver;
let adminEmail: string;
let token: string;
/** The session of the realtime client: another user's, since each login replaces the user's session and its sockets. */
let listenerToken: string;
let companyId: number;
let connectionId: number;
let ticketId: number;
let baseUrl: string;
const logs: LogLine[] = [];
const sockets: Socket[] = [];
const figures = { cut: 0, terminated: 0, duringOutage: new Map<number, number>(), recoveryMs: [] as number[], sent: 0, attempts: 0, duplicated: 0, lost: 0 };

function openSocket(accessToken: string): Socket {
  const socket = connect(baseUrl, { auth: { token: accessToken }, transports: ["websocket"], reconnection: false, forceNew: true });
  sockets.push(socket);
  return socket;
}

function handshake(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    socket.once("ready", () => resolve("ready"));
    socket.once("connect_error", (error: Error) => resolve(error.message));
  });
}

async function post(app: FastifyInstance, body: string) {
  return app.inject({ method: "POST", url: `/messages/${ticketId}`, headers: bearer(token), payload: { body } });
}

/** An answer given while the database cannot be reached: 503 in the API's shape, nothing internal. */
function expectUnavailable(response: { statusCode: number; body: string; headers: Record<string, unknown> }) {
  figures.duringOutage.set(response.statusCode, (figures.duringOutage.get(response.statusCode) ?? 0) + 1);
  expect(response.statusCode).toBe(503);
  expect(response.body).not.toMatch(INTERNAL_TEXT);
  if (response.body.includes('"error"')) {
    expect(JSON.parse(response.body)).toEqual({ error: "ERR_SERVICE_UNAVAILABLE", message: expect.any(String) });
    expect(response.headers["retry-after"]).toBe("5");
  } else {
    expect(JSON.parse(response.body)).toEqual({ status: "degraded", database: "down" });
  }
}

/** The answer, or a failure when none came in `seconds` (a request must not wait for the database forever). */
async function answeredWithin<T>(seconds: number, request: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${seconds} s`)), seconds * 1000);
  });
  try {
    return await Promise.race([request, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Time from the database's return until a login and a write both work again. */
async function timeToRecover(): Promise<number> {
  const started = Date.now();
  await eventually(
    async () => (await t.app.inject({ method: "POST", url: "/auth/login", payload: { email: adminEmail, password: "Secret-123" } })).statusCode,
    (status) => status === 200,
    30_000,
  );
  const session = await loginAs(t.app, adminEmail);
  token = session.token;
  const write = await post(t.app, `depois ${Date.now()}`);
  expect(write.statusCode).toBe(200);
  return Date.now() - started;
}

async function outboundRows() {
  return t.db
    .select({ id: messages.id, body: messages.body, sendStatus: messages.sendStatus })
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.ticketId, ticketId), eq(messages.fromMe, true)));
}

/** Every stored outbound message reaches the network once, and nothing else does. */
async function expectEverySentOnce(): Promise<void> {
  const rows = await eventually(outboundRows, (found) => found.every((row) => row.sendStatus === "sent"), 60_000);
  const sentBodies = driver.bodies();
  const stored = rows.map((row) => row.body).sort();
  figures.sent = sentBodies.length;
  figures.attempts = driver.attempts;
  figures.duplicated = sentBodies.length - new Set(sentBodies).size;
  figures.lost = stored.filter((body) => !sentBodies.includes(body)).length;
  expect(figures.duplicated).toBe(0);
  expect(figures.lost).toBe(0);
  expect([...sentBodies].sort()).toEqual(stored);
}

describe.skipIf(!onPostgres)("a database outage", () => {
  beforeAll(async () => {
    created = await createPostgresTestDatabase();
    const target = new URL(postgresUrl ?? "");
    proxy = await TcpProxy.start({ host: target.hostname, port: Number(target.port || 5432) });
    const logger = pino({ level: "warn" }, { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) });
    const opened = await openDatabase({ url: proxy.urlFor(created.url), log: logger });
    const database: Database = {
      ...opened,
      close: async () => {
        await opened.close();
        await created.drop();
      },
    };
    t = await buildTestApp({}, { start: true, database, logger });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

    const company = await createCompany(t.db);
    companyId = company.id;
    const admin = await createUser(t.db, { companyId, profile: "admin" });
    adminEmail = admin.email;
    token = (await loginAs(t.app, adminEmail)).token;
    listenerToken = (await loginAs(t.app, (await createUser(t.db, { companyId, profile: "admin" })).email)).token;
    const connection = await createConnectionRow(t.db, companyId);
    connectionId = connection.id;
    driver = new GatedDriver();
    t.platform.channels.registerDriver(driver);
    await t.platform.channels.start(companyId, connectionId);
    await t.platform.engine.handleInbound(inbound(connection, "5511977770001", "oi"));
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.companyId, companyId));
    if (!ticket) throw new Error("no ticket");
    ticketId = ticket.id;
    await acceptTicket(t.platform.engine.deps, { companyId, userId: admin.id, profile: "admin", isSuper: false }, ticketId);
  }, 60_000);

  // A test that failed half-way must not leave the next one without a database.
  afterEach(() => {
    proxy?.setMode("up");
    driver?.releaseGate();
  });

  afterAll(async () => {
    for (const socket of sockets.splice(0)) socket.disconnect();
    driver?.releaseGate();
    await t?.close();
    await proxy?.close();
    if (onPostgres) {
      const durations = figures.recoveryMs.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(" and ");
      const answers = [...figures.duringOutage].map(([status, count]) => `${count} × ${status}`).join(", ");
      const internal = figures.duringOutage.get(500) ?? 0;
      console.log(
        `faults: database outage — ${figures.cut} connections cut by the proxy, ${figures.terminated} backends terminated by the server; ` +
          `requests during the outage ${answers}${internal ? "" : ", 0 × 500"}; back to login and write in ${durations}; ` +
          `outbound ${figures.sent} sent once (${figures.attempts} attempts), ${figures.lost} lost, ${figures.duplicated} duplicated; session lock taken again ${driver.starts - 1} times`,
      );
    }
  }, 60_000);

  it("answers 503 while the server is down, and recovers without a restart: logins, writes, queued sends, the session, realtime", async () => {
    const listener = openSocket(listenerToken);
    expect(await handshake(listener)).toBe("ready");
    listener.emit(CLIENT_EVENTS.joinNotification);
    const received: string[] = [];
    listener.on(companyEvent(companyId, "appMessage"), (payload: { action: string; message: { body: string } }) => received.push(`${payload.action}:${payload.message.body}`));

    // 20 sends queued; the first reaches the network and is held there while the database goes.
    driver.closeGate();
    for (let i = 0; i < 20; i++) expect((await post(t.app, `mensagem ${i}`)).statusCode).toBe(200);
    await driver.reachedGate;

    figures.cut += proxy.cut();
    proxy.setMode("refuse");
    // The send in flight completes on the network; recording it fails until the database is back.
    driver.releaseGate();

    // The session's lock went with its connection: the session stops here until the lock is taken again.
    await eventually(() => t.platform.channels.isRunning(connectionId), (running) => !running);
    expect(driver.stops).toBeGreaterThanOrEqual(1);

    expectUnavailable(await t.app.inject({ method: "GET", url: "/health" }));
    expectUnavailable(await t.app.inject({ method: "POST", url: "/auth/login", payload: { email: adminEmail, password: "Secret-123" } }));
    expectUnavailable(await t.app.inject({ method: "GET", url: "/tickets", headers: bearer(token) }));
    expectUnavailable(await post(t.app, "durante a queda"));
    expect(await handshake(openSocket(listenerToken))).toBe("ERR_SERVICE_UNAVAILABLE");

    // A server that accepts connections and never answers: the request still ends, after the connect timeout.
    proxy.setMode("hang");
    expectUnavailable(await answeredWithin(30, t.app.inject({ method: "GET", url: "/tickets", headers: bearer(token) })));
    proxy.setMode("refuse");
    expectUnavailable(await t.app.inject({ method: "GET", url: "/contacts", headers: bearer(token) }));

    proxy.setMode("up");
    figures.recoveryMs.push(await timeToRecover());

    // The queued sends and the one in flight go out once each; the message refused during the outage was never stored.
    await expectEverySentOnce();
    expect(driver.bodies()).not.toContain("durante a queda");
    expect(driver.bodies()).toHaveLength(21);
    expect(driver.attempts).toBeGreaterThan(driver.bodies().length);
    await eventually(() => t.platform.channels.isRunning(connectionId), Boolean);
    expect(driver.starts).toBeGreaterThanOrEqual(2);

    // Realtime: the socket opened before the outage gets the new message's events; a new one connects.
    await eventually(() => received, (events) => events.some((event) => event.startsWith("create:depois")));
    expect(await handshake(openSocket(listenerToken))).toBe("ready");

    const messagesLogged = logs.map((line) => line.msg);
    expect(messagesLogged).toContain("database unavailable");
    expect(messagesLogged).toContain("job waits for the database");
    expect(messagesLogged).toContain("session locks lost with the database connection; sessions stopped until they are taken again");
    expect(logs.filter((line) => line.level >= 60)).toEqual([]);
  }, 180_000);

  it("fails a transaction whose connection drops in the middle, and carries on", async () => {
    // The pool listens to idle clients only: this one is checked out, and its 'error' must not end the process.
    const transaction = t.db.transaction(async (tx) => {
      await tx.select({ id: tickets.id }).from(tickets).where(eq(tickets.id, ticketId));
      figures.cut += proxy.cut();
      await new Promise((resolve) => setTimeout(resolve, 200));
      await tx.update(tickets).set({ lastMessage: "nunca" }).where(eq(tickets.id, ticketId));
    });
    await expect(transaction).rejects.toThrow();
    figures.recoveryMs.push(await timeToRecover());
    const [ticket] = await t.db.select({ lastMessage: tickets.lastMessage }).from(tickets).where(eq(tickets.id, ticketId));
    expect(ticket?.lastMessage).not.toBe("nunca");
  }, 60_000);

  it("recovers the same way when the server terminates the app's backends (what a restart does to its clients)", async () => {
    const startsBefore = driver.starts;
    driver.closeGate();
    for (let i = 0; i < 10; i++) expect((await post(t.app, `terminado ${i}`)).statusCode).toBe(200);
    await driver.reachedGate;

    const admin = new pg.Client({ connectionString: created.url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ terminated: boolean }>(
        "select pg_terminate_backend(pid) as terminated from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
        [created.name],
      );
      figures.terminated += rows.filter((row) => row.terminated).length;
      expect(figures.terminated).toBeGreaterThanOrEqual(2);
    } finally {
      await admin.end();
    }
    driver.releaseGate();

    figures.recoveryMs.push(await timeToRecover());
    await expectEverySentOnce();
    expect(driver.bodies()).toEqual(expect.arrayContaining(Array.from({ length: 10 }, (_, i) => `terminado ${i}`)));
    await eventually(() => driver.starts, (starts) => starts > startsBefore && t.platform.channels.isRunning(connectionId));
    expect(logs.filter((line) => line.level >= 60)).toEqual([]);
  }, 120_000);
});
