import { and, asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { contacts, distributionLogs, tickets, userQueues, users } from "../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../test/build-test-app.ts";
import { attachFakeDriver, createConnectionRow, createQueue, inbound, linkQueues } from "../../test/engine-harness.ts";
import { bearer, createTenant, createUser } from "../../test/factories.ts";
import { distributeTicket, drainWaitingLine, runSlaCheckJob } from "./distribution.ts";
import { resolveTicket, transferTicket } from "./lifecycle.ts";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

type Tenant = Awaited<ReturnType<typeof createTenant>>;

async function api<T>(app: TestApp, tenant: Tenant, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object): Promise<T> {
  const response = await app.app.inject({ method, url, headers: bearer(tenant.adminToken), ...(payload ? { payload } : {}) });
  if (response.statusCode !== 200) throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
  return response.json<T>();
}

/** A company with a queue in a store and `agents` attendants working in it (online unless told). */
async function setup(app: TestApp, options: { agents?: number; offline?: number[] } = {}) {
  const tenant = await createTenant(app.app, app.db);
  const companyId = tenant.company.id;
  const queue = await createQueue(app.db, companyId, { name: "Vendas" });
  const agents = [];
  for (let i = 0; i < (options.agents ?? 2); i += 1) {
    const user = await createUser(app.db, { companyId, name: `Agente ${i + 1}` });
    await app.db.insert(userQueues).values({ companyId, userId: user.id, queueId: queue.id });
    await app.db
      .update(users)
      .set({ online: !(options.offline ?? []).includes(i) })
      .where(eq(users.id, user.id));
    agents.push(user);
  }
  const store = await api<{ id: number }>(app, tenant, "POST", "/stores", { name: "Loja Centro" });
  await api(app, tenant, "PUT", `/queue/${queue.id}`, { name: queue.name, color: queue.color, storeId: store.id });
  return { tenant, companyId, queue, agents, store };
}

let contactSeq = 0;
/** A pending ticket of a new contact in `queueId`, nobody holding it, with the customer's message. */
async function pendingTicket(app: TestApp, companyId: number, queueId: number | null, createdAt = new Date()) {
  contactSeq += 1;
  const [contact] = await app.db
    .insert(contacts)
    .values({ companyId, name: `Cliente ${contactSeq}`, number: `55119${String(contactSeq).padStart(8, "0")}` })
    .returning();
  const [ticket] = await app.db.insert(tickets).values({ companyId, contactId: contact!.id, status: "pending", queueId, createdAt }).returning();
  return ticket!;
}

const holderOf = async (app: TestApp, ticketId: number) => (await app.db.select({ userId: tickets.userId }).from(tickets).where(eq(tickets.id, ticketId)))[0]?.userId ?? null;

const logsOf = (app: TestApp, companyId: number) =>
  app.db.select().from(distributionLogs).where(eq(distributionLogs.companyId, companyId)).orderBy(asc(distributionLogs.id));

const ctxOf = (tenant: Tenant, userId: number, profile: "admin" | "user" = "user") => ({ companyId: tenant.company.id, userId, profile, isSuper: false });

describe("routing a ticket through a store's rules", () => {
  it("round_robin alternates the customers of a connection between the rule's attendants, logging each decision", async () => {
    t = await buildTestApp({}, { start: true });
    const { tenant, companyId, queue, agents, store } = await setup(t);
    const rule = await api<{ id: number }>(t, tenant, "POST", `/stores/${store.id}/rules`, {
      name: "Todos",
      match: "oi, ola",
      strategy: "round_robin",
      userIds: agents.map((a) => a.id),
    });
    const connection = await createConnectionRow(t.db, companyId);
    await linkQueues(t.db, companyId, connection.id, [queue.id]);
    await attachFakeDriver(t, connection);

    for (const number of ["5511900000001", "5511900000002", "5511900000003"]) await t.platform.engine.handleInbound(inbound(connection, number, "Olá, bom dia"));

    const rows = await t.db.select({ id: tickets.id, userId: tickets.userId, status: tickets.status, queueId: tickets.queueId }).from(tickets).where(eq(tickets.companyId, companyId)).orderBy(asc(tickets.id));
    expect(rows.map((r) => r.userId)).toEqual([agents[0]!.id, agents[1]!.id, agents[0]!.id]);
    expect(rows.every((r) => r.status === "pending" && r.queueId === queue.id)).toBe(true);
    const logs = await logsOf(t, companyId);
    expect(logs.map((l) => [l.ruleId, l.storeId, l.strategy, l.assignedUserId, l.toQueueId])).toEqual(
      rows.map((r) => [rule.id, store.id, "round_robin", r.userId, queue.id]),
    );
    // The reserved attendant is told through the ticket's own event.
    const updates = t.published.filter((e) => e.name === "ticket.updated" && e.payload.ticket.id === rows[1]!.id);
    expect(updates.some((e) => e.name === "ticket.updated" && e.payload.ticket.userId === agents[1]!.id)).toBe(true);
  }, 60_000);

  it("least_load picks the attendant holding the fewest tickets", async () => {
    t = await buildTestApp();
    const { companyId, queue, agents } = await setup(t, { agents: 3 });
    for (const holder of [agents[0]!, agents[0]!, agents[2]!]) {
      const busy = await pendingTicket(t, companyId, queue.id);
      await t.db.update(tickets).set({ status: "open", userId: holder.id }).where(eq(tickets.id, busy.id));
    }
    const ticket = await pendingTicket(t, companyId, queue.id);
    const routed = await distributeTicket(t.platform.engine.deps, { companyId, ticketId: ticket.id, fromQueueId: null, toQueueId: queue.id });
    expect(routed).toEqual({ queueId: queue.id, recommendedUserId: agents[1]!.id, distributed: true });
    expect((await logsOf(t, companyId)).at(-1)).toMatchObject({ strategy: "least_load", ruleId: null, assignedUserId: agents[1]!.id });
  });

  it("ordered takes the first attendant with capacity; onlineOnly leaves out those offline", async () => {
    t = await buildTestApp();
    const { tenant, companyId, queue, agents, store } = await setup(t, { agents: 3, offline: [2] });
    await api(t, tenant, "PUT", `/queue/${queue.id}/config`, { maxOpenPerAgent: 1 });
    await api(t, tenant, "POST", `/stores/${store.id}/rules`, {
      name: "Ordem",
      match: "pedido",
      strategy: "ordered",
      onlineOnly: true,
      orderedUserIds: [agents[2]!.id, agents[1]!.id, agents[0]!.id],
    });
    const picks = [];
    for (let i = 0; i < 3; i += 1) {
      const ticket = await pendingTicket(t, companyId, queue.id);
      picks.push((await distributeTicket(t.platform.engine.deps, { companyId, ticketId: ticket.id, fromQueueId: null, toQueueId: queue.id, text: "meu PEDIDO" })).recommendedUserId);
    }
    // Agent 3 is offline; agent 2 then agent 1 fill their one slot; the third ticket waits, logged without a user.
    expect(picks).toEqual([agents[1]!.id, agents[0]!.id, null]);
    expect((await logsOf(t, companyId)).at(-1)).toMatchObject({ strategy: "ordered", assignedUserId: null, toQueueId: queue.id });
  });

  it("matches keywords without case or accents, a rule's target queue included, and falls back to the queue's own strategy", async () => {
    t = await buildTestApp();
    const { tenant, companyId, queue, agents, store } = await setup(t);
    const vip = await createQueue(t.db, companyId, { name: "VIP" });
    await t.db.insert(userQueues).values({ companyId, userId: agents[1]!.id, queueId: vip.id });
    const rule = await api<{ id: number }>(t, tenant, "POST", `/stores/${store.id}/rules`, { name: "Promo", match: "promoção, desconto", queueId: vip.id });
    const a = await pendingTicket(t, companyId, queue.id);
    expect(await distributeTicket(t.platform.engine.deps, { companyId, ticketId: a.id, fromQueueId: null, toQueueId: queue.id, text: "Tem PROMOCAO?" })).toEqual({
      queueId: vip.id,
      recommendedUserId: agents[1]!.id,
      distributed: true,
    });
    const b = await pendingTicket(t, companyId, queue.id);
    const other = await distributeTicket(t.platform.engine.deps, { companyId, ticketId: b.id, fromQueueId: null, toQueueId: queue.id, text: "bom dia" });
    expect(other.queueId).toBe(queue.id);
    const logs = await logsOf(t, companyId);
    expect(logs.map((l) => [l.ruleId, l.toQueueId])).toEqual([
      [rule.id, vip.id],
      [null, queue.id],
    ]);
  });

  it("a catastrophic regular expression saved by an admin routes at once", async () => {
    t = await buildTestApp();
    const { tenant, companyId, queue, agents, store } = await setup(t);
    await api(t, tenant, "POST", `/stores/${store.id}/rules`, { name: "Perigosa", matchType: "regex", match: "^(a+)+$", userIds: [agents[0]!.id] });
    const ticket = await pendingTicket(t, companyId, queue.id);
    const routed = await distributeTicket(t.platform.engine.deps, { companyId, ticketId: ticket.id, fromQueueId: null, toQueueId: queue.id, text: `${"a".repeat(3000)}!` });
    expect(routed.distributed).toBe(true);
    expect((await logsOf(t, companyId)).at(-1)?.ruleId).toBeNull();
  });

  it("a queue outside any store only logs the entry, as before", async () => {
    t = await buildTestApp();
    const tenant = await createTenant(t.app, t.db);
    const queue = await createQueue(t.db, tenant.company.id, { name: "Avulsa" });
    await t.db.insert(userQueues).values({ companyId: tenant.company.id, userId: tenant.agent.id, queueId: queue.id });
    const ticket = await pendingTicket(t, tenant.company.id, null);
    expect(await distributeTicket(t.platform.engine.deps, { companyId: tenant.company.id, ticketId: ticket.id, fromQueueId: null, toQueueId: queue.id })).toEqual({
      queueId: queue.id,
      recommendedUserId: null,
      distributed: false,
    });
    expect(await holderOf(t, ticket.id)).toBeNull();
    expect((await logsOf(t, tenant.company.id)).map((l) => l.strategy)).toEqual(["chatbot"]);
  });
});

describe("the round-robin pointer", () => {
  it("gives 20 concurrent tickets one turn each, in order, none twice and none skipped", async () => {
    t = await buildTestApp();
    const { tenant, companyId, queue, agents, store } = await setup(t, { agents: 4 });
    const rule = await api<{ id: number }>(t, tenant, "POST", `/stores/${store.id}/rules`, { name: "RR", match: "oi", strategy: "round_robin" });
    const waiting = [];
    for (let i = 0; i < 20; i += 1) waiting.push(await pendingTicket(t, companyId, queue.id));
    const deps = t.platform.engine.deps;
    await Promise.all(waiting.map((ticket) => distributeTicket(deps, { companyId, ticketId: ticket.id, fromQueueId: null, toQueueId: queue.id, text: "oi" })));

    const turns = (await logsOf(t, companyId)).map((l) => l.assignedUserId);
    const ids = agents.map((a) => a.id).sort((a, b) => a - b);
    expect(turns).toEqual(Array.from({ length: 20 }, (_, i) => ids[i % 4]));
    const rules = await api<{ rules: { id: number; rrLastUserId: number | null }[] }>(t, tenant, "GET", `/stores/${store.id}/rules`);
    expect(rules.rules.find((r) => r.id === rule.id)?.rrLastUserId).toBe(ids[3]);

    await api(t, tenant, "PUT", `/stores/${store.id}/rules/${rule.id}/reset-rr`);
    const next = await pendingTicket(t, companyId, queue.id);
    expect((await distributeTicket(deps, { companyId, ticketId: next.id, fromQueueId: null, toQueueId: queue.id, text: "oi" })).recommendedUserId).toBe(ids[0]);
  }, 60_000);
});

describe("the fair waiting line", () => {
  it("hands the oldest waiting ticket to the attendant who frees a slot, one per slot", async () => {
    t = await buildTestApp();
    const { tenant, companyId, queue, agents } = await setup(t, { agents: 2 });
    await api(t, tenant, "PUT", `/queue/${queue.id}/config`, { maxOpenPerAgent: 1 });
    const deps = t.platform.engine.deps;
    const base = Date.now() - 60_000;
    const routed: { ticket: { id: number }; result: { recommendedUserId: number | null } }[] = [];
    for (let i = 0; i < 4; i += 1) {
      const ticket = await pendingTicket(t, companyId, queue.id, new Date(base + i * 1000));
      routed.push({ ticket, result: await distributeTicket(deps, { companyId, ticketId: ticket.id, fromQueueId: null, toQueueId: queue.id }) });
    }
    expect(routed.map((r) => r.result.recommendedUserId)).toEqual([agents[0]!.id, agents[1]!.id, null, null]);

    // Agent 1 takes and resolves their ticket: the oldest waiting one (the third) is theirs at once, not the fourth.
    const first = routed[0]!.ticket;
    await t.db.update(tickets).set({ status: "open" }).where(eq(tickets.id, first.id));
    t.published.length = 0;
    await resolveTicket(deps, ctxOf(tenant, agents[0]!.id), first.id);
    expect(await holderOf(t, routed[2]!.ticket.id)).toBe(agents[0]!.id);
    expect(await holderOf(t, routed[3]!.ticket.id)).toBeNull();
    expect(t.published.some((e) => e.name === "ticket.updated" && e.payload.ticket.id === routed[2]!.ticket.id && e.payload.ticket.userId === agents[0]!.id)).toBe(true);

    // A transfer away frees agent 2's slot: the fourth goes to them.
    await transferTicket(deps, ctxOf(tenant, tenant.admin.id, "admin"), routed[1]!.ticket.id, { queueId: (await createQueue(t.db, companyId, { name: "Outra" })).id });
    expect(await holderOf(t, routed[3]!.ticket.id)).toBe(agents[1]!.id);
  });

  it("never hands one waiting ticket to two attendants when two drains race", async () => {
    t = await buildTestApp();
    const { tenant, companyId, queue, agents } = await setup(t, { agents: 2, offline: [0, 1] });
    await api(t, tenant, "PUT", `/queue/${queue.id}/config`, { onlineOnlyDefault: true });
    const deps = t.platform.engine.deps;
    const ticket = await pendingTicket(t, companyId, queue.id);
    expect((await distributeTicket(deps, { companyId, ticketId: ticket.id, fromQueueId: null, toQueueId: queue.id })).recommendedUserId).toBeNull();

    await t.db.update(users).set({ online: true }).where(eq(users.companyId, companyId));
    const counts = await Promise.all([
      drainWaitingLine(deps, companyId, { userId: agents[0]!.id }),
      drainWaitingLine(deps, companyId, { userId: agents[1]!.id }),
      drainWaitingLine(deps, companyId, { queueIds: [queue.id] }),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    const assignments = (await logsOf(t, companyId)).filter((l) => l.ticketId === ticket.id && l.assignedUserId !== null);
    expect(assignments).toHaveLength(1);
    expect(await holderOf(t, ticket.id)).toBe(assignments[0]!.assignedUserId);
  });

  it("moves when an admin raises the limit", async () => {
    t = await buildTestApp();
    const { tenant, companyId, queue, agents } = await setup(t, { agents: 1 });
    await api(t, tenant, "PUT", `/queue/${queue.id}/config`, { maxOpenPerAgent: 1 });
    const deps = t.platform.engine.deps;
    const a = await pendingTicket(t, companyId, queue.id);
    const b = await pendingTicket(t, companyId, queue.id);
    await distributeTicket(deps, { companyId, ticketId: a.id, fromQueueId: null, toQueueId: queue.id });
    await distributeTicket(deps, { companyId, ticketId: b.id, fromQueueId: null, toQueueId: queue.id });
    expect(await holderOf(t, b.id)).toBeNull();
    await api(t, tenant, "PUT", `/queue/${queue.id}/config`, { maxOpenPerAgent: 2 });
    expect(await holderOf(t, b.id)).toBe(agents[0]!.id);
  });
});

describe("GET /stores/:id/rules/preview", () => {
  it("predicts what routing then does, and writes nothing", async () => {
    t = await buildTestApp();
    const { tenant, companyId, queue, agents, store } = await setup(t, { agents: 3 });
    const rule = await api<{ id: number }>(t, tenant, "POST", `/stores/${store.id}/rules`, { name: "RR", match: "entrega", strategy: "round_robin", userIds: [agents[2]!.id, agents[0]!.id] });
    const before = await logsOf(t, companyId);
    for (let i = 0; i < 3; i += 1) {
      const preview = await api<{ matchedRule: { id: number } | null; queueId: number; recommendedUserId: number; candidates: { id: number }[] }>(
        t,
        tenant,
        "GET",
        `/stores/${store.id}/rules/preview?message=${encodeURIComponent("Cadê minha ENTREGA?")}&queueId=${queue.id}`,
      );
      expect(preview.matchedRule?.id).toBe(rule.id);
      expect(preview.queueId).toBe(queue.id);
      expect(preview.candidates.map((c) => c.id).sort()).toEqual([agents[0]!.id, agents[2]!.id].sort());
      expect(await logsOf(t, companyId)).toEqual(before);
      const ticket = await pendingTicket(t, companyId, queue.id);
      const routed = await distributeTicket(t.platform.engine.deps, { companyId, ticketId: ticket.id, fromQueueId: null, toQueueId: queue.id, text: "Cadê minha ENTREGA?" });
      expect(routed.recommendedUserId).toBe(preview.recommendedUserId);
      before.push(...(await logsOf(t, companyId)).slice(before.length));
    }
  });
});

describe("queue keywords", () => {
  it("send a first message naming a queue's keyword straight to that queue, without the menu", async () => {
    t = await buildTestApp({}, { start: true });
    const { tenant, companyId, queue } = await setup(t);
    const financeiro = await createQueue(t.db, companyId, { name: "Financeiro" });
    await api(t, tenant, "PUT", `/queue/${financeiro.id}/config`, { keywords: "boleto, pix", enableFallbackToQueueKeywords: true });
    const connection = await createConnectionRow(t.db, companyId, { greetingMessage: "Escolha:" });
    await linkQueues(t.db, companyId, connection.id, [queue.id, financeiro.id]);
    const driver = await attachFakeDriver(t, connection);

    await t.platform.engine.handleInbound(inbound(connection, "5511900000009", "Segunda via do BOLETO"));
    const [row] = await t.db.select().from(tickets).where(and(eq(tickets.companyId, companyId)));
    expect(row?.queueId).toBe(financeiro.id);
    expect(row?.chatbot).toBe(false);
    expect(driver.bodies().some((body) => body.includes("Escolha:"))).toBe(false);
  }, 60_000);
});

describe("the SLA target", () => {
  it("marks a late pending ticket, alerts the admins once, and counts tickets accepted within the target", async () => {
    t = await buildTestApp();
    const { tenant, companyId, queue, agents } = await setup(t, { agents: 1 });
    await api(t, tenant, "PUT", `/queue/${queue.id}/config`, { slaMinutesTarget: 10 });
    const now = Date.now();
    const late = await pendingTicket(t, companyId, queue.id, new Date(now - 30 * 60_000));
    const fresh = await pendingTicket(t, companyId, queue.id, new Date(now - 60_000));
    // Accepted tickets of the period: one within 10 minutes, one after 40.
    for (const wait of [5, 40]) {
      const done = await pendingTicket(t, companyId, queue.id, new Date(now - 2 * 3_600_000));
      await t.db.update(tickets).set({ status: "open", userId: agents[0]!.id, acceptedAt: new Date(now - 2 * 3_600_000 + wait * 60_000) }).where(eq(tickets.id, done.id));
    }

    const shown = await api<{ slaDueAt: string | null }>(t, tenant, "GET", `/tickets/${late.id}`);
    expect(shown.slaDueAt).toBe(new Date(late.createdAt.getTime() + 10 * 60_000).toISOString());

    const deps = t.platform.engine.deps;
    t.published.length = 0;
    await runSlaCheckJob(deps, { companyId, ticketId: late.id });
    await runSlaCheckJob(deps, { companyId, ticketId: late.id });
    const alerts = t.published.filter((e) => e.name === "ticket.sla");
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.name === "ticket.sla" && alerts[0].payload).toMatchObject({ userIds: [tenant.admin.id], alert: { ticketId: late.id, queueId: queue.id, slaMinutesTarget: 10 } });

    const metrics = await api<{ lateCount: number; withinSlaPercent: number | null; slaMinutesTarget: number }>(t, tenant, "GET", `/queue/${queue.id}/metrics`);
    expect(metrics).toMatchObject({ lateCount: 1, withinSlaPercent: 50, slaMinutesTarget: 10 });
    expect(fresh.id).toBeGreaterThan(0);
  });
});
