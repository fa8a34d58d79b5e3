import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIT_PAGE_SIZE, type AuditLogPage } from "@conversa/shared";
import { buildTestApp } from "../../../test/build-test-app.ts";
import { bearer, createTenant, createUser, loginAs } from "../../../test/factories.ts";
import { auditLogs } from "../../db/schema/index.ts";
import { auditRetentionDays } from "../installation-settings/index.ts";
import { REDACTED, changedFields, recordAudit, runAuditRetention } from "./index.ts";

const t = await buildTestApp();

let a: Awaited<ReturnType<typeof createTenant>>;
let b: Awaited<ReturnType<typeof createTenant>>;
let colleague: { id: number; token: string };
let agentToken = "";
let superToken = "";

const get = (url: string, token: string, query: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, query, headers: { ...bearer(token), ...headers } });
const put = (url: string, token: string, payload: object) => t.app.inject({ method: "PUT", url, headers: bearer(token), payload });

beforeAll(async () => {
  a = await createTenant(t.app, t.db);
  b = await createTenant(t.app, t.db);
  const second = await createUser(t.db, { companyId: a.company.id, profile: "admin", name: "Colega Admin" });
  colleague = { id: second.id, token: (await loginAs(t.app, second.email)).token };
  agentToken = a.agentToken;
  const superUser = await createUser(t.db, { companyId: b.company.id, profile: "admin", isSuper: true, name: "Provedor" });
  superToken = (await loginAs(t.app, superUser.email)).token;
  // Changes of both companies, and one of the installation.
  expect((await put("/settings/userRating", colleague.token, { value: "enabled" })).statusCode).toBe(200);
  expect((await put("/settings/asaas", colleague.token, { value: "tok_secret_value_123" })).statusCode).toBe(200);
  expect((await put("/settings/call", b.adminToken, { value: "disabled" })).statusCode).toBe(200);
  expect((await put("/installation-settings/auditRetentionDays", superToken, { value: "90" })).statusCode).toBe(200);
});

afterAll(async () => {
  await t.close();
});

