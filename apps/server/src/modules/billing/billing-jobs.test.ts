import { eq } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { billingRuns, invoices } from "../../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { queueStill } from "../../../test/engine-harness.ts";
import { createCompany } from "../../../test/factories.ts";
import { BILLING_DAILY_JOB, startBillingWorkers } from "./billing.jobs.ts";
import { billingDepsOf } from "./billing.routes.ts";

const DAY = 86_400_000;
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function waitFor<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

it("runs billing.daily at start: the invoice is created, the next day is claimed and queued once, however many workers start", async () => {
  t = await buildTestApp({}, { start: true });
  const company = await createCompany(t.db, { dueDate: new Date(Date.now() + 3 * DAY) });
  // A second start of the workers, as a second process would do, queues today's run again.
  await startBillingWorkers({ ...billingDepsOf(t.platform), jobs: t.platform.jobs });
  const invoice = await waitFor(async () => (await t!.db.select().from(invoices).where(eq(invoices.companyId, company.id)))[0], "the invoice");
  expect(invoice.status).toBe("open");
  const tomorrow = new Date(Date.now() + DAY).toISOString().slice(0, 10);
  await waitFor(async () => (await t!.db.select().from(billingRuns).where(eq(billingRuns.day, tomorrow)))[0], "tomorrow's claim");
  // Let every queued run of today finish, then: one invoice, one queued run of tomorrow.
  await waitFor(async () => ((await t!.platform.jobs.queued(BILLING_DAILY_JOB)).every((job) => (job.data as { day: string }).day === tomorrow) ? true : undefined), "today's runs");
  // None of today's runs is still running (tomorrow's waits for its day).
  await queueStill(t.db, 0);
  expect(await t.db.select().from(invoices).where(eq(invoices.companyId, company.id))).toHaveLength(1);
  const queued = await t.platform.jobs.queued(BILLING_DAILY_JOB);
  expect(queued.map((job) => job.data)).toEqual([{ day: tomorrow }]);
}, 60_000);
