import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { companies, messages, users } from "../../db/schema/index.ts";
import { SEND_MESSAGE_JOB } from "../../engine/jobs.ts";
import { runExpireTicketJob, runTransferWaitingJob } from "../../engine/lifecycle.ts";
import { runSendMessageJob } from "../../engine/outbound.ts";
import { companyOwnedTables, crossCompanyReferences, snapshotCompany } from "../../security/company-snapshot.ts";
import { type SeededTenant, seedTenant } from "../../security/seed-tenant.ts";
import { SEND_SCHEDULE_JOB } from "../schedules/schedules.jobs.ts";
import { runSendScheduleJob } from "../schedules/schedules.sender.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { bearer, createCompany, createUser, loginAs } from "../../../test/factories.ts";

/*
 * DELETE /companies/{id}: every row of the company, in every company-owned table (found in the
 * database itself, so that a new table is covered without touching this file), and its media folder
 * go in one operation; the other company's rows stay byte for byte and its files stay whole.
 */

/** The audit log keeps a deleted company's entries (no foreign key, pruned only by its retention): not the company's rows. */
const ownedTables = async (db: TestApp["db"]) => (await companyOwnedTables(db)).filter((table) => table !== "audit_logs");

let t: TestApp;
let mediaDir: string;
let doomed: SeededTenant;
let kept: SeededTenant;
let superToken: string;
let keptSnapshot: Record<string, string>;
let keptFiles: Record<string, string>;
let doomedUserIds: number[];
let doomedJobs: { schedules: unknown[]; messages: unknown[] };

const ZRows = z.object({ rows: z.array(z.record(z.string(), z.unknown())) });
const rowsOf = async (query: ReturnType<typeof sql>) => ZRows.parse(await t.db.execute(query)).rows;
const sha = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");
const companyFolder = (companyId: number) => path.join(mediaDir, String(companyId));

/** Every file of a company's media folder with its content's hash. */
function filesOf(companyId: number, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, sha(path.join(companyFolder(companyId), name))]));
}

/** Queued jobs of a definition whose payload names the company. */
async function jobsOf(definition: typeof SEND_SCHEDULE_JOB | typeof SEND_MESSAGE_JOB, companyId: number) {
  return (await t.platform.jobs.queued(definition)).map((job) => job.data).filter((data) => z.object({ companyId: z.literal(companyId) }).loose().safeParse(data).success);
}

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "company-deletion-"));
  mediaDir = path.join(dataDir, "media");
  t = await buildTestApp({ dataDir });
  await t.platform.jobs.start();
  doomed = await seedTenant(t.app, t.db, t.platform.media, "DOOMED", 1);
  kept = await seedTenant(t.app, t.db, t.platform.media, "KEPT", 2);
  // An outbound message of each company waits for its connection (queued: the session is not running).
  for (const tenant of [doomed, kept]) {
    const sent = await t.app.inject({ method: "POST", url: `/messages/${tenant.ticket.id}`, headers: bearer(tenant.adminToken), payload: { body: `${tenant.marker} queued` } });
    expect(sent.json()).toMatchObject({ details: { queued: true } });
  }
  const provider = await createCompany(t.db, { name: "Provedor" });
  const superUser = await createUser(t.db, { companyId: provider.id, profile: "admin", isSuper: true, email: "deletion-super@example.com" });
  superToken = (await loginAs(t.app, superUser.email)).token;

  keptSnapshot = await snapshotCompany(t.db, kept.company.id);
  keptFiles = filesOf(kept.company.id, kept.mediaFiles);
  doomedUserIds = (await t.db.select({ id: users.id }).from(users).where(eq(users.companyId, doomed.company.id))).map((row) => row.id);
  doomedJobs = { schedules: await jobsOf(SEND_SCHEDULE_JOB, doomed.company.id), messages: await jobsOf(SEND_MESSAGE_JOB, doomed.company.id) };
}, 90_000);

afterAll(async () => {
  await t.platform.jobs.stop();
  await t.close();
});

describe("the company about to be deleted", () => {
  it("holds rows in most company-owned tables, media files and queued jobs (so that the checks below can fail)", async () => {
    const snapshot = await snapshotCompany(t.db, doomed.company.id);
    const filled = Object.entries(snapshot).filter(([table, value]) => table !== "companies" && !value.startsWith("0:"));
    expect(filled.length).toBeGreaterThanOrEqual(15);
    expect(existsSync(companyFolder(doomed.company.id))).toBe(true);
    for (const file of doomed.mediaFiles) expect(existsSync(path.join(companyFolder(doomed.company.id), file))).toBe(true);
    expect(doomedJobs.schedules.length).toBeGreaterThan(0);
    expect(doomedJobs.messages.length).toBeGreaterThan(0);
  });

  it("shows the super user what deleting it takes away", async () => {
    const response = await t.app.inject({ method: "GET", url: `/companies/${doomed.company.id}`, headers: bearer(superToken) });
    expect(response.json()).toMatchObject({ name: doomed.company.name, counts: { users: 2, connections: 1, queues: 2, contacts: 2, tickets: 1, messages: 3, schedules: 1, quickMessages: 2, tags: 1 } });
  });
});

