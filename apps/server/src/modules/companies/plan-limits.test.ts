import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { connections, plans, queues, users } from "../../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { bearer, createTenant, createUser, loginAs } from "../../../test/factories.ts";

/*
 * The plan's limits of users, connections and queues (spec core §1, §3) on every path that creates one:
 * POST /users, POST /companies (its first admin), POST /whatsapp and POST /queue. Each check runs under a
 * per-company lock, so parallel creations at the limit cannot overshoot it. A plan lowered under a
 * company's counts is allowed; only new creations are refused then.
 */

let t: TestApp;
let a: Awaited<ReturnType<typeof createTenant>>;
let superToken: string;

beforeEach(async () => {
  t = await buildTestApp();
  a = await createTenant(t.app, t.db);
  const provider = await createTenant(t.app, t.db, { name: "Provedor" });
  const superUser = await createUser(t.db, { companyId: provider.company.id, profile: "admin", isSuper: true, email: "limits-super@example.com" });
  superToken = (await loginAs(t.app, superUser.email)).token;
});
afterEach(async () => {
  await t.close();
});

let serial = 0;
const next = () => ++serial;

/** Each kind of limited record: how to create one through the API, how many the company has, and the refusal. */
const KINDS = {
  users: {
    limit: "users",
    error: "ERR_USER_LIMIT",
    create: () => t.app.inject({ method: "POST", url: "/users", headers: bearer(a.adminToken), payload: { name: `Pessoa ${next()}`, email: `pessoa${serial}@limits.example`, password: "Segredo-1" } }),
    count: async () => (await t.db.select({ id: users.id }).from(users).where(eq(users.companyId, a.company.id))).length,
  },
  connections: {
    limit: "connections",
    error: "ERR_CONNECTION_LIMIT",
    create: () => t.app.inject({ method: "POST", url: "/whatsapp", headers: bearer(a.adminToken), payload: { name: `Conexão ${next()}` } }),
    count: async () => (await t.db.select({ id: connections.id }).from(connections).where(eq(connections.companyId, a.company.id))).length,
  },
  queues: {
    limit: "queues",
    error: "ERR_QUEUE_LIMIT",
    create: () => t.app.inject({ method: "POST", url: "/queue", headers: bearer(a.adminToken), payload: { name: `Fila ${next()}`, color: `#${(0x100000 + serial * 7919).toString(16).slice(-6)}` } }),
    count: async () => (await t.db.select({ id: queues.id }).from(queues).where(eq(queues.companyId, a.company.id))).length,
  },
} as const;

const setLimit = (kind: keyof typeof KINDS, value: number) => t.db.update(plans).set({ [KINDS[kind].limit]: value }).where(eq(plans.id, a.company.plan.id));

describe.each(Object.keys(KINDS) as (keyof typeof KINDS)[])("the plan's %s limit", (kind) => {
  const spec = KINDS[kind];

  it("lets the company create up to the limit and refuses the next one, writing nothing", async () => {
    const start = await spec.count();
    await setLimit(kind, start + 2);
    for (let i = 0; i < 2; i++) {
      const created = await spec.create();
      expect(created.statusCode, created.body).toBe(200);
    }
    const refused = await spec.create();
    expect({ status: refused.statusCode, error: refused.json().error }).toEqual({ status: 403, error: spec.error });
    expect(await spec.count()).toBe(start + 2);
  });

  it("holds under parallel creations: with room for one, exactly one of five is created", async () => {
    const start = await spec.count();
    await setLimit(kind, start + 1);
    const answers = await Promise.all(Array.from({ length: 5 }, () => spec.create()));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 403, 403, 403, 403]);
    for (const refused of answers.filter((answer) => answer.statusCode === 403)) expect(refused.json().error).toBe(spec.error);
    expect(await spec.count()).toBe(start + 1);
  });

  it("allows the plan to be lowered under the company's count, keeps what exists and refuses new ones", async () => {
    await setLimit(kind, 100);
    for (let i = 0; i < 2; i++) expect((await spec.create()).statusCode).toBe(200);
    const count = await spec.count();
    const [plan] = await t.db.select().from(plans).where(eq(plans.id, a.company.plan.id));
    const lowered = await t.app.inject({
      method: "PUT",
      url: `/plans/${plan!.id}`,
      headers: bearer(superToken),
      payload: {
        name: plan!.name,
        users: plan!.users,
        connections: plan!.connections,
        queues: plan!.queues,
        [spec.limit]: count - 1,
        value: Number(plan!.value),
        useCampaigns: true,
        useSchedules: true,
        useInternalChat: true,
        useExternalApi: true,
        useKanban: true,
        useOpenAi: true,
        useIntegrations: true,
      },
    });
    expect(lowered.statusCode, lowered.body).toBe(200);
    const refused = await spec.create();
    expect({ status: refused.statusCode, error: refused.json().error }).toEqual({ status: 403, error: spec.error });
    expect(await spec.count()).toBe(count);
  });
});

describe("a company moved onto a smaller plan", () => {
  it("keeps its records and is refused new ones", async () => {
    const [small] = await t.db.insert(plans).values({ name: "Mínimo", users: 1, connections: 0, queues: 0 }).returning();
    const moved = await t.app.inject({
      method: "PUT",
      url: `/companies/${a.company.id}`,
      headers: bearer(superToken),
      payload: { name: a.company.name, email: "loja@limits.example", planId: small!.id, status: true, campaignsEnabled: true, dueDate: a.company.dueDate?.toISOString(), recurrence: "MENSAL" },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    for (const spec of Object.values(KINDS)) {
      const before = await spec.count();
      const refused = await spec.create();
      expect({ status: refused.statusCode, error: refused.json().error }).toEqual({ status: 403, error: spec.error });
      expect(await spec.count()).toBe(before);
    }
    expect(await KINDS.users.count()).toBe(2);
  });
});

describe("POST /companies and its first admin", () => {
  it("counts the first admin against the plan: a plan without room for one user is refused with ERR_USER_LIMIT", async () => {
    const [none] = await t.db.insert(plans).values({ name: "Sem usuários", users: 0, connections: 1, queues: 1 }).returning();
    const [one] = await t.db.insert(plans).values({ name: "Um usuário", users: 1, connections: 1, queues: 1 }).returning();
    const body = (planId: number, name: string) => ({ name, email: `${name.toLowerCase().replace(/\W/g, "")}@limits.example`, planId });
    const refused = await t.app.inject({ method: "POST", url: "/companies", headers: bearer(superToken), payload: body(none!.id, "Sem Lugar") });
    expect({ status: refused.statusCode, error: refused.json().error }).toEqual({ status: 403, error: "ERR_USER_LIMIT" });
    const created = await t.app.inject({ method: "POST", url: "/companies", headers: bearer(superToken), payload: body(one!.id, "Com Lugar") });
    expect(created.statusCode, created.body).toBe(200);
  });
});
