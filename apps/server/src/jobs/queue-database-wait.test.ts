import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { type TestApp, buildTestApp } from "../../test/build-test-app.ts";
import { eventually } from "../../test/engine-harness.ts";
import { defineJob } from "./queue.ts";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const ZPayload = z.object({ n: z.number() });

describe("a job whose handler fails", () => {
  it("runs again in the same attempt once the database answers, when the failure was the database's", async () => {
    const logged: string[] = [];
    const logger = pino({ level: "warn" }, { write: (line: string) => void logged.push((JSON.parse(line) as { msg: string }).msg) });
    t = await buildTestApp({}, { start: true, logger });
    const job = defineJob({ name: "test.database-wait", schema: ZPayload, retryLimit: 3, retryDelay: 1 });
    const runs: number[] = [];
    await t.platform.jobs.work(job, async (_payload, { retryCount }) => {
      runs.push(retryCount);
      if (runs.length === 1) throw new Error("Connection terminated unexpectedly");
    });

    await t.platform.jobs.send(job, { n: 1 });

    await eventually(() => runs, (calls) => calls.length === 2);
    // The same attempt ran twice: the queue did not count it as a failure.
    expect(runs).toEqual([0, 0]);
    expect(logged).toContain("job waits for the database");
  });

  it("is retried by the queue, as before, when the failure is anything else", async () => {
    t = await buildTestApp({}, { start: true });
    const job = defineJob({ name: "test.plain-failure", schema: ZPayload, retryLimit: 3, retryDelay: 1, backoff: false });
    const runs: number[] = [];
    await t.platform.jobs.work(job, async (_payload, { retryCount }) => {
      runs.push(retryCount);
      if (runs.length === 1) throw new Error("network refused the send");
    });

    await t.platform.jobs.send(job, { n: 1 });

    await eventually(() => runs, (calls) => calls.length === 2);
    expect(runs).toEqual([0, 1]);
  });
});