describe("every company-owned table", () => {
  it("cascades from companies: every table with a company_id column references companies with ON DELETE CASCADE", async () => {
    const rules = await rowsOf(sql`
      select kcu.table_name as "table", rc.delete_rule as "rule"
      from information_schema.referential_constraints rc
      join information_schema.key_column_usage kcu on kcu.constraint_name = rc.constraint_name and kcu.constraint_schema = rc.constraint_schema
      join information_schema.constraint_column_usage ccu on ccu.constraint_name = rc.constraint_name and ccu.constraint_schema = rc.constraint_schema
      where kcu.column_name = 'company_id' and ccu.table_name = 'companies' and rc.constraint_schema = 'public'`);
    const byTable = Object.fromEntries(rules.map((row) => [String(row.table), String(row.rule)]));
    const tables = await ownedTables(t.db);
    expect(tables.length).toBeGreaterThanOrEqual(18);
    expect(Object.fromEntries(tables.map((table) => [table, byTable[table] ?? "no foreign key"]))).toEqual(Object.fromEntries(tables.map((table) => [table, "CASCADE"])));
  });
});

describe("DELETE /companies/:id", () => {
  beforeAll(async () => {
    t.published.length = 0;
    const response = await t.app.inject({ method: "DELETE", url: `/companies/${doomed.company.id}`, headers: bearer(superToken) });
    expect(response.statusCode, response.body).toBe(200);
  });

  it("leaves no row of the company in any table with a company_id column, nor its companies row", async () => {
    const left: Record<string, number> = {};
    for (const table of await ownedTables(t.db)) {
      const [row] = await rowsOf(sql`select count(*)::int as n from ${sql.identifier(table)} where company_id = ${doomed.company.id}`);
      left[table] = z.number().parse(row?.n);
    }
    expect(Object.entries(left).filter(([, n]) => n > 0)).toEqual([]);
    expect(await t.db.select().from(companies).where(eq(companies.id, doomed.company.id))).toEqual([]);
    expect(await t.db.select({ id: users.id }).from(users).where(sql`${users.id} in ${doomedUserIds}`)).toEqual([]);
  });

  it("removes the company's media folder", () => {
    expect(existsSync(companyFolder(doomed.company.id))).toBe(false);
  });

  it("leaves the other company's rows byte for byte and its media files whole", async () => {
    expect(await snapshotCompany(t.db, kept.company.id)).toEqual(keptSnapshot);
    expect(filesOf(kept.company.id, kept.mediaFiles)).toEqual(keptFiles);
    expect(await crossCompanyReferences(t.db)).toEqual([]);
  });

  it("ends the sessions of its users and drops their sockets", async () => {
    expect((await t.app.inject({ method: "GET", url: "/auth/me", headers: bearer(doomed.adminToken) })).statusCode).toBe(401);
    expect(t.published).toContainEqual({ name: "sessions.ended", payload: { companyId: doomed.company.id, userIds: expect.arrayContaining(doomedUserIds) } });
    expect((await t.app.inject({ method: "GET", url: "/auth/me", headers: bearer(kept.adminToken) })).statusCode).toBe(200);
  });

  it("leaves the jobs queued for its rows harmless: each finds nothing and writes nothing", async () => {
    const deps = t.platform.engine.deps;
    for (const payload of doomedJobs.schedules) await expect(runSendScheduleJob(deps, SEND_SCHEDULE_JOB.schema.parse(payload), { retryCount: 0 })).resolves.toBeUndefined();
    for (const payload of doomedJobs.messages) await expect(runSendMessageJob(deps, SEND_MESSAGE_JOB.schema.parse(payload), { retryCount: 0 })).resolves.toBeUndefined();
    const ticketJob = { companyId: doomed.company.id, ticketId: doomed.ticket.id };
    await expect(runExpireTicketJob(deps, ticketJob, async () => undefined)).resolves.toBeUndefined();
    await expect(runTransferWaitingJob(deps, ticketJob)).resolves.toBeUndefined();
    expect(await t.db.select({ id: messages.id }).from(messages).where(eq(messages.companyId, doomed.company.id))).toEqual([]);
    expect(await snapshotCompany(t.db, kept.company.id)).toEqual(keptSnapshot);
  });

  it("answers 404 ERR_NO_COMPANY_FOUND when asked again", async () => {
    const again = await t.app.inject({ method: "DELETE", url: `/companies/${doomed.company.id}`, headers: bearer(superToken) });
    expect({ status: again.statusCode, error: again.json().error }).toEqual({ status: 404, error: "ERR_NO_COMPANY_FOUND" });
  });
});

describe("two super users deleting each other's company at the same time", () => {
  it("never leave the installation without a super user", async () => {
    const [x, y] = [await createCompany(t.db, { name: "Equipe X" }), await createCompany(t.db, { name: "Equipe Y" })];
    await t.db.update(users).set({ isSuper: false }).where(eq(users.isSuper, true));
    const superX = await createUser(t.db, { companyId: x.id, profile: "admin", isSuper: true });
    const superY = await createUser(t.db, { companyId: y.id, profile: "admin", isSuper: true });
    const [tokenX, tokenY] = [(await loginAs(t.app, superX.email)).token, (await loginAs(t.app, superY.email)).token];

    const answers = await Promise.all([
      t.app.inject({ method: "DELETE", url: `/companies/${y.id}`, headers: bearer(tokenX) }),
      t.app.inject({ method: "DELETE", url: `/companies/${x.id}`, headers: bearer(tokenY) }),
    ]);

    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.statusCode !== 200)) {
      expect([`409 ERR_LAST_SUPER`, `401 ERR_SESSION_EXPIRED`]).toContain(`${refused.statusCode} ${refused.json().error}`);
    }
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.isSuper, true))).toHaveLength(1);
  });
});
