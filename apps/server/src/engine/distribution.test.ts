import { and, asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { contacts, distributionLogs, tickets, userQueues, users } from "../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../test/build-test-app.ts";
import type { AddressInfo } from "node:net";
import { io as connect } from "socket.io-client";
import { attachFakeDriver, createConnectionRow, createQueue, eventually, inbound, linkQueues, queueStill } from "../../test/engine-harness.ts";
import { bearer, createTenant, createUser, loginAs } from "../../test/factories.ts";
import { distributeTicket, drainWaitingLine, runSlaCheckJob } from "./distribution.ts";
import { resolveTicket, returnTicket, transferTicket } from "./lifecycle.ts";

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

/** How long a test waits for the drain job (a pg-boss worker polling the queue) to hand a ticket over, on a loaded machine. */
const DRAIN_WAIT_MS = 20_000;

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
  it("hands the oldest waiting ticket to the attendant who frees a slot, one per slot, through the drain job", async () => {
    t = await buildTestApp({}, { start: true });
    const { tenant, companyId, queue, agents } = await setup(t, { agents: 2 });
    await api(t, tenant, "PUT", `/queue/${queue.id}/config`, { maxOpenPerAgent: 1 });
    // The change of limit drains the queue's waiting line by a job: let it finish on the empty line, or it would
    // take the tickets made below while they are being routed.
    await queueStill(t.db);
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
    await eventually(() => holderOf(t!, routed[2]!.ticket.id), (holder) => holder === agents[0]!.id, DRAIN_WAIT_MS);
    expect(await holderOf(t, routed[3]!.ticket.id)).toBeNull();
    expect(t.published.some((e) => e.name === "ticket.updated" && e.payload.ticket.id === routed[2]!.ticket.id && e.payload.ticket.userId === agents[0]!.id)).toBe(true);

    // A transfer away frees agent 2's slot: the fourth goes to them.
    await transferTicket(deps, ctxOf(tenant, tenant.admin.id, "admin"), routed[1]!.ticket.id, { queueId: (await createQueue(t.db, companyId, { name: "Outra" })).id });
    await eventually(() => holderOf(t!, routed[3]!.ticket.id), (holder) => holder === agents[1]!.id, DRAIN_WAIT_MS);
  }, 60_000);

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
    t = await buildTestApp({}, { start: true });
    const { tenant, companyId, queue, agents } = await setup(t, { agents: 1 });
    await api(t, tenant, "PUT", `/queue/${queue.id}/config`, { maxOpenPerAgent: 1 });
    await queueStill(t.db);
    const deps = t.platform.engine.deps;
    const a = await pendingTicket(t, companyId, queue.id);
    const b = await pendingTicket(t, companyId, queue.id);
    await distributeTicket(deps, { companyId, ticketId: a.id, fromQueueId: null, toQueueId: queue.id });
    await distributeTicket(deps, { companyId, ticketId: b.id, fromQueueId: null, toQueueId: queue.id });
    expect(await holderOf(t, b.id)).toBeNull();
    await api(t, tenant, "PUT", `/queue/${queue.id}/config`, { maxOpenPerAgent: 2 });
    await eventually(() => holderOf(t!, b.id), (holder) => holder === agents[0]!.id);
  });

  it("moves when an attendant comes online, in whichever process runs the queued drain", async () => {
    t = await buildTestApp({}, { start: true });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { tenant, companyId, queue, agents } = await setup(t, { agents: 1, offline: [0] });
    await api(t, tenant, "PUT", `/queue/${queue.id}/config`, { onlineOnlyDefault: true });
    const ticket = await pendingTicket(t, companyId, queue.id);
    await distributeTicket(t.platform.engine.deps, { companyId, ticketId: ticket.id, fromQueueId: null, toQueueId: queue.id });
    expect(await holderOf(t, ticket.id)).toBeNull();

    const { token } = await loginAs(t.app, agents[0]!.email);
    const socket = connect(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`, { auth: { token }, transports: ["websocket"], reconnection: false, forceNew: true });
    try {
      await eventually(() => holderOf(t!, ticket.id), (holder) => holder === agents[0]!.id);
    } finally {
      socket.disconnect();
    }
    const assignments = (await logsOf(t, companyId)).filter((l) => l.ticketId === ticket.id && l.assignedUserId !== null);
    expect(assignments).toHaveLength(1);
  }, 60_000);
});

describe("who distribution may reserve a ticket for", () => {
  it("new queue configs and rules are online only unless the admin says otherwise", async () => {
    t = await buildTestApp();
    const { tenant, queue, store } = await setup(t);
    expect(await api<{ onlineOnlyDefault: boolean }>(t, tenant, "GET", `/queue/${queue.id}/config`)).toMatchObject({ onlineOnlyDefault: true });
    const rule = await api<{ id: number; onlineOnly: boolean }>(t, tenant, "POST", `/stores/${store.id}/rules`, { name: "Pedidos", match: "pedido" });
    expect(rule.onlineOnly).toBe(true);
    const explicit = await api<{ onlineOnly: boolean }>(t, tenant, "POST", `/stores/${store.id}/rules`, { name: "Todos", match: "oi", onlineOnly: false });
    expect(explicit.onlineOnly).toBe(false);
  });

  it("leaves a ticket waiting rather than reserving it for an offline attendant, and hands it over when one is online", async () => {
    t = await buildTestApp();
    const { companyId, queue, agents } = await setup(t, { agents: 2, offline: [0, 1] });
    await t.db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.companyId, companyId));
    const deps = t.platform.engine.deps;
    const ticket = await pendingTicket(t, companyId, queue.id);
    expect(await distributeTicket(deps, { companyId, ticketId: ticket.id, fromQueueId: null, toQueueId: queue.id })).toEqual({ queueId: queue.id, recommendedUserId: null, distributed: true });
    expect(await holderOf(t, ticket.id)).toBeNull();

    await t.db.update(users).set({ online: true }).where(eq(users.id, agents[1]!.id));
    expect(await drainWaitingLine(deps, companyId, { userId: agents[1]!.id })).toBe(1);
    expect(await holderOf(t, ticket.id)).toBe(agents[1]!.id);
  });

  it("never reserves a ticket for a user who has never logged in, even when the config lets offline attendants take tickets", async () => {
    t = await buildTestApp();
    const { tenant, companyId, queue, agents, store } = await setup(t, { agents: 2, offline: [0, 1] });
    const [away, newcomer] = [agents[0]!, agents[1]!];
    await t.db.update(users).set({ lastLoginAt: new Date("2026-01-05T12:00:00Z") }).where(eq(users.id, away.id));
    await api(t, tenant, "PUT", `/queue/${queue.id}/config`, { onlineOnlyDefault: false, defaultStrategy: "ordered", defaultOrderedUserIds: [newcomer.id, away.id] });
    const deps = t.platform.engine.deps;
    const first = await pendingTicket(t, companyId, queue.id);
    expect((await distributeTicket(deps, { companyId, ticketId: first.id, fromQueueId: null, toQueueId: queue.id })).recommendedUserId).toBe(away.id);

    const preview = await api<{ candidates: { id: number; eligible: boolean }[] }>(t, tenant, "GET", `/stores/${store.id}/rules/preview?queueId=${queue.id}&message=oi`);
    expect(preview.candidates).toEqual([expect.objectContaining({ id: newcomer.id, eligible: false }), expect.objectContaining({ id: away.id, eligible: true })]);

    // Once they log in, they count as any attendant who has.
    await loginAs(t.app, newcomer.email);
    const second = await pendingTicket(t, companyId, queue.id);
    expect((await distributeTicket(deps, { companyId, ticketId: second.id, fromQueueId: null, toQueueId: queue.id })).recommendedUserId).toBe(newcomer.id);
  });
});

describe("a ticket returned to its queue", () => {
  it("is routed again at once, to another attendant than the one who gave it back", async () => {
    t = await buildTestApp();
    const { companyId, queue, agents } = await setup(t, { agents: 2 });
    const deps = t.platform.engine.deps;
    const ticket = await pendingTicket(t, companyId, queue.id);
    await t.db.update(tickets).set({ status: "open", userId: agents[0]!.id }).where(eq(tickets.id, ticket.id));
    // Agent 2 holds more tickets: least_load alone would give it back to agent 1.
    for (let i = 0; i < 2; i += 1) {
      const other = await pendingTicket(t, companyId, queue.id);
      await t.db.update(tickets).set({ status: "open", userId: agents[1]!.id }).where(eq(tickets.id, other.id));
    }
    t.published.length = 0;

    const dto = await returnTicket(deps, { companyId, userId: agents[0]!.id, profile: "user", isSuper: false }, ticket.id);
    expect(dto).toMatchObject({ status: "pending", userId: agents[1]!.id, queueId: queue.id });
    expect(await holderOf(t, ticket.id)).toBe(agents[1]!.id);
    const [log] = (await logsOf(t, companyId)).filter((l) => l.ticketId === ticket.id);
    expect(log).toMatchObject({ fromQueueId: queue.id, toQueueId: queue.id, assignedUserId: agents[1]!.id, strategy: "least_load" });
    expect(t.published.some((e) => e.name === "ticket.updated" && e.payload.ticket.id === ticket.id && e.payload.ticket.userId === agents[1]!.id)).toBe(true);
  });

  it("waits unreserved when nobody else may take it, and is not handed back to the attendant who returned it", async () => {
    t = await buildTestApp();
    const { tenant, companyId, queue, agents } = await setup(t, { agents: 1 });
    const ticket = await pendingTicket(t, companyId, queue.id);
    await t.db.update(tickets).set({ status: "open", userId: agents[0]!.id }).where(eq(tickets.id, ticket.id));
    const response = await t.app.inject({ method: "PUT", url: `/tickets/${ticket.id}`, headers: bearer(tenant.adminToken), payload: { status: "pending" } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: "pending", userId: null });
    expect(await holderOf(t, ticket.id)).toBeNull();
    const [log] = (await logsOf(t, companyId)).filter((l) => l.ticketId === ticket.id);
    expect(log).toMatchObject({ toQueueId: queue.id, assignedUserId: null });
  });
});

describe("a ticket transferred to a queue without a user", () => {
  it("is routed by the queue's store at once", async () => {
    t = await buildTestApp();
    const { tenant, companyId, queue, agents } = await setup(t, { agents: 1 });
    const other = await createQueue(t.db, companyId, { name: "Triagem" });
    const ticket = await pendingTicket(t, companyId, other.id);
    await t.db.update(tickets).set({ status: "open", userId: tenant.admin.id }).where(eq(tickets.id, ticket.id));
    const response = await t.app.inject({ method: "PUT", url: `/tickets/${ticket.id}`, headers: bearer(tenant.adminToken), payload: { queueId: queue.id, userId: null, status: "pending" } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: "pending", queueId: queue.id, userId: agents[0]!.id });
    expect((await logsOf(t, companyId)).filter((l) => l.ticketId === ticket.id && l.assignedUserId === agents[0]!.id)).toHaveLength(1);
  });
});

describe("GET /distribution-logs and a queue's latest decisions, read by a supervisor", () => {
  it("list every decision, with the customer text only of the tickets she may open", async () => {
    t = await buildTestApp();
    const { tenant, companyId, queue } = await setup(t, { agents: 0 });
    const suporte = await createQueue(t.db, companyId, { name: "Suporte" });
    const supervisor = await createUser(t.db, { companyId, profile: "supervisor", email: "logs-supervisor@example.com" });
    await t.db.insert(userQueues).values({ companyId, userId: supervisor.id, queueId: queue.id });
    const own = await pendingTicket(t, companyId, queue.id);
    const other = await pendingTicket(t, companyId, suporte.id);
    await t.db.insert(distributionLogs).values([
      { companyId, ticketId: own.id, toQueueId: queue.id, strategy: "least_load", message: "quero comprar" },
      { companyId, ticketId: other.id, toQueueId: queue.id, strategy: "least_load", message: "minha senha vazou" },
    ]);
    const token = (await loginAs(t.app, supervisor.email)).token;
    const read = async (url: string) => {
      const response = await t!.app.inject({ method: "GET", url, headers: bearer(token) });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ logs?: { ticketId: number; message: string | null }[]; lastLogs?: { ticketId: number; message: string | null }[] }>();
    };
    const texts = (logs: { ticketId: number; message: string | null }[] = []) => Object.fromEntries(logs.map((log) => [log.ticketId, log.message]));
    const expected = { [own.id]: "quero comprar", [other.id]: null };
    expect(texts((await read("/distribution-logs")).logs)).toEqual(expected);
    expect(texts((await read(`/queue/${queue.id}/metrics`)).lastLogs)).toEqual(expected);
    const asAdmin = await api<{ logs: { ticketId: number; message: string | null }[] }>(t, tenant, "GET", "/distribution-logs");
    expect(texts(asAdmin.logs)).toEqual({ [own.id]: "quero comprar", [other.id]: "minha senha vazou" });
  });
});

describe("GET /stores", () => {
  it("counts each store's rules and queues", async () => {
    t = await buildTestApp();
    const { tenant, store, agents } = await setup(t, { agents: 1 });
    await api(t, tenant, "POST", `/stores/${store.id}/rules`, { name: "R", match: "oi", userIds: [agents[0]!.id] });
    const listed = await api<{ stores: { id: number; rulesCount: number; queuesCount: number }[] }>(t, tenant, "GET", "/stores");
    expect(listed.stores.find((row) => row.id === store.id)).toMatchObject({ rulesCount: 1, queuesCount: 1 });
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
    // Without a queue, the rule (which has no target queue) still shows as matched, and nobody is recommended.
    const queueless = await api<{ matchedRule: { id: number } | null; queueId: number | null; recommendedUserId: number | null }>(t, tenant, "GET", `/stores/${store.id}/rules/preview?message=entrega`);
    expect(queueless).toMatchObject({ matchedRule: { id: rule.id }, queueId: null, recommendedUserId: null });
  });
});

describe("a ticket with no queue yet", () => {
  it("is routed by the rules of the stores of its connection's queues: target queue and candidate, without the menu, as the preview said", async () => {
    t = await buildTestApp({}, { start: true });
    const { tenant, companyId, queue, agents, store } = await setup(t, { agents: 2 });
    const entregas = await createQueue(t.db, companyId, { name: "Entregas", greetingMessage: "Olá, setor de entregas." });
    await api(t, tenant, "POST", `/stores/${store.id}/rules`, { name: "Entregas", match: "entrega, rastreio", strategy: "ordered", queueId: entregas.id, userIds: [agents[1]!.id, agents[0]!.id] });
    const connection = await createConnectionRow(t.db, companyId, { greetingMessage: "Escolha:" });
    await linkQueues(t.db, companyId, connection.id, [queue.id, entregas.id]);
    const driver = await attachFakeDriver(t, connection);
    const preview = await api<{ queueId: number; recommendedUserId: number }>(t, tenant, "GET", `/stores/${store.id}/rules/preview?message=${encodeURIComponent("Cadê minha ENTRÉGA?")}`);
    expect(preview).toMatchObject({ queueId: entregas.id, recommendedUserId: agents[1]!.id });

    await t.platform.engine.handleInbound(inbound(connection, "5511900000019", "Cadê minha ENTRÉGA?"));
    const [row] = await t.db.select().from(tickets).where(eq(tickets.companyId, companyId));
    expect(row).toMatchObject({ queueId: entregas.id, userId: preview.recommendedUserId, status: "pending", chatbot: false });
    const [log] = (await logsOf(t, companyId)).filter((l) => l.ticketId === row!.id);
    expect(log).toMatchObject({ fromQueueId: null, toQueueId: entregas.id, assignedUserId: agents[1]!.id, strategy: "ordered", storeId: store.id });
    await eventually(() => driver.bodies(), (bodies) => bodies.includes("Olá, setor de entregas."));
    expect(driver.bodies().some((body) => body.includes("Escolha:"))).toBe(false);

    // A message no rule matches gets the menu, as before.
    await t.platform.engine.handleInbound(inbound(connection, "5511900000020", "bom dia"));
    const [other] = await t.db.select().from(tickets).where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, (await t.db.select().from(contacts).where(eq(contacts.number, "5511900000020")))[0]!.id)));
    expect(other).toMatchObject({ queueId: null, userId: null });
    await eventually(() => driver.bodies(), (bodies) => bodies.some((body) => body.includes("Escolha:")));
  }, 60_000);
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
