import { sql } from "drizzle-orm";
import { PgBoss, fromPglite } from "pg-boss";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { type TestApp, buildTestApp } from "../../test/build-test-app.ts";
import { eventually } from "../../test/engine-harness.ts";
import { JobQueue, defineJob, transactionExecutor } from "./queue.ts";

const silent = { error: () => undefined, warn: () => undefined };
const ZPayload = z.object({ n: z.number().int() });
const ZPolicyRows = z.object({ rows: z.array(z.object({ retryLimit: z.number(), retryDelay: z.number(), retryBackoff: z.boolean(), heartbeatSeconds: z.number().nullable() })) });

let t: TestApp | undefined;
const queues: JobQueue[] = [];
afterEach(async () => {
  for (const queue of queues.splice(0)) await queue.stop();
  await t?.close();
  t = undefined;
});

async function startQueue(options: { superviseSeconds?: number } = {}): Promise<{ app: TestApp; jobs: JobQueue }> {
  t = await buildTestApp({}, { start: true });
  const jobs = new JobQueue(t.database, silent, options);
  queues.push(jobs);
  await jobs.start();
  return { app: t, jobs };
}

describe("JobQueue.send inside a transaction", () => {
  it("queues the job when the transaction commits, and runs it", async () => {
    const { app, jobs } = await startQueue();
    const definition = defineJob({ name: "test.commit", schema: ZPayload });
    await jobs.prepare(definition);
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await jobs.send(definition, { n: 1 }, { tx, singletonKey: "one" });
    });
    expect(await jobs.unfinishedByKey(definition, "one")).toEqual([{ id: expect.any(String), data: { n: 1 } }]);
    const seen: number[] = [];
    await jobs.work(definition, async (payload) => {
      seen.push(payload.n);
    });
    await eventually(() => seen, (values) => values.length === 1);
    expect(seen).toEqual([1]);
  }, 40_000);

  it("leaves no job when the transaction rolls back", async () => {
    const { app, jobs } = await startQueue();
    const definition = defineJob({ name: "test.rollback", schema: ZPayload });
    await jobs.prepare(definition);
    await expect(
      app.db.transaction(async (tx) => {
        await jobs.send(definition, { n: 2 }, { tx, singletonKey: "two" });
        throw new Error("the rest of the transaction failed");
      }),
    ).rejects.toThrow("the rest of the transaction failed");
    expect(await jobs.unfinishedByKey(definition, "two")).toEqual([]);
  }, 40_000);

  it("refuses a send inside a transaction before the queue was prepared", async () => {
    const { app, jobs } = await startQueue();
    const definition = defineJob({ name: "test.unprepared", schema: ZPayload });
    await expect(app.db.transaction((tx) => jobs.send(definition, { n: 3 }, { tx }))).rejects.toThrow("prepare test.unprepared");
  }, 40_000);
});

describe("a job queued while its worker waits for the next poll", () => {
  it("wakes the worker at once, in this process and from another, when the queuing transaction commits", async () => {
    const { app, jobs } = await startQueue();
    const other = new JobQueue(app.database, silent);
    queues.push(other);
    await other.start();
    const definition = defineJob({ name: "test.wake", schema: ZPayload });
    await jobs.prepare(definition);
    await other.prepare(definition);
    const seen: number[] = [];
    // Two minutes between polls: within this test's time only a notification can bring a job in.
    await jobs.work(definition, async (payload) => {
      seen.push(payload.n);
    }, { pollingIntervalSeconds: 120 });
    await jobs.send(definition, { n: 1 });
    await eventually(() => seen, (values) => values.length === 1);
    await app.db.transaction(async (tx) => {
      await other.send(definition, { n: 2 }, { tx });
      // Not before the commit: the worker is woken by the committed job, not by the send.
      await tx.execute(sql`select pg_sleep(0.2)`);
      expect(seen).toEqual([1]);
    });
    await eventually(() => seen, (values) => values.length === 2);
    expect(seen).toEqual([1, 2]);
  }, 90_000);
});

describe("transactionExecutor", () => {
  it("binds each $n placeholder to its value, repeated or out of order", async () => {
    t = await buildTestApp();
    const rows = await t.db.transaction((tx) =>
      transactionExecutor(tx).executeSql("select $2::int as b, $1::text as a, $2::int + 1 as c, '$' || $1::text as d", ["x", 41]),
    );
    expect(rows.rows).toEqual([{ b: 41, a: "x", c: 42, d: "$x" }]);
  });

  it("refuses a placeholder without a value", async () => {
    t = await buildTestApp();
    await expect(t.db.transaction((tx) => transactionExecutor(tx).executeSql("select $1::int, $2::int", [1]))).rejects.toThrow("$2 has no value");
  });
});

describe("a job claimed by a process that died", () => {
  it("is run again once its heartbeat has stopped", async () => {
    const { app, jobs } = await startQueue({ superviseSeconds: 1 });
    const definition = defineJob({ name: "test.orphan", schema: ZPayload, heartbeatSeconds: 10 });
    await jobs.send(definition, { n: 7 });

    // Another process claims the job, then dies without finishing it or saying so: no heartbeat, no failure.
    const dead = app.database.pglite
      ? new PgBoss({ db: fromPglite(app.database.pglite), backend: "pglite", supervise: false, schedule: false })
      : new PgBoss({ connectionString: app.database.connectionString!, max: 1, supervise: false, schedule: false });
    await dead.start();
    const claimed = await dead.fetch(definition.name);
    expect(claimed.map((job) => job.data)).toEqual([{ n: 7 }]);
    await dead.stop({ graceful: false, close: !app.database.pglite });

    const seen: { n: number; retryCount: number }[] = [];
    await jobs.work(definition, async (payload, job) => {
      seen.push({ n: payload.n, retryCount: job.retryCount });
    });
    await eventually(() => seen, (values) => values.length > 0);
    expect(seen).toEqual([{ n: 7, retryCount: expect.any(Number) }]);
    expect(seen[0]!.retryCount).toBeGreaterThan(0);
  }, 60_000);
});

describe("a queue made by an earlier version", () => {
  it("takes its definition's current policy when the queue starts working it", async () => {
    const { app, jobs } = await startQueue();
    const older = defineJob({ name: "test.policy", schema: ZPayload, retryLimit: 1, retryDelay: 30, backoff: false });
    await jobs.send(older, { n: 1 });

    const newer = new JobQueue(app.database, silent);
    queues.push(newer);
    await newer.start();
    await newer.send(defineJob({ name: "test.policy", schema: ZPayload, retryLimit: 9, retryDelay: 3, backoff: true, heartbeatSeconds: 20 }), { n: 2 });

    const columns = sql`retry_limit as "retryLimit", retry_delay as "retryDelay", retry_backoff as "retryBackoff", heartbeat_seconds as "heartbeatSeconds"`;
    const policy = ZPolicyRows.parse(await app.db.execute(sql`select ${columns} from pgboss.queue where name = 'test.policy'`));
    expect(policy.rows).toEqual([{ retryLimit: 9, retryDelay: 3, retryBackoff: true, heartbeatSeconds: 20 }]);
  }, 40_000);
});
