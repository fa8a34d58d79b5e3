import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_BUSINESS_HOURS } from "@conversa/shared";
import { auditLogs, companies, contacts, plans, settings, users } from "../../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { bearer, createTenant, createUser, loginAs } from "../../../test/factories.ts";

let t: TestApp;
beforeEach(async () => {
  // A media folder of its own: deleting a company removes its folder, which must not be another test file's.
  t = await buildTestApp({ dataDir: mkdtempSync(path.join(os.tmpdir(), "companies-test-")) });
});
afterEach(async () => {
  await t.close();
});

describe("GET /companies/listPlan/:companyId", () => {
  it("answers the session's own company with its plan flags", async () => {
    const a = await createTenant(t.app, t.db, { flags: { useKanban: false } });

    const response = await t.app.inject({ method: "GET", url: `/companies/listPlan/${a.company.id}`, headers: bearer(a.agentToken) });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: a.company.id, plan: { id: a.company.plan.id, useKanban: false, useCampaigns: true, value: 99.9 } });
  });

  it("answers 404 ERR_NO_COMPANY_FOUND for another company, exactly as for a missing one", async () => {
    const a = await createTenant(t.app, t.db);
    const b = await createTenant(t.app, t.db);

    const other = await t.app.inject({ method: "GET", url: `/companies/listPlan/${a.company.id}`, headers: bearer(b.adminToken) });
    const missing = await t.app.inject({ method: "GET", url: `/companies/listPlan/999999`, headers: bearer(b.adminToken) });

    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
    expect(other.json()).toMatchObject({ error: "ERR_NO_COMPANY_FOUND" });
  });

  it("lets a super user read any company", async () => {
    const a = await createTenant(t.app, t.db);
    const b = await createTenant(t.app, t.db);
    const superUser = await createUser(t.db, { companyId: b.company.id, profile: "admin", isSuper: true });
    const session = await loginAs(t.app, superUser.email);

    const response = await t.app.inject({ method: "GET", url: `/companies/listPlan/${a.company.id}`, headers: bearer(session.token) });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: a.company.id });
  });

  it("answers 401 without a session, 400 for a bad id and 404 for a path that is no id", async () => {
    const a = await createTenant(t.app, t.db);
    expect((await t.app.inject({ method: "GET", url: `/companies/listPlan/${a.company.id}` })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: "GET", url: "/companies/listPlan/0", headers: bearer(a.adminToken) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: "ERR_VALIDATION" });
    const noId = await t.app.inject({ method: "GET", url: "/companies/listPlan/abc", headers: bearer(a.adminToken) });
    expect(noId.statusCode).toBe(404);
    expect(noId.json()).toMatchObject({ error: "ERR_NOT_FOUND" });
  });
});

