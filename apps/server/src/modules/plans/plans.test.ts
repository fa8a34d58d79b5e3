import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditLogs, companies, plans } from "../../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { bearer, createTenant, createUser, loginAs } from "../../../test/factories.ts";

let t: TestApp;
let a: Awaited<ReturnType<typeof createTenant>>;
let superToken: string;

beforeEach(async () => {
  t = await buildTestApp();
  a = await createTenant(t.app, t.db);
  const superUser = await createUser(t.db, { companyId: a.company.id, profile: "admin", isSuper: true, name: "Sara Super", email: "plans-super@example.com" });
  superToken = (await loginAs(t.app, superUser.email)).token;
});
afterEach(async () => {
  await t.close();
});

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (method: Method, url: string, token?: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

const FLAGS = { useCampaigns: true, useSchedules: true, useInternalChat: false, useExternalApi: true, useKanban: false, useOpenAi: true, useIntegrations: false };
const body = (overrides: Record<string, unknown> = {}) => ({ name: "Ouro", users: 10, connections: 3, queues: 5, value: 199.9, ...FLAGS, ...overrides });
const planRow = async (id: number) => (await t.db.select().from(plans).where(eq(plans.id, id)))[0];
const planCount = async () => (await t.db.select({ id: plans.id }).from(plans)).length;

describe("POST /plans", () => {
  it("creates a plan for a super user, the price kept in BRL with 2 decimals", async () => {
    const response = await call("POST", "/plans", superToken, body());
    expect(response.statusCode, response.body).toBe(200);
    const plan = response.json<{ id: number }>();
    expect(plan).toEqual({ id: plan.id, ...body(), storageQuotaMb: 5120, isPublic: true });
    expect((await planRow(plan.id))?.value).toBe("199.90");
  });

  it("keeps the storage quota given, 0 being unlimited", async () => {
    const response = await call("POST", "/plans", superToken, body({ storageQuotaMb: 0 }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ storageQuotaMb: 0 });
    expect((await planRow(response.json<{ id: number }>().id))?.storageQuotaMb).toBe(0);
  });

  it.each([
    ["an admin", () => a.adminToken],
    ["a user-profile account", () => a.agentToken],
  ])("answers 403 ERR_NO_PERMISSION to %s and creates nothing", async (_label, token) => {
    const before = await planCount();
    const response = await call("POST", "/plans", token(), body());
    expect({ status: response.statusCode, error: response.json().error }).toEqual({ status: 403, error: "ERR_NO_PERMISSION" });
    expect(await planCount()).toBe(before);
  });

  it("answers 401 without a session", async () => {
    expect((await call("POST", "/plans", undefined, body())).statusCode).toBe(401);
  });

  it.each([
    ["a one-letter name", { name: "A" }],
    ["a 51-character name", { name: "x".repeat(51) }],
    ["a negative user limit", { users: -1 }],
    ["a fractional queue limit", { queues: 1.5 }],
    ["a limit past the maximum", { connections: 100_001 }],
    ["a negative price", { value: -1 }],
    ["a price with 3 decimals", { value: 10.555 }],
    ["a text that is no price", { value: "R$ 10" }],
    ["a flag as text", { useKanban: "yes" }],
    ["an unknown field", { companyId: 1 }],
    ["a negative storage quota", { storageQuotaMb: -1 }],
    ["a fractional storage quota", { storageQuotaMb: 1.5 }],
    ["a storage quota past 1 TiB", { storageQuotaMb: 1_048_577 }],
    ["a storage quota as text", { storageQuotaMb: "5120" }],
  ])("answers 400 ERR_VALIDATION to %s", async (_label, overrides) => {
    const response = await call("POST", "/plans", superToken, body(overrides));
    expect({ status: response.statusCode, error: response.json().error }).toEqual({ status: 400, error: "ERR_VALIDATION" });
  });

  it("answers 400 when a field is missing", async () => {
    const { useIntegrations: _left, ...partial } = body();
    expect((await call("POST", "/plans", superToken, partial)).statusCode).toBe(400);
  });

  it("answers 409 ERR_DUPLICATED_PLAN for a name another plan has", async () => {
    await call("POST", "/plans", superToken, body());
    const before = await planCount();
    const response = await call("POST", "/plans", superToken, body({ users: 1 }));
    expect({ status: response.statusCode, error: response.json().error }).toEqual({ status: 409, error: "ERR_DUPLICATED_PLAN" });
    expect(await planCount()).toBe(before);
  });
});

describe("PUT /plans/:id", () => {
  it("replaces the plan's fields", async () => {
    const created = (await call("POST", "/plans", superToken, body())).json<{ id: number }>();
    const response = await call("PUT", `/plans/${created.id}`, superToken, body({ name: "Ouro Plus", value: 249, useKanban: true }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ id: created.id, ...body({ name: "Ouro Plus", value: 249, useKanban: true }), storageQuotaMb: 5120, isPublic: true });
    expect(await planRow(created.id)).toMatchObject({ name: "Ouro Plus", value: "249.00", useKanban: true });
  });

  it("writes the storage quota sent, and keeps it when a body leaves it out (the previous generation's clients)", async () => {
    const created = (await call("POST", "/plans", superToken, body())).json<{ id: number }>();
    const changed = await call("PUT", `/plans/${created.id}`, superToken, body({ storageQuotaMb: 10_240 }));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ storageQuotaMb: 10_240 });
    const lineage = await call("PUT", `/plans/${created.id}`, superToken, body({ name: "Ouro Antigo" }));
    expect(lineage.statusCode, lineage.body).toBe(200);
    expect(lineage.json()).toMatchObject({ name: "Ouro Antigo", storageQuotaMb: 10_240 });
    expect(await planRow(created.id)).toMatchObject({ name: "Ouro Antigo", storageQuotaMb: 10_240 });
    const listed = (await call("GET", "/plans/all", superToken)).json<{ id: number; storageQuotaMb: number }[]>();
    expect(listed.find((plan) => plan.id === created.id)?.storageQuotaMb).toBe(10_240);
  });

  it("answers 409 ERR_DUPLICATED_PLAN when renamed to another plan's name, and keeps it", async () => {
    const created = (await call("POST", "/plans", superToken, body())).json<{ id: number }>();
    const response = await call("PUT", `/plans/${created.id}`, superToken, body({ name: a.company.plan.name }));
    expect({ status: response.statusCode, error: response.json().error }).toEqual({ status: 409, error: "ERR_DUPLICATED_PLAN" });
    expect((await planRow(created.id))?.name).toBe("Ouro");
  });

  it("answers 404 ERR_NO_PLAN_FOUND for an unknown id", async () => {
    const response = await call("PUT", "/plans/2147483647", superToken, body());
    expect({ status: response.statusCode, error: response.json().error }).toEqual({ status: 404, error: "ERR_NO_PLAN_FOUND" });
  });

  it("answers 403 ERR_NO_PERMISSION to an admin and leaves the plan as it was", async () => {
    const response = await call("PUT", `/plans/${a.company.plan.id}`, a.adminToken, body({ name: "Hijacked" }));
    expect({ status: response.statusCode, error: response.json().error }).toEqual({ status: 403, error: "ERR_NO_PERMISSION" });
    expect((await planRow(a.company.plan.id))?.name).toBe(a.company.plan.name);
  });
});

