import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, contacts, ticketEvents, tickets, userRatings, users } from "../../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { bearer, createCompany, createSimulatorConnection, createTenant, createUser, loginAs } from "../../../test/factories.ts";

/**
 * A hand-made history. Company A runs on America/Sao_Paulo (UTC−3, no daylight saving since 2019);
 * the period 2025-03-10..2025-03-11 there is [2025-03-10T03:00Z, 2025-03-12T03:00Z).
 * Company B runs on UTC and has its own tickets and ratings on the same days, never counted for A.
 */
let t: TestApp;
let a: Awaited<ReturnType<typeof createTenant>>;
let b: Awaited<ReturnType<typeof createTenant>>;
let carla: { id: number };
let davi: { id: number };
let superToken: string;
let baseline: { companies: number; connected: number };

const at = (iso: string) => new Date(iso);
let seq = 0;

async function ticket(companyId: number, values: { status: "open" | "pending" | "closed"; createdAt: string; acceptedAt?: string; closedAt?: string; userId?: number }) {
  seq += 1;
  const [contact] = await t.db.insert(contacts).values({ companyId, name: `Cliente ${seq}`, number: `5511900${String(seq).padStart(6, "0")}` }).returning();
  const [row] = await t.db
    .insert(tickets)
    .values({
      companyId,
      contactId: contact!.id,
      status: values.status,
      userId: values.userId ?? null,
      createdAt: at(values.createdAt),
      updatedAt: at(values.closedAt ?? values.acceptedAt ?? values.createdAt),
      acceptedAt: values.acceptedAt ? at(values.acceptedAt) : null,
      closedAt: values.closedAt ? at(values.closedAt) : null,
    })
    .returning();
  return row!;
}

async function rate(companyId: number, ticketId: number, userId: number, rateValue: number, createdAt: string) {
  await t.db.insert(userRatings).values({ companyId, ticketId, userId, rate: rateValue, createdAt: at(createdAt), updatedAt: at(createdAt) });
}

