import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { connections } from "../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../test/build-test-app.ts";
import { FakeDriver, createConnectionRow, eventually } from "../../test/engine-harness.ts";
import { createCompany } from "../../test/factories.ts";
import { ChannelManager } from "./channel-manager.ts";
import type { SessionLocks } from "./session-locks.ts";
import type { DriverConnection } from "./types.ts";

/** Locks of a database the test controls: it can take them for "another process", lose them, or be unreachable. */
class ScriptedLocks implements SessionLocks {
  readonly shared = true;
  readonly elsewhere = new Set<number>();
  readonly held = new Set<number>();
  unreachable = false;
  /** Takings refused because the database was unreachable. */
  refused = 0;
  private listener: ((connectionIds: number[]) => void) | undefined;

  async acquire(connectionId: number): Promise<boolean> {
    if (this.unreachable) {
      this.refused += 1;
      throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    }
    if (this.elsewhere.has(connectionId)) return false;
    this.held.add(connectionId);
    return true;
  }
  async unheld(connectionIds: number[]): Promise<number[]> {
    return connectionIds.filter((id) => !this.elsewhere.has(id) && !this.held.has(id));
  }
  async release(connectionId: number): Promise<void> {
    this.held.delete(connectionId);
  }
  async close(): Promise<void> {
    this.held.clear();
  }
  onLost(listener: (connectionIds: number[]) => void): void {
    this.listener = listener;
  }
  lose(): void {
    const ids = [...this.held];
    this.held.clear();
    this.listener?.(ids);
  }
}

class CountingDriver extends FakeDriver {
  starts = 0;
  stops = 0;
  override async start(_connection: DriverConnection): Promise<void> {
    this.starts += 1;
  }
  override async stop(): Promise<void> {
    this.stops += 1;
  }
}

interface Logged {
  level: string;
  msg: string;
}

let t: TestApp;
let locks: ScriptedLocks;
let manager: ChannelManager;
let driver: CountingDriver;
let logged: Logged[];
let connection: { id: number; companyId: number };

beforeEach(async () => {
  t = await buildTestApp();
  locks = new ScriptedLocks();
  logged = [];
  const log = (level: string) => (_obj: object, msg: string) => void logged.push({ level, msg });
  manager = new ChannelManager({ db: t.db, events: t.platform.events, locks, log: { error: log("error"), warn: log("warn"), info: log("info") } });
  driver = new CountingDriver();
  manager.registerDriver(driver);
  const company = await createCompany(t.db);
  connection = await createConnectionRow(t.db, company.id);
});

afterEach(async () => {
  await manager.stopAll();
  await t.close();
});

describe("ChannelManager when its session locks are lost", () => {
  it("stops the sessions at once and starts them again when the database answers", async () => {
    await manager.start(connection.companyId, connection.id);
    expect(manager.isRunning(connection.id)).toBe(true);

    locks.unreachable = true;
    locks.lose();
    await eventually(() => manager.isRunning(connection.id), (running) => !running);
    expect(driver.stops).toBe(1);
    // A round fails while the database is down; the session waits for the next one.
    await eventually(() => locks.refused, (refused) => refused >= 1);
    expect(manager.isRunning(connection.id)).toBe(false);

    locks.unreachable = false;
    await eventually(() => manager.isRunning(connection.id), Boolean);
    expect(driver.starts).toBe(2);
    expect(locks.held.has(connection.id)).toBe(true);
    expect(logged.map((entry) => entry.msg)).toContain("session taken again");
  }, 30_000);

  it("leaves a lost session to the process that took its lock", async () => {
    await manager.start(connection.companyId, connection.id);
    locks.lose();
    locks.elsewhere.add(connection.id);

    await eventually(() => logged.map((entry) => entry.msg), (messages) => messages.includes("session driven by another process"));
    expect(manager.isRunning(connection.id)).toBe(false);
    expect(driver.starts).toBe(1);
  });

  it("does not bring back a session that was logged out meanwhile", async () => {
    await manager.start(connection.companyId, connection.id);
    locks.unreachable = true;
    locks.lose();
    locks.unreachable = false;
    await manager.disconnect(connection.companyId, connection.id);

    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(manager.isRunning(connection.id)).toBe(false);
    expect(driver.starts).toBe(1);
    const [row] = await t.db.select({ status: connections.status }).from(connections).where(eq(connections.id, connection.id));
    expect(row?.status).toBe("DISCONNECTED");
  });
});