describe("GET /plans/all", () => {
  it("lists every plan by name for a super user", async () => {
    await call("POST", "/plans", superToken, body({ name: "Bronze" }));
    await call("POST", "/plans", superToken, body({ name: "Alfa" }));
    const response = await call("GET", "/plans/all", superToken);
    expect(response.statusCode).toBe(200);
    const names = response.json<{ name: string }[]>().map((plan) => plan.name);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y)));
    expect(names).toEqual(expect.arrayContaining(["Alfa", "Bronze", a.company.plan.name]));
  });

  it.each([
    ["an admin", () => a.adminToken],
    ["a user-profile account", () => a.agentToken],
  ])("answers 403 ERR_NO_PERMISSION to %s", async (_label, token) => {
    const response = await call("GET", "/plans/all", token());
    expect({ status: response.statusCode, error: response.json().error }).toEqual({ status: 403, error: "ERR_NO_PERMISSION" });
  });
});

describe("GET /plans/list", () => {
  it("answers the plans to a visitor without a session, with plan fields only and a cache lifetime", async () => {
    await call("POST", "/plans", superToken, body({ name: "Prata" }));
    const response = await call("GET", "/plans/list");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=60");
    const list = response.json<Record<string, unknown>[]>();
    expect(list.map((plan) => plan.name)).toEqual(expect.arrayContaining(["Prata", a.company.plan.name]));
    const keys = [...new Set(list.flatMap((plan) => Object.keys(plan)))].sort();
    expect(keys).toEqual(["connections", "id", "isPublic", "name", "queues", "storageQuotaMb", "useCampaigns", "useExternalApi", "useIntegrations", "useInternalChat", "useKanban", "useOpenAi", "useSchedules", "users", "value"]);
    expect(response.body).not.toContain(a.company.name);
  });
});