beforeAll(async () => {
  t = await buildTestApp();
  const [companyCount] = await t.db.select({ n: sql<number>`count(*)::int` }).from(companies);
  baseline = { companies: companyCount?.n ?? 0, connected: 0 };
  a = await createTenant(t.app, t.db);
  b = await createTenant(t.app, t.db);
  await t.db.update(companies).set({ timezone: "UTC" }).where(eq(companies.id, b.company.id));
  carla = await createUser(t.db, { companyId: a.company.id, name: "Carla Lima" });
  davi = await createUser(t.db, { companyId: a.company.id, name: "Davi Rocha" });
  await t.db.update(users).set({ online: true }).where(eq(users.id, carla.id));
  await t.db.update(users).set({ online: true }).where(eq(users.id, a.agent.id));

  const A = a.company.id;
  const beto = a.agent.id;
  // T1: Carla, waited 10 min, attended 60 min, rated 3 within the period.
  const t1 = await ticket(A, { status: "closed", createdAt: "2025-03-10T12:00:00Z", acceptedAt: "2025-03-10T12:10:00Z", closedAt: "2025-03-10T13:10:00Z", userId: carla.id });
  await rate(A, t1.id, carla.id, 3, "2025-03-10T13:15:00Z");
  // T2: Carla, waited 30, attended 90, rated 2.
  const t2 = await ticket(A, { status: "closed", createdAt: "2025-03-10T14:00:00Z", acceptedAt: "2025-03-10T14:30:00Z", closedAt: "2025-03-10T16:00:00Z", userId: carla.id });
  await rate(A, t2.id, carla.id, 2, "2025-03-10T16:05:00Z");
  // T3: Beto, created at 02:30Z on the 11th = 23:30 local on the 10th; waited 20; still open.
  await ticket(A, { status: "open", createdAt: "2025-03-11T02:30:00Z", acceptedAt: "2025-03-11T02:50:00Z", userId: beto });
  // T4: pending, nobody accepted it.
  await ticket(A, { status: "pending", createdAt: "2025-03-11T10:00:00Z" });
  // T5: Beto, created 23:59 local on the 11th (waited 6), closed 00:30 local on the 12th: not finished within the period; its rating falls outside too.
  const t5 = await ticket(A, { status: "closed", createdAt: "2025-03-12T02:59:00Z", acceptedAt: "2025-03-12T03:05:00Z", closedAt: "2025-03-12T03:30:00Z", userId: beto });
  await rate(A, t5.id, beto, 3, "2025-03-12T03:31:00Z");
  // T6: Beto, created before the period, closed 01:00 local on the 10th: finished within it, attended 420, rated 1 within it.
  const t6 = await ticket(A, { status: "closed", createdAt: "2025-03-09T20:00:00Z", acceptedAt: "2025-03-09T21:00:00Z", closedAt: "2025-03-10T04:00:00Z", userId: beto });
  await rate(A, t6.id, beto, 1, "2025-03-10T05:00:00Z");
  // T7: created 00:00 local on the 12th: outside the period.
  await ticket(A, { status: "closed", createdAt: "2025-03-12T03:00:00Z", closedAt: "2025-03-12T04:00:00Z" });
  // T8: closed within the period without anyone accepting it (the bot or the expiry closed it).
  await ticket(A, { status: "closed", createdAt: "2025-03-10T06:00:00Z", closedAt: "2025-03-10T07:00:00Z" });
  // T9: an old ticket still open.
  await ticket(A, { status: "open", createdAt: "2025-01-02T12:00:00Z", acceptedAt: "2025-01-02T12:05:00Z", userId: carla.id });
  // T10: Carla, waited 2, open.
  await ticket(A, { status: "open", createdAt: "2025-03-11T15:00:00Z", acceptedAt: "2025-03-11T15:02:00Z", userId: carla.id });
  await createSimulatorConnection(t.db, { companyId: A, name: "A conectada", status: "CONNECTED" });
  await createSimulatorConnection(t.db, { companyId: A, name: "A desconectada", status: "DISCONNECTED", isDefault: false });

  const B = b.company.id;
  const bt = await ticket(B, { status: "closed", createdAt: "2025-03-10T12:00:00Z", acceptedAt: "2025-03-10T12:01:00Z", closedAt: "2025-03-10T12:02:00Z", userId: b.agent.id });
  await rate(B, bt.id, b.agent.id, 3, "2025-03-10T12:03:00Z");
  await ticket(B, { status: "open", createdAt: "2025-03-11T02:30:00Z", acceptedAt: "2025-03-11T02:31:00Z", userId: b.agent.id });
  await ticket(B, { status: "pending", createdAt: "2025-03-11T12:00:00Z" });
  await ticket(B, { status: "pending", createdAt: "2025-03-11T13:00:00Z" });
  await createSimulatorConnection(t.db, { companyId: B, name: "B conectada", status: "CONNECTED" });

  const provider = await createCompany(t.db, { name: "Provedor" });
  const root = await createUser(t.db, { companyId: provider.id, profile: "admin", isSuper: true, name: "Raiz" });
  superToken = (await loginAs(t.app, root.email)).token;
});
afterAll(async () => {
  await t.close();
});

const get = async (url: string, token?: string) => {
  const response = await t.app.inject({ method: "GET", url, headers: token ? bearer(token) : {} });
  return { status: response.statusCode, body: response.json() };
};