describe("ChannelManager with other processes", () => {
  /** A second process's manager on the same database, which finds the session's lock taken, asking `manager` through its remote. */
  function otherProcess(): { other: ChannelManager; otherDriver: CountingDriver } {
    const otherLocks = new ScriptedLocks();
    otherLocks.elsewhere.add(connection.id);
    const other = new ChannelManager({ db: t.db, events: t.platform.events, locks: otherLocks, log: { error: () => undefined, warn: () => undefined, info: () => undefined } });
    const otherDriver = new CountingDriver();
    other.registerDriver(otherDriver);
    other.setRemote({ call: (call) => manager.answerCall(call) });
    return { other, otherDriver };
  }

  it("takes the session of a process that died, and only once its lock is free", async () => {
    locks.elsewhere.add(connection.id);
    expect(await manager.adoptOrphans()).toEqual([]);
    expect(manager.isRunning(connection.id)).toBe(false);

    locks.elsewhere.delete(connection.id);
    expect(await manager.adoptOrphans()).toEqual([connection.id]);
    expect(manager.isRunning(connection.id)).toBe(true);
    expect(await manager.adoptOrphans()).toEqual([]);
    expect(driver.starts).toBe(1);
  });

  it("sends through the process that runs the session, with that process's driver", async () => {
    await manager.start(connection.companyId, connection.id);
    const { other, otherDriver } = otherProcess();
    const message = { idempotencyKey: "CV1X00000001", to: "5511999990000", isGroup: false, body: "olá" };

    expect(await other.send(connection.id, message)).toEqual({ wid: "CV1X00000001" });
    expect(driver.bodies()).toEqual(["olá"]);
    expect(otherDriver.bodies()).toEqual([]);
    expect(await other.checkNumber(connection.id, "5511999990000")).toEqual({ exists: true, number: "5511999990000" });
  });

  it("brings the owner's failure back as the same error, and acts here when no process runs the session", async () => {
    await manager.start(connection.companyId, connection.id);
    const { other } = otherProcess();
    driver.connected = false;
    await expect(other.send(connection.id, { idempotencyKey: "k", to: "5511999990000", isGroup: false, body: "x" })).rejects.toThrow(/is not connected/);

    await manager.stopSession(connection.companyId, connection.id);
    await expect(other.send(connection.id, { idempotencyKey: "k", to: "5511999990000", isGroup: false, body: "x" })).rejects.toMatchObject({ code: "ERR_WAPP_NOT_INITIALIZED" });
  });

  it("has the owner start its session again when a user retries it on another process", async () => {
    await manager.start(connection.companyId, connection.id);
    const { other, otherDriver } = otherProcess();

    await other.start(connection.companyId, connection.id);
    expect(driver.starts).toBe(2);
    expect(otherDriver.starts).toBe(0);
  });
});

describe("ChannelManager stopping while it takes sessions over", () => {
  it("waits for the taking-over, then stops what it started and takes no lock after closing them", async () => {
    let release!: () => void;
    const starting = new Promise<void>((resolve) => (release = resolve));
    const slow = new (class extends CountingDriver {
      override async start(connection: DriverConnection): Promise<void> {
        await super.start(connection);
        await starting;
      }
    })();
    manager.registerDriver(slow);
    const second = await createConnectionRow(t.db, connection.companyId);
    const taking = manager.adoptOrphans();
    await eventually(() => slow.starts, (starts) => starts === 1);

    let closedAt = -1;
    const acquired: number[] = [];
    const acquire = locks.acquire.bind(locks);
    locks.acquire = async (id) => {
      acquired.push(id);
      return acquire(id);
    };
    const close = locks.close.bind(locks);
    locks.close = async () => {
      closedAt = acquired.length;
      await close();
    };
    const stopping = manager.stopAll();
    release();
    await Promise.all([taking, stopping]);

    // The first session started before the stop; the second was never taken; nothing runs, and no lock was taken after the close.
    expect(acquired).toEqual([]);
    expect(closedAt).toBe(0);
    expect(manager.isRunning(connection.id)).toBe(false);
    expect(manager.isRunning(second.id)).toBe(false);
    expect(slow.stops).toBe(1);
  });
});
