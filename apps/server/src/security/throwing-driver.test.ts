import { EventEmitter } from "node:events";
import { and, eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChannelDriver, ChannelEvent, ChannelEventSink, DriverConnection, OutboundMessage, PhoneContact } from "../channels/types.ts";
import { connections, contacts, messages, tickets } from "../db/schema/index.ts";
import { acceptTicket } from "../engine/lifecycle.ts";
import { installProcessGuards } from "../process-guards.ts";
import { type TestApp, buildTestApp } from "../../test/build-test-app.ts";
import { createConnectionRow, eventually, inbound } from "../../test/engine-harness.ts";
import { bearer, createCompany, createSimulatorConnection, createUser, loginAs } from "../../test/factories.ts";

/**
 * A channel driver that fails in every way a driver can, registered in a started platform beside a
 * working simulator connection: its methods throw synchronously or reject, it throws in its own timer
 * and emitter callbacks, leaves a rejected promise nobody awaits, and reports malformed or misdirected
 * events. The product must log all of it, keep its API and the other connection working, and leave
 * the failing connection in a status the user can act on.
 */

/** The three ways an error escapes every caller; only the process guards see them. */
const ESCAPES = ["hostile timer callback", "hostile emitter listener", "hostile unawaited promise"] as const;

class HostileDriver implements ChannelDriver {
  readonly provider = "beta" as const;
  readonly calls = new Map<string, number>();
  readonly failures = { sync: 0, async: 0 };
  /** Starts that fail before one succeeds. */
  failingStarts = 2;
  escapesArmed = 0;
  readonly sinkOutcomes: string[] = [];
  private readonly emitter = new EventEmitter();

  constructor(private readonly sink: ChannelEventSink) {}

  /** Odd calls of a method throw synchronously, even ones reject. */
  private fail(method: string): Promise<never> {
    const count = (this.calls.get(method) ?? 0) + 1;
    this.calls.set(method, count);
    const error = new Error(`hostile ${method} failed (${count})`);
    if (count % 2 === 1) {
      this.failures.sync += 1;
      throw error;
    }
    this.failures.async += 1;
    return Promise.reject(error);
  }

  /** What a library does after its socket opened: callbacks of its own that throw, a promise nobody awaits. */
  private armEscapes(): void {
    this.escapesArmed += 1;
    setTimeout(() => {
      throw new Error(ESCAPES[0]);
    }, 5);
    this.emitter.once("frame", () => {
      throw new Error(ESCAPES[1]);
    });
    setImmediate(() => this.emitter.emit("frame"));
    void Promise.reject(new Error(ESCAPES[2]));
  }

  start(connection: DriverConnection): Promise<void> {
    this.armEscapes();
    if (this.failingStarts > 0) {
      this.failingStarts -= 1;
      return this.fail("start");
    }
    return this.report({ type: "status", connectionId: connection.id, companyId: connection.companyId, status: "CONNECTED", qrcode: null, number: "5511900001111" });
  }
  stop(): Promise<void> {
    return this.fail("stop");
  }
  logout(): Promise<void> {
    return this.fail("logout");
  }
  send(_connectionId: number, _message: OutboundMessage): Promise<{ wid: string }> {
    return this.fail("send");
  }
  deleteMessage(): Promise<void> {
    return this.fail("deleteMessage");
  }
  checkNumber(): Promise<{ exists: boolean; number?: string }> {
    return this.fail("checkNumber");
  }
  markRead(): Promise<void> {
    return this.fail("markRead");
  }
  listContacts(): Promise<PhoneContact[]> {
    return this.fail("listContacts");
  }