describe("GET /dashboard", () => {
  it("answers the counters and attendants of the company's own history over a date range", async () => {
    const { status, body } = await get("/dashboard?date_from=2025-03-10&date_to=2025-03-11", a.adminToken);
    expect(status).toBe(200);
    expect(body.period).toEqual({ from: "2025-03-10", to: "2025-03-11", timezone: "America/Sao_Paulo" });
    expect(body.counters).toEqual({
      supportHappening: 3, // open now: T3, T9 (created long before), T10
      supportPending: 1, // pending now: T4
      supportFinished: 4, // closed within the period: T1, T2, T6, T8 (not T5, closed 00:30 local on the 12th)
      avgSupportTime: 190, // (60 + 90 + 420) / 3, T8 never accepted
      avgWaitTime: 13.6, // (10 + 30 + 20 + 6 + 2) / 5 over T1, T2, T3, T5, T10
      campaignMessagesSent: 0,
    });
    expect(body.attendants).toEqual([
      { id: a.admin.id, name: "Ana Admin", rating: null, avgSupportTime: null, online: false },
      { id: a.agent.id, name: "Beto Atendente", rating: 1, avgSupportTime: 420, online: true },
      { id: carla.id, name: "Carla Lima", rating: 2.5, avgSupportTime: 75, online: true },
      { id: davi.id, name: "Davi Rocha", rating: null, avgSupportTime: null, online: false },
    ]);
  });

  it("covers one local day from its midnight to the next", async () => {
    const { body } = await get("/dashboard?date_from=2025-03-12&date_to=2025-03-12", a.adminToken);
    // Closed on the 12th local: T5 (00:30, attended 25) and T7 (never accepted); T5's rating (3) was given that day.
    expect(body.counters).toMatchObject({ supportFinished: 2, avgSupportTime: 25, avgWaitTime: 0 });
    expect(body.attendants.find((x: { id: number }) => x.id === a.agent.id)).toMatchObject({ rating: 3, avgSupportTime: 25 });
  });

  it("computes each company's figures from its own history only", async () => {
    const { body } = await get("/dashboard?date_from=2025-03-10&date_to=2025-03-11", b.adminToken);
    expect(body.counters).toEqual({ supportHappening: 1, supportPending: 2, supportFinished: 1, avgSupportTime: 1, avgWaitTime: 1, campaignMessagesSent: 0 });
    expect(body.attendants.map((x: { name: string }) => x.name)).toEqual(["Ana Admin", "Beto Atendente"]);
    expect(body.attendants[1]).toMatchObject({ id: b.agent.id, rating: 3, avgSupportTime: 1 });
  });

  it("covers the last N local days, today included", async () => {
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
    const sixDaysAgo = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1, Number(today.slice(8, 10)) - 6)).toISOString().slice(0, 10);
    const { status, body } = await get("/dashboard?days=7", a.adminToken);
    expect(status).toBe(200);
    expect(body.period).toEqual({ from: sixDaysAgo, to: today, timezone: "America/Sao_Paulo" });
    expect(body.counters).toMatchObject({ supportHappening: 3, supportPending: 1, supportFinished: 0, avgSupportTime: 0, avgWaitTime: 0 });
  });

  it("shows installation-wide totals to super users only", async () => {
    const admin = await get("/dashboard?days=30", a.adminToken);
    expect(admin.body.counters).not.toHaveProperty("totalWhatsappSessions");
    expect(admin.body.counters).not.toHaveProperty("totalCompanies");

    const root = await get("/dashboard?days=30", superToken);
    expect(root.status).toBe(200);
    // Companies A, B and the provider's; connections CONNECTED: one of A's and B's.
    expect(root.body.counters).toMatchObject({ totalWhatsappSessions: baseline.connected + 2, totalCompanies: baseline.companies + 3 });
    expect(root.body.attendants.map((x: { name: string }) => x.name)).toEqual(["Raiz"]);
  });

  it.each([
    ["no filter", ""],
    ["a period that is not offered", "?days=5"],
    ["days that are not a number", "?days=sete"],
    ["only date_from", "?date_from=2025-03-10"],
    ["a day that does not exist", "?date_from=2025-02-29&date_to=2025-03-10"],
    ["date_from after date_to", "?date_from=2025-03-11&date_to=2025-03-10"],
    ["a range longer than 366 days", "?date_from=2024-01-01&date_to=2025-01-01"],
  ])("answers 400 ERR_DASHBOARD_FILTER for %s", async (_label, query) => {
    const { status, body } = await get(`/dashboard${query}`, a.adminToken);
    expect(status).toBe(400);
    expect(body.error).toBe("ERR_DASHBOARD_FILTER");
  });

  it("accepts a range of exactly 366 days", async () => {
    expect((await get("/dashboard?date_from=2024-01-01&date_to=2024-12-31", a.adminToken)).status).toBe(200);
  });

  it("refuses a user-profile account with ERR_NO_PERMISSION and a visitor with 401", async () => {
    const agent = await get("/dashboard?days=7", a.agentToken);
    expect(agent.status).toBe(403);
    expect(agent.body.error).toBe("ERR_NO_PERMISSION");
    expect((await get("/dashboard?days=7")).status).toBe(401);
  });
});

