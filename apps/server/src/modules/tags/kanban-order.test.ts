import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditLogs, companies, tags } from "../../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { bearer, createPlan, createTenant, createUser, loginAs } from "../../../test/factories.ts";

let t: TestApp;
let a: Awaited<ReturnType<typeof createTenant>>;
let b: Awaited<ReturnType<typeof createTenant>>;

beforeEach(async () => {
  t = await buildTestApp();
  a = await createTenant(t.app, t.db);
  b = await createTenant(t.app, t.db);
});
afterEach(async () => {
  await t.close();
});

const order = (token: string | undefined, payload: unknown) =>
  t.app.inject({ method: "PUT", url: "/tags/kanban/order", headers: token ? bearer(token) : {}, payload: payload as Record<string, unknown> });
const lanes = async (token: string) => (await t.app.inject({ method: "GET", url: "/tags/kanban", headers: bearer(token) })).json<{ lista: { id: number; name: string }[] }>().lista;
const names = async (token: string) => (await lanes(token)).map((lane) => lane.name);

async function lane(companyId: number, name: string, kanban = 1) {
  const [row] = await t.db.insert(tags).values({ companyId, name, kanban }).returning();
  if (!row) throw new Error("tag not created");
  return row;
}

const orderOf = async (companyId: number) =>
  (await t.db.select({ name: tags.name, kanbanOrder: tags.kanbanOrder }).from(tags).where(eq(tags.companyId, companyId))).sort((x, y) => x.name.localeCompare(y.name));

describe("PUT /tags/kanban/order", () => {
  it("keeps the order an admin sets for every user of the company, and tells open boards", async () => {
    const novo = await lane(a.company.id, "Novo");
    const fechando = await lane(a.company.id, "Fechando");
    const proposta = await lane(a.company.id, "Proposta");
    expect(await names(a.agentToken)).toEqual(["Fechando", "Novo", "Proposta"]);

    const response = await order(a.adminToken, { tagIds: [novo.id, proposta.id, fechando.id] });

    expect(response.statusCode).toBe(200);
    expect(response.json().lista.map((tag: { name: string }) => tag.name)).toEqual(["Novo", "Proposta", "Fechando"]);
    expect(await names(a.agentToken)).toEqual(["Novo", "Proposta", "Fechando"]);
    const told = t.published.filter((event) => event.name === "record.changed" && event.payload.channel === "tag" && event.payload.action === "update");
    expect(told.map((event) => (event.payload as { companyId: number }).companyId)).toEqual([a.company.id, a.company.id, a.company.id]);
  });

  it("keeps each company's order apart, and puts a lane added later after the placed ones", async () => {
    const x = await lane(a.company.id, "Xis");
    const y = await lane(a.company.id, "Ypsilon");
    await lane(b.company.id, "Alfa");
    await lane(b.company.id, "Beta");
    expect((await order(a.adminToken, { tagIds: [y.id, x.id] })).statusCode).toBe(200);
    await lane(a.company.id, "Aaa nova");

    expect(await names(a.adminToken)).toEqual(["Ypsilon", "Xis", "Aaa nova"]);
    expect(await names(b.adminToken)).toEqual(["Alfa", "Beta"]);
  });

  it("records the lanes' order before and after in the audit log", async () => {
    const novo = await lane(a.company.id, "Novo");
    const fechando = await lane(a.company.id, "Fechando");
    expect((await order(a.adminToken, { tagIds: [novo.id, fechando.id] })).statusCode).toBe(200);
    const [entry] = await t.db.select().from(auditLogs).where(and(eq(auditLogs.companyId, a.company.id), eq(auditLogs.action, "kanban.order.update")));
    expect(entry).toMatchObject({ userId: a.admin.id, targetType: null });
    expect(entry!.changes).toEqual({ tagIds: { before: [fechando.id, novo.id], after: [novo.id, fechando.id] } });
  });

  it("lets a supervisor order the lanes", async () => {
    const one = await lane(a.company.id, "Um");
    const two = await lane(a.company.id, "Dois");
    const supervisor = await createUser(t.db, { companyId: a.company.id, profile: "supervisor" });
    const { token } = await loginAs(t.app, supervisor.email);

    expect((await order(token, { tagIds: [one.id, two.id] })).statusCode).toBe(200);
    expect(await names(a.agentToken)).toEqual(["Um", "Dois"]);
  });

  it("refuses an attendant with ERR_NO_PERMISSION and changes nothing", async () => {
    const one = await lane(a.company.id, "Um");
    const two = await lane(a.company.id, "Dois");

    const response = await order(a.agentToken, { tagIds: [one.id, two.id] });

    expect([response.statusCode, response.json().error]).toEqual([403, "ERR_NO_PERMISSION"]);
    expect(await orderOf(a.company.id)).toEqual([
      { name: "Dois", kanbanOrder: null },
      { name: "Um", kanbanOrder: null },
    ]);
  });

  it("answers 404 for another company's lane, a tag that is not a lane or a lane left out, with nothing changed", async () => {
    const one = await lane(a.company.id, "Um");
    const two = await lane(a.company.id, "Dois");
    const plain = await lane(a.company.id, "Comum", 0);
    const foreign = await lane(b.company.id, "Alheia");

    for (const tagIds of [[one.id, two.id, foreign.id], [one.id, two.id, plain.id], [one.id]]) {
      const response = await order(a.adminToken, { tagIds });
      expect([response.statusCode, response.json().error]).toEqual([404, "ERR_NO_TAG_FOUND"]);
    }
    expect((await orderOf(a.company.id)).every((row) => row.kanbanOrder === null)).toBe(true);
    expect(await orderOf(b.company.id)).toEqual([{ name: "Alheia", kanbanOrder: null }]);
  });

  it("answers 401 without a session and 400 for a repeated lane or a malformed body", async () => {
    const one = await lane(a.company.id, "Um");
    expect((await order(undefined, { tagIds: [one.id] })).statusCode).toBe(401);
    for (const payload of [{ tagIds: [one.id, one.id] }, { tagIds: "1,2" }, { tagIds: [one.id], extra: true }, {}]) {
      const response = await order(a.adminToken, payload);
      expect([response.statusCode, response.json().error]).toEqual([400, "ERR_VALIDATION"]);
    }
  });

  it("is refused when the plan switches kanban off", async () => {
    const one = await lane(a.company.id, "Um");
    const plan = await createPlan(t.db, { useKanban: false });
    await t.db.update(companies).set({ planId: plan.id }).where(eq(companies.id, a.company.id));

    const response = await order(a.adminToken, { tagIds: [one.id] });

    expect([response.statusCode, response.json().error]).toEqual([403, "ERR_PLAN_FEATURE_DISABLED"]);
  });
});