  /** Hands an event to the sink as the driver's callbacks would, recording whether the sink threw back. */
  async report(event: unknown): Promise<void> {
    try {
      // Deliberately unchecked: the sink must stand what a broken driver hands it.
      await this.sink(event as ChannelEvent);
      this.sinkOutcomes.push("accepted");
    } catch (error) {
      this.sinkOutcomes.push(`thrown back: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

interface LogLine {
  level: number;
  msg: string;
  connectionId?: number;
  err?: { message?: string };
}

let t: TestApp;
let driver: HostileDriver;
let token: string;
let companyId: number;
let otherCompanyId: number;
let hostileId: number;
let simulatorId: number;
let otherConnectionId: number;
const logs: LogLine[] = [];
const guarded: { kind: string; message: string }[] = [];
const answers = new Map<string, number>();
let uninstallGuards: (() => void) | undefined;
const vitestListeners = { uncaughtException: [] as NodeJS.UncaughtExceptionListener[], unhandledRejection: [] as NodeJS.UnhandledRejectionListener[] };

function count(status: number): void {
  const key = status >= 500 ? "5xx" : String(status);
  answers.set(key, (answers.get(key) ?? 0) + 1);
}

async function api(method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) {
  const response = await t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  count(response.statusCode);
  return response;
}

async function hostileStatus(): Promise<string | undefined> {
  const [row] = await t.db.select({ status: connections.status }).from(connections).where(eq(connections.id, hostileId));
  return row?.status;
}

function logged(message: string): LogLine[] {
  return logs.filter((line) => line.msg === message);
}

/** Every API answer so far had the API's shape; the process, its health and its other connection are fine. */
async function expectStillServing(): Promise<void> {
  expect((await t.app.inject({ method: "GET", url: "/health" })).json()).toEqual({ status: "ok", database: "ok" });
  expect((await api("GET", "/tickets")).statusCode).toBe(200);
}

describe("a channel driver that throws", () => {
  beforeAll(async () => {
    const logger = pino({ level: "info" }, { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) });
    t = await buildTestApp({}, { start: true, logger });

    // The test process stands in for the server's: its own detectors step aside for the product's guards.
    vitestListeners.uncaughtException = process.listeners("uncaughtException");
    vitestListeners.unhandledRejection = process.listeners("unhandledRejection");
    process.removeAllListeners("uncaughtException");
    process.removeAllListeners("unhandledRejection");
    uninstallGuards = installProcessGuards(
      {
        error: (obj, msg) => guarded.push({ kind: msg, message: "err" in obj && obj.err instanceof Error ? obj.err.message : String(obj) }),
        fatal: (obj, msg) => guarded.push({ kind: msg, message: "err" in obj && obj.err instanceof Error ? obj.err.message : String(obj) }),
      },
    );

    const company = await createCompany(t.db);
    companyId = company.id;
    const admin = await createUser(t.db, { companyId, profile: "admin" });
    token = (await loginAs(t.app, admin.email)).token;
    const simulator = await createSimulatorConnection(t.db, { companyId, session: { paired: true, number: "5511955550000" }, status: "CONNECTED" });
    simulatorId = simulator.id;
    const hostile = await createConnectionRow(t.db, companyId, { isDefault: false }, "CONNECTED");
    hostileId = hostile.id;
    const other = await createCompany(t.db);
    otherCompanyId = other.id;
    otherConnectionId = (await createSimulatorConnection(t.db, { companyId: otherCompanyId, status: "DISCONNECTED" })).id;

    driver = new HostileDriver(t.platform.channels.onEvent);
    t.platform.channels.registerDriver(driver);
  }, 60_000);

  afterAll(async () => {
    try {
      // Every escape armed has reached the guards before the test process's own detectors come back.
      await eventually(() => guarded.length, (n) => n >= driver.escapesArmed * ESCAPES.length, 10_000).catch(() => undefined);
      await t.close();
    } finally {
      uninstallGuards?.();
      for (const listener of vitestListeners.uncaughtException) process.on("uncaughtException", listener);
      for (const listener of vitestListeners.unhandledRejection) process.on("unhandledRejection", listener);
    }
    const fromProduct = guarded.filter((entry) => !ESCAPES.some((escape) => entry.message === escape)).length;
    const statuses = [...answers].map(([status, n]) => `${n} × ${status}`).join(", ");
    console.log(
      `faults: throwing driver — ${driver.failures.sync} synchronous throws and ${driver.failures.async} rejections from 8 driver methods, ` +
        `${guarded.length} escaped callbacks logged by the process guards (${driver.escapesArmed} × timer, emitter, unawaited promise), ${fromProduct} from the product; ` +
        `${logged("malformed channel event dropped").length} malformed and ${logged("channel event for a connection without a session here dropped").length} misdirected events dropped; ` +
        `API answers ${statuses}; the other connection received and sent while it failed`,
    );
    expect(fromProduct).toBe(0);
  }, 60_000);

  it("leaves a connection whose session fails to start DISCONNECTED, with the failure logged, and the API answering", async () => {
    // As after a restart: the connection was CONNECTED, every session is started.
    await t.platform.channels.startAll();
    expect(await hostileStatus()).toBe("DISCONNECTED");
    expect(t.platform.channels.isRunning(hostileId)).toBe(false);
    expect(logged("session failed to start").map((line) => [line.connectionId, line.err?.message])).toEqual([[hostileId, "hostile start failed (1)"]]);

    await t.db.update(connections).set({ status: "CONNECTED" }).where(eq(connections.id, hostileId));
    const retried = await api("POST", `/whatsappsession/${hostileId}`);
    expect(retried.statusCode).toBe(400);
    expect(retried.json()).toEqual({ error: "ERR_WAPP_NOT_INITIALIZED", message: "The session could not be started" });
    expect(await hostileStatus()).toBe("DISCONNECTED");
    expect(logged("session failed to start")).toHaveLength(2);

    // The simulator's session started beside it.
    expect(t.platform.channels.isRunning(simulatorId)).toBe(true);
    await expectStillServing();

    // The third start works: the session runs, for the failures of its other methods.
    expect((await api("POST", `/whatsappsession/${hostileId}`)).statusCode).toBe(200);
    expect(await hostileStatus()).toBe("CONNECTED");
  });

  it("drops malformed and misdirected events without storing anything or throwing back", async () => {
    const before = await t.db.select({ id: messages.id }).from(messages);
    const outcomes = driver.sinkOutcomes.length;
    const base = { connectionId: hostileId, companyId };
    const message = inbound({ id: hostileId, companyId }, "5511977770009", "oi");
    await driver.report({ type: "exploded", ...base });
    await driver.report({ type: "status", connectionId: hostileId });
    await driver.report({ type: "status", ...base, status: "EXPLODED" });
    await driver.report({ type: "message", message: { ...base } });
    await driver.report({ type: "message", message: { ...message, chat: undefined } });
    await driver.report({ type: "ack", ...base, wid: "x", ack: Number.NaN });
    await driver.report({ type: "message", message: { ...message, connectionId: otherConnectionId } });
    await driver.report({ type: "message", message: { ...message, connectionId: otherConnectionId, companyId: otherCompanyId } });
    await driver.report({ type: "message", message: { ...message, connectionId: 2_000_000 } });
    await driver.report({ type: "ack", connectionId: otherConnectionId, companyId: otherCompanyId, wid: "x", ack: 3 });

    expect(driver.sinkOutcomes.slice(outcomes)).toEqual(Array.from({ length: 10 }, () => "accepted"));
    expect(logged("malformed channel event dropped")).toHaveLength(6);
    expect(logged("channel event for a connection without a session here dropped")).toHaveLength(4);
    expect(await t.db.select({ id: messages.id }).from(messages)).toEqual(before);
    expect(await t.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.number, "5511977770009"))).toEqual([]);
    expect(await hostileStatus()).toBe("CONNECTED");
  });

  it("answers every request that reaches the failing driver in the API's shape, and the other connection keeps working", async () => {
    // A customer writes on the failing connection (what its driver would hand over), and on the simulator.
    await driver.report({ type: "message", message: inbound({ id: hostileId, companyId }, "5511977770001", "olá") });
    const received = await t.app.inject({ method: "POST", url: `/simulator/connections/${simulatorId}/messages`, headers: bearer(token), payload: { from: "5511977770002", body: "bom dia" } });
    expect(received.statusCode).toBe(201);
    const ticketOf = async (connectionId: number) => {
      const [ticket] = await t.db.select().from(tickets).where(and(eq(tickets.companyId, companyId), eq(tickets.whatsappId, connectionId)));
      if (!ticket) throw new Error(`no ticket on connection ${connectionId}`);
      return ticket;
    };
    const hostileTicket = await ticketOf(hostileId);
    const simulatorTicket = await ticketOf(simulatorId);
    const user = await createUser(t.db, { companyId, profile: "admin" });
    for (const ticket of [hostileTicket, simulatorTicket]) await acceptTicket(t.platform.engine.deps, { companyId, userId: user.id, profile: "admin", isSuper: false }, ticket.id);

    // markRead (opening a conversation with unread messages) fails on the network twice: the page still opens.
    for (let i = 0; i < 2; i++) {
      if (i > 0) await driver.report({ type: "message", message: inbound({ id: hostileId, companyId }, "5511977770001", "ainda aí?") });
      expect((await api("GET", `/messages/${hostileTicket.id}`)).statusCode).toBe(200);
    }
    expect(driver.calls.get("markRead")).toBe(2);
    // send: the job's attempts fail and are retried; the request itself was answered.
    expect((await api("POST", `/messages/${hostileTicket.id}`, { body: "resposta" })).statusCode).toBe(200);
    await eventually(() => driver.calls.get("send") ?? 0, (n) => n >= 2);
    // deleteMessage of a sent message: refused with its code, twice.
    const [sent] = await t.db
      .insert(messages)
      .values({ companyId, ticketId: hostileTicket.id, contactId: hostileTicket.contactId, whatsappId: hostileId, body: "antiga", fromMe: true, wid: "3EB0OLD", sendStatus: "sent", ack: 2, userId: user.id })
      .returning({ id: messages.id });
    for (let i = 0; i < 2; i++) {
      const deleted = await api("DELETE", `/messages/${sent!.id}`);
      expect(deleted.statusCode).toBe(400);
      expect(deleted.json()).toEqual({ error: "ERR_DELETE_WAPP_MSG", message: expect.any(String) });
    }
    // listContacts: the phone-book import is refused with its code, twice.
    for (let i = 0; i < 2; i++) {
      const imported = await api("POST", `/contacts/import?whatsappId=${hostileId}`);
      expect(imported.statusCode).toBe(400);
      expect(imported.json()).toEqual({ error: "ERR_WAPP_NOT_INITIALIZED", message: expect.any(String) });
    }
    // checkNumber: a rejection either way, never a synchronous throw into the caller.
    for (let i = 0; i < 2; i++) {
      let pending: Promise<unknown> | undefined;
      expect(() => (pending = t.platform.channels.checkNumber(hostileId, "5511977770001"))).not.toThrow();
      await expect(pending).rejects.toThrow(/hostile checkNumber failed/);
    }

    // The simulator connection answers its customer meanwhile.
    expect((await api("POST", `/messages/${simulatorTicket.id}`, { body: "bom dia, como posso ajudar?" })).statusCode).toBe(200);
    await eventually(
      async () => (await t.db.select({ sendStatus: messages.sendStatus }).from(messages).where(and(eq(messages.ticketId, simulatorTicket.id), eq(messages.fromMe, true))))[0]?.sendStatus,
      (status) => status === "sent",
      20_000,
    );
    expect(logged("send failed, will retry").length).toBeGreaterThanOrEqual(1);
    await expectStillServing();
  }, 60_000);

  it("ends the session DISCONNECTED when logging out fails, and deletes the connection anyway", async () => {
    // New QR code: the logout throws; the session is stopped (whose stop rejects too) and the connection is DISCONNECTED.
    const renewed = await api("PUT", `/whatsappsession/${hostileId}`);
    expect(renewed.statusCode).toBe(400);
    expect(renewed.json()).toEqual({ error: "ERR_WAPP_NOT_INITIALIZED", message: expect.any(String) });
    expect(await hostileStatus()).toBe("DISCONNECTED");
    expect(t.platform.channels.isRunning(hostileId)).toBe(false);
    expect(logged("session logout failed")).toHaveLength(1);

    // Disconnect: the logout rejects this time; the same outcome.
    const disconnected = await api("DELETE", `/whatsappsession/${hostileId}`);
    expect(disconnected.statusCode).toBe(400);
    expect(await hostileStatus()).toBe("DISCONNECTED");

    // A session started again, then the connection deleted: its logout throws, the delete goes through.
    driver.failingStarts = 0;
    expect((await api("POST", `/whatsappsession/${hostileId}`)).statusCode).toBe(200);
    // Started again while running: the old session's stop throws, the new one starts.
    expect((await api("POST", `/whatsappsession/${hostileId}`)).statusCode).toBe(200);
    expect(t.platform.channels.isRunning(hostileId)).toBe(true);
    expect(logged("stop failed").length).toBeGreaterThanOrEqual(3);
    expect((await api("DELETE", `/whatsapp/${hostileId}`)).statusCode).toBe(200);
    expect(await t.db.select().from(connections).where(eq(connections.id, hostileId))).toEqual([]);
    expect(logged("logout on delete failed")).toHaveLength(1);
    await expectStillServing();
  });

  it("logs what escaped every caller through the process guards, and nothing of the product's own", async () => {
    await eventually(() => guarded.length, (n) => n >= driver.escapesArmed * ESCAPES.length);
    const kinds = guarded.map((entry) => `${entry.kind}: ${entry.message}`);
    const expected = Array.from({ length: driver.escapesArmed }, () => [
      `uncaught exception: ${ESCAPES[0]}`,
      `uncaught exception: ${ESCAPES[1]}`,
      `unhandled promise rejection: ${ESCAPES[2]}`,
    ]).flat();
    expect([...kinds].sort()).toEqual([...expected].sort());
      expect(answers.get("5xx") ?? 0).toBe(0);
  });

  it("stops every session at shutdown though this driver's stop throws", async () => {
    const again = await createConnectionRow(t.db, companyId, { isDefault: false }, "CONNECTED");
    await t.platform.channels.start(companyId, again.id);
    expect(t.platform.simulator?.isRunning(simulatorId)).toBe(true);
    await t.platform.stop();
    expect(t.platform.simulator?.isRunning(simulatorId)).toBe(false);
    expect(t.platform.channels.isRunning(again.id)).toBe(false);
  });
});