describe("GET /dashboard/ticketsDay", () => {
  it("counts tickets per local day across midnight in the company's time zone", async () => {
    const { status, body } = await get("/dashboard/ticketsDay?initialDate=2025-03-09&finalDate=2025-03-12", a.adminToken);
    expect(status).toBe(200);
    expect(body).toEqual({
      granularity: "day",
      count: 9,
      data: [
        { data: "2025-03-09", total: 1 }, // T6 (17:00 local)
        { data: "2025-03-10", total: 4 }, // T1, T2, T8 and T3 (02:30Z on the 11th)
        { data: "2025-03-11", total: 3 }, // T4, T10 and T5 (02:59Z on the 12th)
        { data: "2025-03-12", total: 1 }, // T7 (00:00 local)
      ],
    });
  });

  it("buckets by the company's own time zone", async () => {
    const { body } = await get("/dashboard/ticketsDay?initialDate=2025-03-10&finalDate=2025-03-11", b.adminToken);
    expect(body.data).toEqual([
      { data: "2025-03-10", total: 1 },
      { data: "2025-03-11", total: 3 }, // B is on UTC: 02:30Z stays on the 11th
    ]);
  });

  it("counts per local hour when the range is one day, every hour present", async () => {
    const { body } = await get("/dashboard/ticketsDay?initialDate=2025-03-10&finalDate=2025-03-10", a.adminToken);
    expect(body.granularity).toBe("hour");
    expect(body.count).toBe(4);
    expect(body.data).toHaveLength(24);
    expect(body.data.filter((x: { total: number }) => x.total > 0)).toEqual([
      { horario: "03", total: 1 }, // T8 06:00Z
      { horario: "09", total: 1 }, // T1 12:00Z
      { horario: "11", total: 1 }, // T2 14:00Z
      { horario: "23", total: 1 }, // T3 02:30Z next day
    ]);
    expect(body.data[0]).toEqual({ horario: "00", total: 0 });
  });

  it("answers 400 for bad dates, 403 for a user-profile account and 401 without a session", async () => {
    for (const query of ["", "?initialDate=2025-03-10", "?initialDate=2025-03-11&finalDate=2025-03-10", "?initialDate=2025-13-01&finalDate=2025-13-02", "?initialDate=2024-01-01&finalDate=2025-01-01"]) {
      const { status, body } = await get(`/dashboard/ticketsDay${query}`, a.adminToken);
      expect(status, query).toBe(400);
      expect(body.error).toBe("ERR_VALIDATION");
    }
    const agent = await get("/dashboard/ticketsDay?initialDate=2025-03-10&finalDate=2025-03-10", a.agentToken);
    expect(agent).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect((await get("/dashboard/ticketsDay?initialDate=2025-03-10&finalDate=2025-03-10")).status).toBe(401);
  });
});