describe("GET /audit-logs", () => {
  it("shows a company's admin the changes of their company, newest first, with actor, address and the changed value", async () => {
    // Sign-ins are entries too (auth.login): the settings' changes are read by their target type.
    const response = await get("/audit-logs", a.adminToken, { targetType: "setting" });
    expect(response.statusCode).toBe(200);
    const page = response.json<AuditLogPage>();
    expect(page.records.map((entry) => entry.targetId)).toEqual(["asaas", "userRating"]);
    expect(page).toMatchObject({ count: 2, hasMore: false });
    expect(page.records[1]).toMatchObject({
      companyId: a.company.id,
      actorKind: "user",
      userId: colleague.id,
      userName: "Colega Admin",
      action: "settings.update",
      targetType: "setting",
      targetId: "userRating",
      ip: "127.0.0.1",
      changes: { value: { before: "disabled", after: "enabled" } },
    });
  });

  it("never shows a secret setting's value, only that it changed", async () => {
    const response = await get("/audit-logs", a.adminToken, { targetId: "asaas" });
    expect(response.json<AuditLogPage>().records[0]?.changes).toEqual({ value: { before: "", after: REDACTED } });
    expect(response.body).not.toContain("tok_secret_value_123");
    const [stored] = await t.db.select({ count: sql<number>`count(*)::int` }).from(auditLogs).where(sql`${auditLogs.changes}::text like '%tok_secret%'`);
    expect(stored?.count).toBe(0);
  });

  it("filters by action, actor, target and period", async () => {
    // The period is read on the company's clock.
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: a.company.timezone }).format(new Date());
    const later = new Date(Date.now() + 86_400_000 * 2).toISOString().slice(0, 10);
    const ids = async (query: Record<string, string>) => (await get("/audit-logs", a.adminToken, query)).json<AuditLogPage>().records.map((entry) => entry.targetId);
    expect(await ids({ action: "settings.update", userId: String(colleague.id) })).toEqual(["asaas", "userRating"]);
    expect(await ids({ userId: String(a.admin.id), action: "settings.update" })).toEqual([]);
    expect(await ids({ targetType: "setting", targetId: "userRating" })).toEqual(["userRating"]);
    expect(await ids({ dateFrom: later })).toEqual([]);
    expect(await ids({ dateTo: "2020-01-01" })).toEqual([]);
    expect(await ids({ dateFrom: "2020-01-01", dateTo: later, targetType: "setting" })).toHaveLength(2);
    expect(await ids({ action: "plan.update" })).toEqual([]);
    expect(await ids({ dateFrom: today, dateTo: today, targetType: "setting" })).toHaveLength(2);
  });

  it("answers 400 to an unknown action, a bad date or a period that ends before it starts", async () => {
    const queries: Record<string, string>[] = [{ action: "settings.delete" }, { dateFrom: "29/11/2026" }, { dateFrom: "2026-11-10", dateTo: "2026-11-01" }];
    for (const query of queries) {
      const response = await get("/audit-logs", a.adminToken, query);
      expect({ query, status: response.statusCode, error: response.json<{ error: string }>().error }).toEqual({ query, status: 400, error: "ERR_VALIDATION" });
    }
  });

  it("shows an admin nothing of another company: its id answers 404, its entries never appear", async () => {
    const other = await get("/audit-logs", a.adminToken, { companyId: String(b.company.id) });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ error: "ERR_NO_COMPANY_FOUND" });
    const own = await get("/audit-logs", b.adminToken, { targetType: "setting" });
    expect(own.json<AuditLogPage>().records.map((entry) => entry.targetId)).toEqual(["call"]);
  });

  it("refuses user-profile accounts and requests without a session", async () => {
    expect((await get("/audit-logs", agentToken)).json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    expect((await get("/audit-logs/export", agentToken)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/audit-logs" })).statusCode).toBe(401);
  });

  it("shows a super user the whole installation with each entry's company, and filters by company", async () => {
    const all = (await get("/audit-logs", superToken)).json<AuditLogPage>();
    expect(all.records.map((entry) => entry.targetId)).toEqual(expect.arrayContaining(["auditRetentionDays", "call", "asaas", "userRating"]));
    const installation = all.records.find((entry) => entry.targetId === "auditRetentionDays");
    expect(installation).toMatchObject({ companyId: null, companyName: null, action: "installation_settings.update", changes: { value: { before: "365", after: "90" } } });
    const ofA = (await get("/audit-logs", superToken, { companyId: String(a.company.id), targetType: "setting" })).json<AuditLogPage>();
    expect(ofA.records.every((entry) => entry.companyId === a.company.id && entry.companyName === a.company.name)).toBe(true);
    expect(ofA.count).toBe(2);
  });

  it("pages by 50, with the total and whether more follow", async () => {
    const company = await createTenant(t.app, t.db);
    await t.db.transaction(async (tx) => {
      for (let i = 0; i < AUDIT_PAGE_SIZE + 3; i++) await recordAudit(tx, { userId: company.admin.id, companyId: company.company.id }, { action: "queue.update", target: { type: "queue", id: i + 1 } });
    });
    const first = (await get("/audit-logs", company.adminToken, { action: "queue.update" })).json<AuditLogPage>();
    const second = (await get("/audit-logs", company.adminToken, { action: "queue.update", pageNumber: "2" })).json<AuditLogPage>();
    expect({ first: first.records.length, firstMore: first.hasMore, second: second.records.length, secondMore: second.hasMore, count: first.count }).toEqual({
      first: AUDIT_PAGE_SIZE,
      firstMore: true,
      second: 3,
      secondMore: false,
      count: AUDIT_PAGE_SIZE + 3,
    });
    expect(new Set([...first.records, ...second.records].map((entry) => entry.id)).size).toBe(AUDIT_PAGE_SIZE + 3);
  });
});

describe("GET /audit-logs/export", () => {
  it("writes the filtered entries as CSV in the requester's language, without the company column for an admin", async () => {
    const pt = await get("/audit-logs/export", a.adminToken, { action: "settings.update" });
    expect(pt.statusCode).toBe(200);
    expect(pt.headers["content-type"]).toContain("text/csv");
    const lines = pt.body.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("Data;Autor;Tipo de autor;Ação;Alvo;Id do alvo;Endereço;Alterações");
    expect(lines).toHaveLength(3);
    expect(lines.find((line) => line.includes("userRating"))).toContain("Colega Admin;usuário;settings.update;setting;userRating;127.0.0.1;value: disabled → enabled");
    expect(pt.body).not.toContain("tok_secret_value_123");
    const en = await get("/audit-logs/export", superToken, { companyId: String(a.company.id) }, { "accept-language": "en-US,en;q=0.9" });
    expect(en.body.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe("Date;Company;Actor;Actor kind;Action;Target;Target id;Address;Changes");
    expect(en.body).toContain(a.company.name);
  });
});

describe("the log is append-only", () => {
  it("refuses to change a written entry", async () => {
    const [entry] = await t.db.select({ id: auditLogs.id }).from(auditLogs).limit(1);
    await expect(t.db.update(auditLogs).set({ action: "user.delete" }).where(eq(auditLogs.id, entry!.id))).rejects.toThrow();
  });

  it("writes a change and its entry together: an entry of a rolled-back change is gone with it", async () => {
    const before = await t.db.select({ count: sql<number>`count(*)::int` }).from(auditLogs);
    await expect(
      t.db.transaction(async (tx) => {
        await recordAudit(tx, "system", { action: "plan.update", companyId: null, target: { type: "plan", id: 1 } });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await t.db.select({ count: sql<number>`count(*)::int` }).from(auditLogs)).toEqual(before);
  });
});

describe("retention", () => {
  it("removes, on its daily run, the entries older than the installation's retention and keeps the rest", async () => {
    const now = new Date("2031-06-01T04:30:00Z");
    await t.db.insert(auditLogs).values([
      { createdAt: new Date("2031-02-01T00:00:00Z"), actorKind: "system", action: "plan.update" },
      { createdAt: new Date("2031-03-04T00:00:00Z"), actorKind: "system", action: "plan.delete" },
    ]);
    expect(await auditRetentionDays(t.db)).toBe(90);
    const removed = await runAuditRetention({ db: t.db, now: () => now, retentionDays: auditRetentionDays });
    const left = await t.db.select({ action: auditLogs.action }).from(auditLogs).where(sql`${auditLogs.createdAt} >= '2031-01-01'`);
    // Everything written today (2026) is older than 90 days on 2031-06-01: only the March entry stays.
    expect(left).toEqual([{ action: "plan.delete" }]);
    expect(removed).toBeGreaterThan(1);
  });
});

describe("changedFields", () => {
  it("keeps only the fields that differ, drops bookkeeping fields, and redacts secrets by name or by list", () => {
    expect(
      changedFields(
        { name: "Vendas", color: "#111", updatedAt: new Date(1), apiKey: "sk-1", password: "a", notes: "x" },
        { name: "Vendas 2", color: "#111", updatedAt: new Date(2), apiKey: "sk-2", password: "a", notes: "y" },
        ["notes"],
      ),
    ).toEqual({ name: { before: "Vendas", after: "Vendas 2" }, apiKey: { before: REDACTED, after: REDACTED }, notes: { before: REDACTED, after: REDACTED } });
    expect(changedFields(null, { name: "Nova", color: null, token: "t" })).toEqual({ name: { before: null, after: "Nova" }, token: { before: null, after: REDACTED } });
    // The official line's credentials, by their own names, without a list.
    expect(changedFields({ accessToken: null, appSecret: "s1", cloudPhoneNumberId: "1" }, { accessToken: "t", appSecret: "s2", cloudPhoneNumberId: "2" })).toEqual({
      accessToken: { before: null, after: REDACTED },
      appSecret: { before: REDACTED, after: REDACTED },
      cloudPhoneNumberId: { before: "1", after: "2" },
    });
    expect(
      changedFields(
        { maxTokens: 100, clientSecret: "a", api_key: "k", passwordHash: "h", keywords: "x", totpSecret: "s" },
        { maxTokens: 200, clientSecret: "b", api_key: "l", passwordHash: "i", keywords: "y", totpSecret: "t" },
      ),
    ).toEqual({
      maxTokens: { before: 100, after: 200 },
      clientSecret: { before: REDACTED, after: REDACTED },
      api_key: { before: REDACTED, after: REDACTED },
      passwordHash: { before: REDACTED, after: REDACTED },
      keywords: { before: "x", after: "y" },
      totpSecret: { before: REDACTED, after: REDACTED },
    });
    expect(changedFields({ name: "Velha", when: new Date("2026-01-01T00:00:00Z") }, null)).toEqual({
      name: { before: "Velha", after: null },
      when: { before: "2026-01-01T00:00:00.000Z", after: null },
    });
  });
});