describe("DELETE /plans/:id", () => {
  it("deletes a plan no company is on", async () => {
    const created = (await call("POST", "/plans", superToken, body())).json<{ id: number }>();
    const response = await call("DELETE", `/plans/${created.id}`, superToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(await planRow(created.id)).toBeUndefined();
  });

  it("answers 409 ERR_PLAN_IN_USE while a company is on the plan, and keeps both", async () => {
    const response = await call("DELETE", `/plans/${a.company.plan.id}`, superToken);
    expect({ status: response.statusCode, error: response.json().error }).toEqual({ status: 409, error: "ERR_PLAN_IN_USE" });
    expect(await planRow(a.company.plan.id)).toBeDefined();
    const [company] = await t.db.select({ planId: companies.planId }).from(companies).where(eq(companies.id, a.company.id));
    expect(company?.planId).toBe(a.company.plan.id);
  });

  it("answers 404 ERR_NO_PLAN_FOUND for an unknown id", async () => {
    const response = await call("DELETE", "/plans/2147483647", superToken);
    expect({ status: response.statusCode, error: response.json().error }).toEqual({ status: 404, error: "ERR_NO_PLAN_FOUND" });
  });

  it("answers 403 ERR_NO_PERMISSION to an admin and deletes nothing", async () => {
    const created = (await call("POST", "/plans", superToken, body())).json<{ id: number }>();
    const response = await call("DELETE", `/plans/${created.id}`, a.adminToken);
    expect({ status: response.statusCode, error: response.json().error }).toEqual({ status: 403, error: "ERR_NO_PERMISSION" });
    expect(await planRow(created.id)).toBeDefined();
  });
});

describe("the audit log", () => {
  const entries = () => t.db.select().from(auditLogs).where(eq(auditLogs.targetType, "plan")).orderBy(auditLogs.id);

  it("records a plan's creation, change and deletion as the installation's, with the changed fields only", async () => {
    const { id } = (await call("POST", "/plans", superToken, body())).json<{ id: number }>();
    expect((await call("PUT", `/plans/${id}`, superToken, body({ value: 249.9, users: 20 }))).statusCode).toBe(200);
    expect((await call("DELETE", `/plans/${id}`, superToken)).statusCode).toBe(200);

    const [creation, change, deletion] = await entries();
    expect([creation, change, deletion]).toMatchObject([
      { action: "plan.create", companyId: null, companyName: null, actorKind: "provider", userName: "Sara Super", targetId: String(id) },
      { action: "plan.update", companyId: null, targetId: String(id) },
      { action: "plan.delete", companyId: null, targetId: String(id) },
    ]);
    expect(creation!.changes).toMatchObject({ name: { before: null, after: "Ouro" }, value: { before: null, after: 199.9 } });
    expect(change!.changes).toEqual({ value: { before: 199.9, after: 249.9 }, users: { before: 10, after: 20 } });
    expect(deletion!.changes).toEqual({ name: { before: "Ouro", after: null } });
  });

  it("writes no entry for a refused change", async () => {
    await call("POST", "/plans", superToken, body({ name: "Prata" }));
    const { id } = (await call("POST", "/plans", superToken, body())).json<{ id: number }>();
    expect((await call("PUT", `/plans/${id}`, superToken, body({ name: "Prata" }))).statusCode).toBe(409);
    expect((await call("DELETE", `/plans/${a.company.plan.id}`, superToken)).statusCode).toBe(409);
    expect((await entries()).map((entry) => entry.action)).toEqual(["plan.create", "plan.create"]);
  });
});