describe("GET /dashboard/ticketsUsers", () => {
  it("counts the tickets created within the range per attendant, most first", async () => {
    const { status, body } = await get("/dashboard/ticketsUsers?initialDate=2025-03-10&finalDate=2025-03-11", a.adminToken);
    expect(status).toBe(200);
    // Carla: T1, T2, T10; Beto: T3, T5 (23:59 local on the 11th). T4 and T8 have nobody; T6 and T7 fall outside.
    expect(body).toEqual({ data: [{ nome: "Carla Lima", quantidade: 3 }, { nome: "Beto Atendente", quantidade: 2 }] });
  });

  it("never counts another company's tickets", async () => {
    const { body } = await get("/dashboard/ticketsUsers?initialDate=2025-03-10&finalDate=2025-03-11", b.adminToken);
    expect(body).toEqual({ data: [{ nome: "Beto Atendente", quantidade: 2 }] });
  });

  it("answers 400 for bad dates, 403 for a user-profile account and 401 without a session", async () => {
    const bad = await get("/dashboard/ticketsUsers?initialDate=10/03/2025&finalDate=2025-03-11", a.adminToken);
    expect(bad).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION" } });
    const agent = await get("/dashboard/ticketsUsers?initialDate=2025-03-10&finalDate=2025-03-11", a.agentToken);
    expect(agent).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect((await get("/dashboard/ticketsUsers?initialDate=2025-03-10&finalDate=2025-03-11")).status).toBe(401);
  });
});

describe("work credited to attendants", () => {
  it("credits a ticket to the attendants who accepted, resolved or opened it, never to one it was only reserved for", async () => {
    const c = await createTenant(t.app, t.db);
    const C = c.company.id;
    const dora = await createUser(t.db, { companyId: C, name: "Dora Souza" });
    const eli = await createUser(t.db, { companyId: C, name: "Eli Reservado" });
    const fabi = await createUser(t.db, { companyId: C, name: "Fabi Nunes" });
    const activity = (ticketId: number, kind: "accepted" | "returned" | "resolved", userId: number, createdAt: string) =>
      t.db.insert(ticketEvents).values({ companyId: C, ticketId, kind, userId, createdAt: at(createdAt) });
    // R1: distribution reserved it for Eli, nobody accepted it yet.
    await ticket(C, { status: "pending", createdAt: "2025-04-02T12:00:00Z", userId: eli.id });
    // R2: reserved for Eli, closed by the expiry before anyone accepted it.
    await ticket(C, { status: "closed", createdAt: "2025-04-02T13:00:00Z", closedAt: "2025-04-02T15:00:00Z", userId: eli.id });
    // R3: Dora accepted it, gave it back, it was reserved for Eli and expired there.
    const r3 = await ticket(C, { status: "closed", createdAt: "2025-04-02T14:00:00Z", acceptedAt: "2025-04-02T14:05:00Z", closedAt: "2025-04-02T16:00:00Z", userId: eli.id });
    await activity(r3.id, "accepted", dora.id, "2025-04-02T14:05:00Z");
    await activity(r3.id, "returned", dora.id, "2025-04-02T14:20:00Z");
    // R4: Dora accepted and resolved it.
    const r4 = await ticket(C, { status: "closed", createdAt: "2025-04-02T15:00:00Z", acceptedAt: "2025-04-02T15:10:00Z", closedAt: "2025-04-02T15:40:00Z", userId: dora.id });
    await activity(r4.id, "accepted", dora.id, "2025-04-02T15:10:00Z");
    await activity(r4.id, "resolved", dora.id, "2025-04-02T15:40:00Z");
    // R5: Fabi opened it herself (no acceptance line) and is attending it.
    await ticket(C, { status: "open", createdAt: "2025-04-02T16:00:00Z", acceptedAt: "2025-04-02T16:00:00Z", userId: fabi.id });

    const chart = await get("/dashboard/ticketsUsers?initialDate=2025-04-01&finalDate=2025-04-03", c.adminToken);
    expect(chart.body).toEqual({ data: [{ nome: "Dora Souza", quantidade: 2 }, { nome: "Fabi Nunes", quantidade: 1 }] });

    const dashboard = await get("/dashboard?date_from=2025-04-01&date_to=2025-04-03", c.adminToken);
    const byName = (name: string) => (dashboard.body as { attendants: { name: string; avgSupportTime: number | null }[] }).attendants.find((row) => row.name === name);
    expect(byName("Eli Reservado")).toMatchObject({ avgSupportTime: null });
    expect(byName("Dora Souza")).toMatchObject({ avgSupportTime: 30 });
  });
});