describe("the companies administration (super users)", () => {
  let a: Awaited<ReturnType<typeof createTenant>>;
  let superToken: string;
  let superCompanyId: number;

  beforeEach(async () => {
    a = await createTenant(t.app, t.db);
    const own = await createTenant(t.app, t.db, { name: "Provedor" });
    superCompanyId = own.company.id;
    const superUser = await createUser(t.db, { companyId: own.company.id, profile: "admin", isSuper: true, email: "companies-super@example.com" });
    superToken = (await loginAs(t.app, superUser.email)).token;
  });

  type Method = "GET" | "POST" | "PUT" | "DELETE";
  const call = (method: Method, url: string, token?: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  const newCompany = (overrides: Record<string, unknown> = {}) => ({
    name: "Padaria Central",
    email: "Dona@Padaria.example",
    phone: "(11) 98765-4321",
    planId: a.company.plan.id,
    status: true,
    campaignsEnabled: false,
    dueDate: "2027-01-31T15:00:00.000Z",
    recurrence: "MENSAL",
    ...overrides,
  });
  const companyCount = async () => (await t.db.select({ id: companies.id }).from(companies)).length;
  const companyRow = async (id: number) => (await t.db.select().from(companies).where(eq(companies.id, id)))[0];
  const settingOf = async (companyId: number, key: string) =>
    (await t.db.select({ value: settings.value }).from(settings).where(and(eq(settings.companyId, companyId), eq(settings.key, key))))[0]?.value;

  describe("POST /companies", () => {
    it("creates the company with its default settings and a first admin, named after it, who has no password yet", async () => {
      const response = await call("POST", "/companies", superToken, newCompany());

      expect(response.statusCode, response.body).toBe(200);
      const created = response.json<{ id: number }>();
      expect(created).toEqual({
        id: created.id,
        name: "Padaria Central",
        email: "dona@padaria.example",
        phone: "(11) 98765-4321",
        planId: a.company.plan.id,
        plan: { id: a.company.plan.id, name: a.company.plan.name },
        status: true,
        campaignsEnabled: false,
        dueDate: "2027-01-31T15:00:00.000Z",
        recurrence: "MENSAL",
        createdAt: expect.any(String),
        trialExpiration: null,
        invitation: "sent",
      });
      expect(await settingOf(created.id, "campaignsEnabled")).toBe("false");
      expect(await settingOf(created.id, "userRating")).toBe("disabled");
      const admins = await t.db.select().from(users).where(eq(users.companyId, created.id));
      expect(admins).toMatchObject([{ name: "Padaria Central", email: "dona@padaria.example", profile: "admin", isSuper: false }]);
      for (const password of ["", "Padaria Central", admins[0]!.passwordHash]) {
        const login = await call("POST", "/auth/login", undefined, { email: "dona@padaria.example", password });
        expect(login.statusCode).not.toBe(200);
      }
    });

    it.each([
      ["an empty text", ""],
      ["a day February lacks", "2027-02-30"],
      ["words", "amanhã"],
      ["null", null],
    ])("stores no due date for %s (spec admin §5)", async (_label, dueDate) => {
      const response = await call("POST", "/companies", superToken, newCompany({ dueDate }));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ dueDate: null });
      expect((await companyRow(response.json<{ id: number }>().id))?.dueDate).toBeNull();
    });

    it.each([
      ["a company with another company's name in other case", () => ({ name: a.company.name.toUpperCase(), email: "novo@example.com" }), 409, "ERR_DUPLICATED_COMPANY"],
      ["an admin e-mail another user has", () => ({ email: a.agent.email.toUpperCase() }), 409, "ERR_EMAIL_ALREADY_EXISTS"],
      ["a plan that does not exist", () => ({ planId: 2147483647 }), 404, "ERR_NO_PLAN_FOUND"],
    ])("refuses %s and writes nothing", async (_label, overrides, status, error) => {
      const before = await companyCount();
      const response = await call("POST", "/companies", superToken, newCompany(overrides()));
      expect({ status: response.statusCode, error: response.json().error }).toEqual({ status, error });
      expect(await companyCount()).toBe(before);
    });

    it("refuses a plan with no room for the first admin with ERR_USER_LIMIT", async () => {
      await t.db.update(plans).set({ users: 0 }).where(eq(plans.id, a.company.plan.id));
      const before = await companyCount();
      const response = await call("POST", "/companies", superToken, newCompany());
      expect({ status: response.statusCode, error: response.json().error }).toEqual({ status: 403, error: "ERR_USER_LIMIT" });
      expect(await companyCount()).toBe(before);
    });

    it.each([
      ["a one-letter name", { name: "P" }],
      ["a 51-character name", { name: "x".repeat(51) }],
      ["no e-mail (the first admin's)", { email: undefined }],
      ["an e-mail that is not one", { email: "padaria" }],
      ["no plan", { planId: undefined }],
      ["a plan id as text", { planId: "1" }],
      ["a recurrence that does not exist", { recurrence: "SEMANAL" }],
      ["a phone with letters", { phone: "ligue já" }],
      ["a due date as a number", { dueDate: 1746095400000 }],
      ["a status as text", { status: "true" }],
      ["an unknown field", { companyId: 1 }],
    ])("answers 400 ERR_VALIDATION to %s", async (_label, overrides) => {
      const response = await call("POST", "/companies", superToken, newCompany(overrides));
      expect({ status: response.statusCode, error: response.json().error }).toEqual({ status: 400, error: "ERR_VALIDATION" });
    });

    it.each([
      ["an admin", () => a.adminToken],
      ["a user-profile account", () => a.agentToken],
    ])("answers 403 ERR_NO_PERMISSION to %s and creates nothing", async (_label, token) => {
      const before = await companyCount();
      const response = await call("POST", "/companies", token(), newCompany());
      expect({ status: response.statusCode, error: response.json().error }).toEqual({ status: 403, error: "ERR_NO_PERMISSION" });
      expect(await companyCount()).toBe(before);
    });

    it("answers 401 without a session", async () => {
      expect((await call("POST", "/companies", undefined, newCompany())).statusCode).toBe(401);
    });
  });

  describe("GET /companies", () => {
    it("answers pages of 20 companies by name, with the count and whether more exist", async () => {
      for (let i = 0; i < 23; i++) await call("POST", "/companies", superToken, newCompany({ name: `Loja ${String(i).padStart(2, "0")}`, email: `loja${i}@example.com` }));
      const first = await call("GET", "/companies", superToken);
      const second = await call("GET", "/companies?pageNumber=2", superToken);
      expect(first.statusCode).toBe(200);
      const page1 = first.json<{ companies: { name: string }[]; count: number; hasMore: boolean }>();
      const page2 = second.json<{ companies: { name: string }[]; count: number; hasMore: boolean }>();
      expect(page1.count).toBe(25);
      expect(page1.companies).toHaveLength(20);
      expect(page1.hasMore).toBe(true);
      expect(page2.companies).toHaveLength(5);
      expect(page2.hasMore).toBe(false);
      const names = [...page1.companies, ...page2.companies].map((company) => company.name);
      expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y)));
    });

    it("searches names and e-mails without case, taking % and _ literally", async () => {
      await call("POST", "/companies", superToken, newCompany({ name: "Mercado Azul", email: "contato@azul.example" }));
      await call("POST", "/companies", superToken, newCompany({ name: "Farmácia 100%", email: "farma@example.com" }));
      const byName = await call("GET", "/companies?searchParam=mercado", superToken);
      const byEmail = await call("GET", "/companies?searchParam=AZUL.EXAMPLE", superToken);
      const percent = await call("GET", `/companies?searchParam=${encodeURIComponent("100%")}`, superToken);
      const wildcard = await call("GET", `/companies?searchParam=${encodeURIComponent("%")}`, superToken);
      const namesOf = (response: { json: () => { companies: { name: string }[] } }) => response.json().companies.map((company) => company.name);
      expect(namesOf(byName)).toEqual(["Mercado Azul"]);
      expect(namesOf(byEmail)).toEqual(["Mercado Azul"]);
      expect(namesOf(percent)).toEqual(["Farmácia 100%"]);
      expect(namesOf(wildcard)).toEqual(["Farmácia 100%"]);
    });

    it.each(["/companies", "/companies/list"])("%s answers 403 ERR_NO_PERMISSION to a company's admin", async (url) => {
      const response = await call("GET", url, a.adminToken);
      expect({ status: response.statusCode, error: response.json().error }).toEqual({ status: 403, error: "ERR_NO_PERMISSION" });
    });
  });

  describe("GET /companies/list", () => {
    it("answers every company by name, with its plan and the campaigns setting", async () => {
      await call("POST", "/companies", superToken, newCompany());
      const response = await call("GET", "/companies/list", superToken);
      expect(response.statusCode).toBe(200);
      const list = response.json<{ name: string; campaignsEnabled: boolean; plan: unknown }[]>();
      expect(list.map((company) => company.name)).toEqual([a.company.name, "Padaria Central", "Provedor"].sort((x, y) => x.localeCompare(y)));
      expect(list.find((company) => company.name === "Padaria Central")).toMatchObject({ campaignsEnabled: false, plan: { id: a.company.plan.id } });
      expect(list.find((company) => company.name === a.company.name)).toMatchObject({ campaignsEnabled: true });
    });
  });

  describe("GET /companies/:id for a super user", () => {
    it("answers any company with its plan, its fields and the counts of what it holds", async () => {
      await t.db.insert(contacts).values([
        { companyId: a.company.id, name: "Cliente 1", number: "5511900000001" },
        { companyId: a.company.id, name: "Cliente 2", number: "5511900000002" },
      ]);
      await t.db.update(companies).set({ phone: "11 3333-4444", email: "financeiro@example.com" }).where(eq(companies.id, a.company.id));

      const response = await call("GET", `/companies/${a.company.id}`, superToken);

      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: a.company.id,
        name: a.company.name,
        email: "financeiro@example.com",
        phone: "11 3333-4444",
        plan: { id: a.company.plan.id, name: a.company.plan.name },
        status: true,
        campaignsEnabled: true,
        timezone: "America/Sao_Paulo",
        schedules: DEFAULT_BUSINESS_HOURS,
        counts: { users: 2, connections: 0, queues: 0, contacts: 2, tickets: 0, messages: 0, schedules: 0, quickMessages: 0, tags: 0 },
      });
    });

    it("answers 404 ERR_NO_COMPANY_FOUND for a company that does not exist", async () => {
      const response = await call("GET", "/companies/2147483647", superToken);
      expect({ status: response.statusCode, error: response.json().error }).toEqual({ status: 404, error: "ERR_NO_COMPANY_FOUND" });
    });
  });

  describe("PUT /companies/:id", () => {
    const body = (overrides: Record<string, unknown> = {}) => ({
      name: a.company.name,
      email: "contato@example.com",
      phone: "",
      planId: a.company.plan.id,
      status: true,
      campaignsEnabled: true,
      dueDate: "2025-01-31T15:00:00.000Z",
      recurrence: "MENSAL",
      ...overrides,
    });

    it("replaces the company's fields and keeps campaignsEnabled as its setting, announced to the company", async () => {
      const other = await createPlanRow();
      const response = await call("PUT", `/companies/${a.company.id}`, superToken, body({ name: "Nova Razão", planId: other.id, campaignsEnabled: false, phone: "11 2222-3333" }));

      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ id: a.company.id, name: "Nova Razão", planId: other.id, campaignsEnabled: false, phone: "11 2222-3333", dueDate: "2025-01-31T15:00:00.000Z" });
      expect(await companyRow(a.company.id)).toMatchObject({ name: "Nova Razão", planId: other.id, email: "contato@example.com" });
      expect(await settingOf(a.company.id, "campaignsEnabled")).toBe("false");
      expect(t.published).toContainEqual({ name: "setting.updated", payload: { companyId: a.company.id, setting: { key: "campaignsEnabled", value: "false" } } });
    });

    it("saves the due date as sent when not renewing: a plain save never moves it", async () => {
      for (let i = 0; i < 2; i++) {
        const response = await call("PUT", `/companies/${a.company.id}`, superToken, body());
        expect(response.json()).toMatchObject({ dueDate: "2025-01-31T15:00:00.000Z" });
      }
    });

    it.each([
      ["MENSAL, from 31 January, to the end of February", "MENSAL", "2025-01-31T15:00:00.000Z", "2025-02-28T15:00:00.000Z"],
      ["MENSAL, from the evening of 30 January in São Paulo, to the evening of 28 February there", "MENSAL", "2025-01-31T01:00:00.000Z", "2025-03-01T01:00:00.000Z"],
      ["BIMESTRAL", "BIMESTRAL", "2025-01-10T15:00:00.000Z", "2025-03-10T15:00:00.000Z"],
      ["TRIMESTRAL", "TRIMESTRAL", "2025-01-10T15:00:00.000Z", "2025-04-10T15:00:00.000Z"],
      ["SEMESTRAL", "SEMESTRAL", "2025-08-31T15:00:00.000Z", "2026-02-28T15:00:00.000Z"],
      ["ANUAL, from 29 February", "ANUAL", "2024-02-29T15:00:00.000Z", "2025-02-28T15:00:00.000Z"],
    ])("renews the due date %s", async (_label, recurrence, from, to) => {
      const response = await call("PUT", `/companies/${a.company.id}`, superToken, body({ recurrence, dueDate: from, renew: true }));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ dueDate: to, recurrence });
      expect((await companyRow(a.company.id))?.dueDate?.toISOString()).toBe(to);
    });

    it.each([
      ["an empty due date", ""],
      ["an invalid due date", "2025-02-30"],
      ["no due date", null],
    ])("renews nothing with %s: the company keeps no due date", async (_label, dueDate) => {
      const response = await call("PUT", `/companies/${a.company.id}`, superToken, body({ dueDate, renew: true }));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ dueDate: null });
      expect((await companyRow(a.company.id))?.dueDate).toBeNull();
    });

    it("allows a plan whose limits are under the company's current counts", async () => {
      const small = await createPlanRow({ users: 1, connections: 0, queues: 0 });
      const response = await call("PUT", `/companies/${a.company.id}`, superToken, body({ planId: small.id }));
      expect(response.statusCode, response.body).toBe(200);
      expect((await companyRow(a.company.id))?.planId).toBe(small.id);
      expect((await t.db.select().from(users).where(eq(users.companyId, a.company.id))).length).toBe(2);
    });

    it("answers 409 ERR_DUPLICATED_COMPANY for another company's name in any case, and keeps the name", async () => {
      const response = await call("PUT", `/companies/${a.company.id}`, superToken, body({ name: "PROVEDOR" }));
      expect({ status: response.statusCode, error: response.json().error }).toEqual({ status: 409, error: "ERR_DUPLICATED_COMPANY" });
      expect((await companyRow(a.company.id))?.name).toBe(a.company.name);
      const sameInOtherCase = await call("PUT", `/companies/${a.company.id}`, superToken, body({ name: a.company.name.toLowerCase() }));
      expect(sameInOtherCase.statusCode).toBe(200);
    });

    it.each([
      ["a company that does not exist", () => "/companies/2147483647", () => ({}), 404, "ERR_NO_COMPANY_FOUND"],
      ["a plan that does not exist", () => `/companies/${a.company.id}`, () => ({ planId: 2147483647 }), 404, "ERR_NO_PLAN_FOUND"],
    ])("answers %s with its code", async (_label, url, overrides, status, error) => {
      const response = await call("PUT", url(), superToken, body(overrides()));
      expect({ status: response.statusCode, error: response.json().error }).toEqual({ status, error });
    });

    it("refuses to disable the super user's own company with ERR_OWN_COMPANY, and changes nothing", async () => {
      const response = await call("PUT", `/companies/${superCompanyId}`, superToken, body({ name: "Provedor", status: false }));
      expect({ status: response.statusCode, error: response.json().error }).toEqual({ status: 409, error: "ERR_OWN_COMPANY" });
      expect(await companyRow(superCompanyId)).toMatchObject({ status: true, email: null });
      const enabled = await call("PUT", `/companies/${superCompanyId}`, superToken, body({ name: "Provedor" }));
      expect(enabled.statusCode).toBe(200);
    });

    it.each([
      ["an admin", () => a.adminToken],
      ["a user-profile account", () => a.agentToken],
    ])("answers 403 ERR_NO_PERMISSION to %s and changes nothing, even on its own company", async (_label, token) => {
      const response = await call("PUT", `/companies/${a.company.id}`, token(), body({ name: "Tomada", dueDate: "2099-01-01" }));
      expect({ status: response.statusCode, error: response.json().error }).toEqual({ status: 403, error: "ERR_NO_PERMISSION" });
      expect(await companyRow(a.company.id)).toMatchObject({ name: a.company.name, dueDate: a.company.dueDate });
    });

    it("answers 400 ERR_VALIDATION to a renew flag as text and an unknown field", async () => {
      for (const overrides of [{ renew: "yes" }, { ownerId: 1 }]) {
        const response = await call("PUT", `/companies/${a.company.id}`, superToken, body(overrides));
        expect({ status: response.statusCode, error: response.json().error }).toEqual({ status: 400, error: "ERR_VALIDATION" });
      }
    });
  });

  describe("DELETE /companies/:id", () => {
    it("refuses the super user's own company with ERR_OWN_COMPANY and keeps it", async () => {
      const response = await call("DELETE", `/companies/${superCompanyId}`, superToken);
      expect({ status: response.statusCode, error: response.json().error }).toEqual({ status: 409, error: "ERR_OWN_COMPANY" });
      expect(await companyRow(superCompanyId)).toBeDefined();
    });

    it("answers 404 ERR_NO_COMPANY_FOUND for a company that does not exist", async () => {
      const response = await call("DELETE", "/companies/2147483647", superToken);
      expect({ status: response.statusCode, error: response.json().error }).toEqual({ status: 404, error: "ERR_NO_COMPANY_FOUND" });
    });

    it.each([
      ["an admin, even of the company", () => a.adminToken],
      ["a user-profile account", () => a.agentToken],
    ])("answers 403 ERR_NO_PERMISSION to %s and deletes nothing", async (_label, token) => {
      const response = await call("DELETE", `/companies/${a.company.id}`, token());
      expect({ status: response.statusCode, error: response.json().error }).toEqual({ status: 403, error: "ERR_NO_PERMISSION" });
      expect(await companyRow(a.company.id)).toBeDefined();
    });

    it("deletes another company and answers 401 to its users from then on", async () => {
      const response = await call("DELETE", `/companies/${a.company.id}`, superToken);
      expect(response.statusCode, response.body).toBe(200);
      expect(await companyRow(a.company.id)).toBeUndefined();
      expect((await call("GET", "/auth/me", a.adminToken)).statusCode).toBe(401);
    });
  });

  describe("the audit log", () => {
    const entriesOf = (companyId: number) =>
      t.db.select().from(auditLogs).where(and(eq(auditLogs.targetType, "company"), eq(auditLogs.targetId, String(companyId)))).orderBy(auditLogs.id);

    it("records a super user's change of a company in that company, as the provider, with the changed fields only", async () => {
      const other = await createPlanRow();
      const payload = { name: a.company.name, email: "contato@example.com", phone: "", planId: a.company.plan.id, status: true, campaignsEnabled: true, dueDate: "2027-01-31T15:00:00.000Z", recurrence: "MENSAL" };
      expect((await call("PUT", `/companies/${a.company.id}`, superToken, payload)).statusCode).toBe(200);
      const response = await call("PUT", `/companies/${a.company.id}`, superToken, { ...payload, name: "Nova Razão", planId: other.id, campaignsEnabled: false });
      expect(response.statusCode, response.body).toBe(200);

      const [, entry] = await entriesOf(a.company.id);
      expect(entry).toMatchObject({ action: "company.update", companyId: a.company.id, companyName: "Nova Razão", actorKind: "provider" });
      expect(entry!.changes).toEqual({
        name: { before: a.company.name, after: "Nova Razão" },
        planId: { before: a.company.plan.id, after: other.id },
        campaignsEnabled: { before: true, after: false },
      });
    });

    it("records a creation and a deletion in the company concerned, the deletion still naming it", async () => {
      const created = await call("POST", "/companies", superToken, newCompany({ name: "Padaria Auditada" }));
      expect(created.statusCode, created.body).toBe(200);
      const { id } = created.json<{ id: number }>();
      expect((await call("DELETE", `/companies/${id}`, superToken)).statusCode).toBe(200);

      const [creation, deletion] = await entriesOf(id);
      expect(creation).toMatchObject({ action: "company.create", companyId: id, companyName: "Padaria Auditada", actorKind: "provider" });
      expect(creation!.changes).toMatchObject({ name: { before: null, after: "Padaria Auditada" }, campaignsEnabled: { before: null, after: false } });
      expect(deletion).toMatchObject({ action: "company.delete", companyId: id, companyName: "Padaria Auditada" });
      expect(deletion!.changes).toMatchObject({ name: { before: "Padaria Auditada", after: null } });
    });

    it("writes no entry for a refused change", async () => {
      const response = await call("PUT", `/companies/${a.company.id}`, a.adminToken, { name: "Tentativa" });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(await entriesOf(a.company.id)).toEqual([]);
    });
  });

  async function createPlanRow(limits: { users?: number; connections?: number; queues?: number } = {}) {
    const [plan] = await t.db.insert(plans).values({ name: `Plano ${Math.random().toString(36).slice(2, 8)}`, users: 10, connections: 5, queues: 10, ...limits }).returning();
    return plan!;
  }
});
