import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../db/client.ts";
import { createPostgresTestDatabase } from "../../test/build-test-app.ts";
import { eventually } from "../../test/engine-harness.ts";
import { TcpProxy } from "../../test/tcp-proxy.ts";
import { PgSessionLocks } from "./session-locks.ts";

/** Advisory locks live on the PostgreSQL server: these tests need one (the server-postgres project). */
const onPostgres = process.env.TEST_DB === "postgres" && Boolean(process.env.TEST_DATABASE_URL);
if (!onPostgres) console.log("session locks: skipped here; they run in the server-postgres project (TEST_DATABASE_URL set)");

const LOCK_NAMESPACE = 7_270_002;

let created: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
let proxy: TcpProxy;
let database: Database;
/** Another process's connection, straight to the server. */
let other: pg.Client;
let locks: PgSessionLocks;
let lost: number[][];

async function otherTakes(connectionId: number): Promise<boolean> {
  const { rows } = await other.query<{ locked: boolean }>("select pg_try_advisory_lock($1, $2) as locked", [LOCK_NAMESPACE, connectionId]);
  return rows[0]?.locked === true;
}

describe.skipIf(!onPostgres)("PgSessionLocks", () => {
  beforeAll(async () => {
    created = await createPostgresTestDatabase();
    const target = new URL(created.url);
    proxy = await TcpProxy.start({ host: target.hostname, port: Number(target.port || 5432) });
    database = await openDatabase({ url: proxy.urlFor(created.url) });
    other = new pg.Client({ connectionString: created.url });
    await other.connect();
  });

  afterEach(async () => {
    proxy.setMode("up");
    await locks.close();
    await other.query("select pg_advisory_unlock_all()");
  });

  afterAll(async () => {
    await other?.end();
    await database?.close();
    await proxy?.close();
    await created?.drop();
  });

  function newLocks(): PgSessionLocks {
    locks = new PgSessionLocks(database.pool!);
    lost = [];
    locks.onLost((ids) => lost.push(ids));
    return locks;
  }

  it("holds a connection's lock against another process until it releases it", async () => {
    newLocks();
    expect(await locks.acquire(11)).toBe(true);
    expect(await otherTakes(11)).toBe(false);
    await locks.release(11);
    expect(await otherTakes(11)).toBe(true);
    expect(await locks.acquire(11)).toBe(false);
  });

  it("answers which connections no process holds, in this database only, and watches its lock connection for a vanished peer", async () => {
    newLocks();
    expect(await locks.acquire(21)).toBe(true);
    expect(await otherTakes(22)).toBe(true);
    // The same key held in another database of the server is another installation's.
    const elsewhere = await createPostgresTestDatabase();
    const stranger = new pg.Client({ connectionString: elsewhere.url });
    await stranger.connect();
    try {
      await stranger.query("select pg_advisory_lock($1, $2)", [LOCK_NAMESPACE, 23]);
      expect((await locks.unheld([21, 22, 23])).sort()).toEqual([23]);
    } finally {
      await stranger.end();
      await elsewhere.drop();
    }
    await locks.release(21);
    expect((await locks.unheld([21, 22])).sort()).toEqual([21]);
    expect(await locks.unheld([])).toEqual([]);
  });

  it("frees a lock acquired twice (a session started again) with one release", async () => {
    newLocks();
    expect(await locks.acquire(12)).toBe(true);
    expect(await locks.acquire(12)).toBe(true);
    await locks.release(12);
    expect(await otherTakes(12)).toBe(true);
  });

  it("reports its locks lost when their connection drops, and takes locks again on a new connection", async () => {
    newLocks();
    expect(await locks.acquire(13)).toBe(true);
    expect(await locks.acquire(14)).toBe(true);

    proxy.cut();
    proxy.setMode("refuse");
    await eventually(() => lost, (reports) => reports.length === 1);
    expect(lost).toEqual([[13, 14]]);
    // The server released them with the connection: another process may take them now.
    expect(await otherTakes(13)).toBe(true);
    // While the server cannot be reached, acquiring fails (it does not answer "taken elsewhere").
    await expect(locks.acquire(14)).rejects.toThrow();

    proxy.setMode("up");
    expect(await locks.acquire(14)).toBe(true);
    expect(await locks.acquire(13)).toBe(false);
    expect(await otherTakes(14)).toBe(false);
  });

  it("reports its locks lost when the server terminates its backend", async () => {
    newLocks();
    expect(await locks.acquire(15)).toBe(true);
    const { rows } = await other.query<{ pid: number }>("select pid from pg_locks where locktype = 'advisory' and classid = $1 and objid = $2", [LOCK_NAMESPACE, 15]);
    expect(rows).toHaveLength(1);
    await other.query("select pg_terminate_backend($1)", [rows[0]!.pid]);
    await eventually(() => lost, (reports) => reports.length === 1);
    expect(lost).toEqual([[15]]);
    expect(await locks.acquire(15)).toBe(true);
  });
});
