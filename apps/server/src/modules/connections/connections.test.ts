import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ConnectionProvider } from "@conversa/shared";
import type { ChannelDriver } from "../../channels/types.ts";
import { migrationsFolder } from "../../db/client.ts";
import { auditLogs, connectionQueues, connections, contacts, plans, queues, tickets } from "../../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { bearer, createTenant } from "../../../test/factories.ts";

let t: TestApp;
let calls: DriverCall[];
beforeEach(async () => {
  t = await buildTestApp();
  // Fake drivers for both providers, whatever the platform registers: no test reaches a network.
  calls = registerFakeDriver("beta");
  registerFakeDriver("simulator");
});
afterEach(async () => {
  await t.close();
});

type Tenant = Awaited<ReturnType<typeof createTenant>>;

/** A driver that records what the channel manager asks of it and reports a QR code when started. */
interface DriverCall {
  action: "start" | "stop" | "logout";
  id: number;
}

function registerFakeDriver(provider: ConnectionProvider, options: { failStart?: boolean } = {}) {
  const recorded: DriverCall[] = [];
  const driver: ChannelDriver = {
    provider,
    start: async (connection) => {
      recorded.push({ action: "start", id: connection.id });
      if (options.failStart) throw new Error("network unreachable");
      await t.platform.channels.onEvent({ type: "status", companyId: connection.companyId, connectionId: connection.id, status: "qrcode", qrcode: `qr-${connection.id}` });
    },
    stop: async (id) => {
      recorded.push({ action: "stop", id });
    },
    logout: async (id) => {
      recorded.push({ action: "logout", id });
    },
    send: async () => ({ wid: "wid-1" }),
    deleteMessage: async () => undefined,
    checkNumber: async () => ({ exists: true }),
  };
  t.platform.channels.registerDriver(driver);
  return recorded;
}

async function createQueue(companyId: number, name: string, color: string) {
  const [queue] = await t.db.insert(queues).values({ companyId, name, color }).returning();
  if (!queue) throw new Error("queue not created");
  return queue;
}

async function post(tenant: Tenant, payload: Record<string, unknown>, token = tenant.adminToken) {
  return t.app.inject({ method: "POST", url: "/whatsapp", headers: bearer(token), payload });
}

/** Creates a connection through the API and answers its id. */
async function createConnection(tenant: Tenant, payload: Record<string, unknown> = {}) {
  const response = await post(tenant, { name: `Conexão ${Math.random().toString(36).slice(2, 8)}`, ...payload });
  if (response.statusCode !== 200) throw new Error(`connection not created: ${response.body}`);
  const body: { id: number } = response.json();
  return body.id;
}

async function rowsOf(companyId: number) {
  return t.db.select().from(connections).where(eq(connections.companyId, companyId)).orderBy(asc(connections.id));
}

async function queueIdsOf(connectionId: number) {
  const rows = await t.db.select({ queueId: connectionQueues.queueId }).from(connectionQueues).where(eq(connectionQueues.connectionId, connectionId));
  return rows.map((row) => row.queueId).sort((a, b) => a - b);
}

function updatedIds(companyId: number) {
  return t.published.flatMap((event) => (event.name === "connection.updated" && event.payload.companyId === companyId ? [event.payload.connection.id] : []));
}

describe("GET /whatsapp", () => {
  it("lists the company's connections with their queues to every user, without the token", async () => {
    const a = await createTenant(t.app, t.db);
    const vendas = await createQueue(a.company.id, "Vendas", "#00ff00");
    await createConnection(a, { name: "Loja", token: "super-secret-token-0123456789abcdef", queueIds: [vendas.id] });

    const response = await t.app.inject({ method: "GET", url: "/whatsapp/?session=0", headers: bearer(a.agentToken) });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject([{ name: "Loja", hasToken: true, isDefault: true, queues: [{ id: vendas.id, name: "Vendas", color: "#00ff00" }] }]);
    expect(response.body).not.toContain("super-secret-token-0123456789abcdef");
    expect(response.json()[0]).not.toHaveProperty("token");
  });

  it("lists only the session's company, whatever companyId the query names", async () => {
    const a = await createTenant(t.app, t.db);
    const b = await createTenant(t.app, t.db);
    await createConnection(a, { name: "Da A" });
    await createConnection(b, { name: "Da B" });

    const response = await t.app.inject({ method: "GET", url: `/whatsapp?companyId=${a.company.id}`, headers: bearer(b.adminToken) });

    expect(response.json().map((c: { name: string }) => c.name)).toEqual(["Da B"]);
  });

  it("answers 401 without a session and 400 for a bad query", async () => {
    const a = await createTenant(t.app, t.db);
    expect((await t.app.inject({ method: "GET", url: "/whatsapp/" })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: "GET", url: "/whatsapp?session=7", headers: bearer(a.adminToken) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: "ERR_VALIDATION" });
  });
});

describe("GET /whatsapp/:id", () => {
  it("shows the token to an admin and hides it from a user-profile account", async () => {
    const a = await createTenant(t.app, t.db);
    const id = await createConnection(a, { name: "Loja", token: "tok-123-0123456789abcdefghijklmnop" });

    const asAdmin = await t.app.inject({ method: "GET", url: `/whatsapp/${id}?session=0`, headers: bearer(a.adminToken) });
    const asAgent = await t.app.inject({ method: "GET", url: `/whatsapp/${id}`, headers: bearer(a.agentToken) });

    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toMatchObject({ id, name: "Loja", token: "tok-123-0123456789abcdefghijklmnop", hasToken: true });
    expect(asAgent.statusCode).toBe(200);
    expect(asAgent.json()).toMatchObject({ id, token: null, hasToken: true });
    expect(asAgent.body).not.toContain("tok-123-0123456789abcdefghijklmnop");
  });

  it("answers 404 ERR_NO_WAPP_FOUND for another company's connection, exactly as for a missing one", async () => {
    const a = await createTenant(t.app, t.db);
    const b = await createTenant(t.app, t.db);
    const id = await createConnection(a);

    const other = await t.app.inject({ method: "GET", url: `/whatsapp/${id}`, headers: bearer(b.adminToken) });
    const missing = await t.app.inject({ method: "GET", url: "/whatsapp/999999", headers: bearer(b.adminToken) });

    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
    expect(other.json()).toMatchObject({ error: "ERR_NO_WAPP_FOUND" });
  });

  it("answers 401 without a session, 400 for a bad id and 404 for a path that is no id", async () => {
    const a = await createTenant(t.app, t.db);
    const id = await createConnection(a);
    expect((await t.app.inject({ method: "GET", url: `/whatsapp/${id}` })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: "GET", url: "/whatsapp/0", headers: bearer(a.adminToken) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: "ERR_VALIDATION" });
    const noId = await t.app.inject({ method: "GET", url: "/whatsapp/abc", headers: bearer(a.adminToken) });
    expect(noId.statusCode).toBe(404);
    expect(noId.json()).toMatchObject({ error: "ERR_NOT_FOUND" });
  });
});

describe("POST /whatsapp", () => {
  it("creates the first connection as default with the spec's defaults, publishes it and starts its session", async () => {
    const a = await createTenant(t.app, t.db);
    t.published.length = 0;

    const response = await post(a, { name: "  Loja  " });

    expect(response.statusCode).toBe(200);
    const created = response.json();
    expect(created).toMatchObject({
      name: "Loja",
      provider: "beta",
      isDefault: true,
      maxUseBotQueues: 3,
      expiresTicket: 0,
      timeUseBotQueues: 0,
      timeToTransfer: null,
      transferQueueId: null,
      // Its external-API token was generated.
      hasToken: true,
      queues: [],
      status: "qrcode",
      qrcode: `qr-${created.id}`,
    });
    expect(calls).toEqual([{ action: "start", id: created.id }]);
    expect(updatedIds(a.company.id)).toContain(created.id);
    expect(t.published.find((event) => event.name === "connection.updated")?.payload).toMatchObject({ companyId: a.company.id, connection: { id: created.id, name: "Loja" } });
    expect(await rowsOf(a.company.id)).toHaveLength(1);
  });

  it("keeps the connection when its session cannot start, DISCONNECTED so that it can be retried", async () => {
    const a = await createTenant(t.app, t.db);
    registerFakeDriver("beta", { failStart: true });

    const response = await post(a, { name: "Sem driver", provider: "beta" });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: "Sem driver", status: "DISCONNECTED" });
    expect(await rowsOf(a.company.id)).toMatchObject([{ name: "Sem driver", status: "DISCONNECTED" }]);
  });

  it("makes a later connection default only when asked, un-defaulting the previous one in the same change", async () => {
    const a = await createTenant(t.app, t.db);
    const first = await createConnection(a, { name: "Primeira" });
    const second = await createConnection(a, { name: "Segunda", provider: "simulator" });
    expect((await rowsOf(a.company.id)).map((row) => row.isDefault)).toEqual([true, false]);
    t.published.length = 0;

    const third = await createConnection(a, { name: "Terceira", isDefault: true });

    expect((await rowsOf(a.company.id)).map((row) => [row.id, row.isDefault])).toEqual([
      [first, false],
      [second, false],
      [third, true],
    ]);
    expect(updatedIds(a.company.id)).toEqual(expect.arrayContaining([first, third]));
    expect(updatedIds(a.company.id)).not.toContain(second);
  });

  it("links the company's queues and requires a greeting when there is more than one", async () => {
    const a = await createTenant(t.app, t.db);
    const vendas = await createQueue(a.company.id, "Vendas", "#00ff00");
    const suporte = await createQueue(a.company.id, "Suporte", "#0000ff");

    const refused = await post(a, { name: "Loja", queueIds: [vendas.id, suporte.id], greetingMessage: "   " });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: "ERR_WAPP_GREETING_REQUIRED" });
    expect(await rowsOf(a.company.id)).toHaveLength(0);

    const one = await post(a, { name: "Uma fila", queueIds: [vendas.id] });
    expect(one.statusCode).toBe(200);
    const two = await post(a, { name: "Loja", queueIds: [vendas.id, suporte.id, vendas.id], greetingMessage: "Olá! Escolha:", transferQueueId: suporte.id, timeToTransfer: 10 });
    expect(two.statusCode).toBe(200);
    expect(two.json()).toMatchObject({ greetingMessage: "Olá! Escolha:", transferQueueId: suporte.id, timeToTransfer: 10 });
    expect(await queueIdsOf(two.json().id)).toEqual([vendas.id, suporte.id].sort((x, y) => x - y));
  });

  it("answers 404 ERR_NO_QUEUE_FOUND for another company's queue, in queueIds or transferQueueId, and creates nothing", async () => {
    const a = await createTenant(t.app, t.db);
    const b = await createTenant(t.app, t.db);
    const theirs = await createQueue(b.company.id, "Deles", "#123456");

    const inQueues = await post(a, { name: "Loja", queueIds: [theirs.id] });
    const asTransfer = await post(a, { name: "Loja", transferQueueId: theirs.id });

    for (const response of [inQueues, asTransfer]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: "ERR_NO_QUEUE_FOUND" });
    }
    expect(await rowsOf(a.company.id)).toHaveLength(0);
  });

  it("enforces the plan's connection limit with ERR_CONNECTION_LIMIT", async () => {
    const a = await createTenant(t.app, t.db);
    await t.db.update(plans).set({ connections: 1 }).where(eq(plans.id, a.company.plan.id));
    await createConnection(a, { name: "Única" });

    const response = await post(a, { name: "Outra" });

    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: "ERR_CONNECTION_LIMIT" });
    expect(await rowsOf(a.company.id)).toHaveLength(1);
  });

  it("refuses a name already used in the company (in any case) with ERR_DUPLICATED_CONNECTION, but not one of another company", async () => {
    const a = await createTenant(t.app, t.db);
    const b = await createTenant(t.app, t.db);
    await createConnection(a, { name: "Loja" });

    const duplicated = await post(a, { name: "LOJA" });
    const elsewhere = await post(b, { name: "Loja" });

    expect(duplicated.statusCode).toBe(409);
    expect(duplicated.json()).toMatchObject({ error: "ERR_DUPLICATED_CONNECTION" });
    expect(elsewhere.statusCode).toBe(200);
  });

  it("answers ERR_NO_PERMISSION to a user-profile account and creates nothing", async () => {
    const a = await createTenant(t.app, t.db);

    const response = await post(a, { name: "Loja" }, a.agentToken);

    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    expect(await rowsOf(a.company.id)).toHaveLength(0);
  });

  it.each([
    ["a missing name", {}],
    ["a short name", { name: "A" }],
    ["a name over 50 characters", { name: "x".repeat(51) }],
    ["a name of the wrong type", { name: 12345 }],
    ["an unknown field", { name: "Loja", companyId: 1 }],
    ["an unknown provider", { name: "Loja", provider: "telegram" }],
    ["a non-numeric maxUseBotQueues", { name: "Loja", maxUseBotQueues: "muitos" }],
    ["queue ids that are not numbers", { name: "Loja", queueIds: ["a"] }],
    ["isDefault that is not a boolean", { name: "Loja", isDefault: "yes" }],
  ])("answers 400 ERR_VALIDATION for %s", async (_label, payload) => {
    const a = await createTenant(t.app, t.db);
    const response = await post(a, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_VALIDATION" });
    expect(await rowsOf(a.company.id)).toHaveLength(0);
  });

  it("answers 401 without a session", async () => {
    expect((await t.app.inject({ method: "POST", url: "/whatsapp", payload: { name: "Loja" } })).statusCode).toBe(401);
  });
});

describe("PUT /whatsapp/:id", () => {
  it("records the change in the audit log, and a new token as its own entry without its value", async () => {
    const a = await createTenant(t.app, t.db);
    const token = "tok-audit-0123456789abcdefghijklmnop";
    const id = await createConnection(a, { name: "Loja", token, expiresTicket: 10 });
    const response = await t.app.inject({ method: "PUT", url: `/whatsapp/${id}`, headers: bearer(a.adminToken), payload: { name: "Loja Centro", expiresTicket: 10, token: "" } });
    expect(response.statusCode).toBe(200);

    const entries = await t.db.select().from(auditLogs).where(and(eq(auditLogs.targetType, "connection"), eq(auditLogs.targetId, String(id)))).orderBy(asc(auditLogs.id));
    expect(entries.map((entry) => entry.action)).toEqual(["connection.create", "connection.update", "connection.token.rotate"]);
    const [, update, rotate] = entries;
    expect(update).toMatchObject({ companyId: a.company.id, userId: a.admin.id, targetType: "connection" });
    expect(update!.changes).toEqual({ name: { before: "Loja", after: "Loja Centro" } });
    expect(rotate!.changes).toEqual({ token: { before: "[redacted]", after: "[redacted]" } });
    const stored = (await rowsOf(a.company.id))[0]!.token!;
    for (const entry of entries) {
      expect(JSON.stringify(entry.changes)).not.toContain(token);
      expect(JSON.stringify(entry.changes)).not.toContain(stored);
    }
  });

  it("changes the fields, replaces the queues and publishes the change", async () => {
    const a = await createTenant(t.app, t.db);
    const vendas = await createQueue(a.company.id, "Vendas", "#00ff00");
    const suporte = await createQueue(a.company.id, "Suporte", "#0000ff");
    const id = await createConnection(a, { name: "Loja", queueIds: [vendas.id], token: "tok-0123456789abcdefghijklmnopqrstuv" });
    t.published.length = 0;

    const response = await t.app.inject({
      method: "PUT",
      url: `/whatsapp/${id}`,
      headers: bearer(a.adminToken),
      payload: { name: "Loja Centro", queueIds: [suporte.id], complationMessage: "Até logo!", expiresTicket: 30, maxUseBotQueues: 5, promptId: null },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, name: "Loja Centro", complationMessage: "Até logo!", expiresTicket: 30, maxUseBotQueues: 5, hasToken: true, queues: [{ id: suporte.id }] });
    expect(await queueIdsOf(id)).toEqual([suporte.id]);
    expect(updatedIds(a.company.id)).toEqual([id]);
  });

  it("refuses a promptId that names no prompt of the company, on create and update, and writes nothing", async () => {
    const a = await createTenant(t.app, t.db);
    const id = await createConnection(a, { name: "Loja" });
    const created = await post(a, { name: "Com prompt", promptId: 3 });
    expect(created.statusCode).toBe(404);
    expect(created.json()).toMatchObject({ error: "ERR_NO_PROMPT_FOUND" });
    const updated = await t.app.inject({ method: "PUT", url: `/whatsapp/${id}`, headers: bearer(a.adminToken), payload: { name: "Loja Centro", promptId: 3 } });
    expect(updated.json()).toMatchObject({ error: "ERR_NO_PROMPT_FOUND" });
    const rows = await t.db.select().from(connections).where(eq(connections.companyId, a.company.id));
    expect(rows.map((row) => [row.name, row.promptId])).toEqual([["Loja", null]]);
  });

  it("keeps the queues when queueIds is left out, and still requires the greeting they need", async () => {
    const a = await createTenant(t.app, t.db);
    const vendas = await createQueue(a.company.id, "Vendas", "#00ff00");
    const suporte = await createQueue(a.company.id, "Suporte", "#0000ff");
    const id = await createConnection(a, { name: "Loja", queueIds: [vendas.id, suporte.id], greetingMessage: "Olá" });

    const renamed = await t.app.inject({ method: "PUT", url: `/whatsapp/${id}`, headers: bearer(a.adminToken), payload: { name: "Loja 2" } });
    const noGreeting = await t.app.inject({ method: "PUT", url: `/whatsapp/${id}`, headers: bearer(a.adminToken), payload: { name: "Loja 3", greetingMessage: "" } });

    expect(renamed.statusCode).toBe(200);
    expect(await queueIdsOf(id)).toHaveLength(2);
    expect(noGreeting.statusCode).toBe(400);
    expect(noGreeting.json()).toMatchObject({ error: "ERR_WAPP_GREETING_REQUIRED" });
    expect(await rowsOf(a.company.id)).toMatchObject([{ name: "Loja 2", greetingMessage: "Olá" }]);
  });

  it("refuses to un-default the only default connection with ERR_NO_OTHER_WHATSAPP", async () => {
    const a = await createTenant(t.app, t.db);
    const id = await createConnection(a, { name: "Loja" });
    await createConnection(a, { name: "Outra" });

    const response = await t.app.inject({ method: "PUT", url: `/whatsapp/${id}`, headers: bearer(a.adminToken), payload: { name: "Loja", isDefault: false } });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_NO_OTHER_WHATSAPP" });
    expect((await rowsOf(a.company.id)).map((row) => row.isDefault)).toEqual([true, false]);
  });

  it("makes another connection the default and un-defaults the previous one, publishing both", async () => {
    const a = await createTenant(t.app, t.db);
    const first = await createConnection(a, { name: "Loja" });
    const second = await createConnection(a, { name: "Outra" });
    t.published.length = 0;

    const response = await t.app.inject({ method: "PUT", url: `/whatsapp/${second}`, headers: bearer(a.adminToken), payload: { name: "Outra", isDefault: true } });

    expect(response.statusCode).toBe(200);
    expect((await rowsOf(a.company.id)).map((row) => [row.id, row.isDefault])).toEqual([
      [first, false],
      [second, true],
    ]);
    expect(updatedIds(a.company.id).sort()).toEqual([first, second].sort());
  });

  it("refuses another connection's name but accepts its own in another case", async () => {
    const a = await createTenant(t.app, t.db);
    const id = await createConnection(a, { name: "Loja" });
    await createConnection(a, { name: "Outra" });

    const taken = await t.app.inject({ method: "PUT", url: `/whatsapp/${id}`, headers: bearer(a.adminToken), payload: { name: "outra" } });
    const own = await t.app.inject({ method: "PUT", url: `/whatsapp/${id}`, headers: bearer(a.adminToken), payload: { name: "LOJA" } });

    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: "ERR_DUPLICATED_CONNECTION" });
    expect(own.statusCode).toBe(200);
  });

  it("restarts the session on the new driver when the provider changes", async () => {
    const a = await createTenant(t.app, t.db);
    const beta = calls;
    const simulator = registerFakeDriver("simulator");
    const id = await createConnection(a, { name: "Loja", provider: "beta" });

    const response = await t.app.inject({ method: "PUT", url: `/whatsapp/${id}`, headers: bearer(a.adminToken), payload: { name: "Loja", provider: "simulator" } });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ provider: "simulator", status: "qrcode" });
    expect(beta).toEqual([
      { action: "start", id },
      { action: "logout", id },
    ]);
    expect(simulator).toEqual([{ action: "start", id }]);
  });

  it("answers 404 ERR_NO_WAPP_FOUND for another company's connection and changes nothing", async () => {
    const a = await createTenant(t.app, t.db);
    const b = await createTenant(t.app, t.db);
    const id = await createConnection(a, { name: "Loja" });
    const before = await rowsOf(a.company.id);
    t.published.length = 0;

    const response = await t.app.inject({ method: "PUT", url: `/whatsapp/${id}`, headers: bearer(b.adminToken), payload: { name: "Roubada", isDefault: true } });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: "ERR_NO_WAPP_FOUND" });
    expect(await rowsOf(a.company.id)).toEqual(before);
    expect(t.published).toEqual([]);
  });

  it("answers ERR_NO_PERMISSION to a user-profile account and changes nothing", async () => {
    const a = await createTenant(t.app, t.db);
    const id = await createConnection(a, { name: "Loja" });

    const response = await t.app.inject({ method: "PUT", url: `/whatsapp/${id}`, headers: bearer(a.agentToken), payload: { name: "Mudou" } });

    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    expect(await rowsOf(a.company.id)).toMatchObject([{ name: "Loja" }]);
  });

  it.each([
    ["a short name", { name: "A" }],
    ["an unknown field", { name: "Loja", sessionData: "x" }],
    ["a negative expiresTicket", { name: "Loja", expiresTicket: -1 }],
    ["a transferQueueId of the wrong type", { name: "Loja", transferQueueId: "fila" }],
  ])("answers 400 ERR_VALIDATION for %s", async (_label, payload) => {
    const a = await createTenant(t.app, t.db);
    const id = await createConnection(a, { name: "Loja" });
    const response = await t.app.inject({ method: "PUT", url: `/whatsapp/${id}`, headers: bearer(a.adminToken), payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_VALIDATION" });
    expect(await rowsOf(a.company.id)).toMatchObject([{ name: "Loja", expiresTicket: 0 }]);
  });

  it("answers 401 without a session", async () => {
    expect((await t.app.inject({ method: "PUT", url: "/whatsapp/1", payload: { name: "Loja" } })).statusCode).toBe(401);
  });
});

describe("DELETE /whatsapp/:id", () => {
  it("logs the session out, deletes the connection and publishes the deletion; its tickets keep their history", async () => {
    const a = await createTenant(t.app, t.db);
    await createConnection(a, { name: "Principal" });
    const id = await createConnection(a, { name: "Loja" });
    const [contact] = await t.db.insert(contacts).values({ companyId: a.company.id, name: "Cliente", number: "5511999990000" }).returning();
    if (!contact) throw new Error("contact not created");
    const [ticket] = await t.db.insert(tickets).values({ companyId: a.company.id, contactId: contact.id, whatsappId: id, status: "closed" }).returning();
    t.published.length = 0;

    const response = await t.app.inject({ method: "DELETE", url: `/whatsapp/${id}`, headers: bearer(a.adminToken) });

    expect(response.statusCode).toBe(200);
    expect(calls).toContainEqual({ action: "logout", id });
    expect((await rowsOf(a.company.id)).map((row) => row.name)).toEqual(["Principal"]);
    expect(t.published).toContainEqual({ name: "connection.deleted", payload: { companyId: a.company.id, connectionId: id } });
    const [kept] = await t.db.select().from(tickets).where(eq(tickets.id, ticket?.id ?? 0));
    expect(kept).toMatchObject({ whatsappId: null, status: "closed" });
  });

  it("passes the default role to another connection when the default one is deleted", async () => {
    const a = await createTenant(t.app, t.db);
    const first = await createConnection(a, { name: "Principal" });
    const second = await createConnection(a, { name: "Loja" });
    t.published.length = 0;

    const response = await t.app.inject({ method: "DELETE", url: `/whatsapp/${first}`, headers: bearer(a.adminToken) });

    expect(response.statusCode).toBe(200);
    expect(await rowsOf(a.company.id)).toMatchObject([{ id: second, isDefault: true }]);
    expect(updatedIds(a.company.id)).toEqual([second]);
  });

  it("refuses to delete the company's only connection with ERR_NO_OTHER_WHATSAPP", async () => {
    const a = await createTenant(t.app, t.db);
    const id = await createConnection(a, { name: "Única" });

    const response = await t.app.inject({ method: "DELETE", url: `/whatsapp/${id}`, headers: bearer(a.adminToken) });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_NO_OTHER_WHATSAPP" });
    expect(await rowsOf(a.company.id)).toHaveLength(1);
    expect(calls).not.toContainEqual({ action: "logout", id });
  });

  it("answers 404 ERR_NO_WAPP_FOUND for another company's connection, without touching it or its session", async () => {
    const a = await createTenant(t.app, t.db);
    const b = await createTenant(t.app, t.db);
    await createConnection(a, { name: "Principal" });
    const id = await createConnection(a, { name: "Loja" });
    const before = await rowsOf(a.company.id);
    t.published.length = 0;

    const response = await t.app.inject({ method: "DELETE", url: `/whatsapp/${id}`, headers: bearer(b.adminToken) });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: "ERR_NO_WAPP_FOUND" });
    expect(await rowsOf(a.company.id)).toEqual(before);
    expect(calls.filter((call) => call.action === "logout")).toEqual([]);
    expect(t.published).toEqual([]);
  });

  it("answers ERR_NO_PERMISSION to a user-profile account", async () => {
    const a = await createTenant(t.app, t.db);
    await createConnection(a, { name: "Principal" });
    const id = await createConnection(a, { name: "Loja" });

    const response = await t.app.inject({ method: "DELETE", url: `/whatsapp/${id}`, headers: bearer(a.agentToken) });

    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    expect(await rowsOf(a.company.id)).toHaveLength(2);
  });

  it("answers 401 without a session and 400 for a non-numeric id", async () => {
    const a = await createTenant(t.app, t.db);
    expect((await t.app.inject({ method: "DELETE", url: "/whatsapp/1" })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: "DELETE", url: "/whatsapp/0", headers: bearer(a.adminToken) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: "ERR_VALIDATION" });
  });
});

describe("/whatsappsession/:id", () => {
  it("POST starts the session: the driver's QR code is saved and published", async () => {
    const a = await createTenant(t.app, t.db);
    const id = await createConnection(a, { name: "Loja" });
    await t.platform.channels.onEvent({ type: "status", companyId: a.company.id, connectionId: id, status: "DISCONNECTED" });
    calls.length = 0;
    t.published.length = 0;

    const response = await t.app.inject({ method: "POST", url: `/whatsappsession/${id}`, headers: bearer(a.adminToken) });

    expect(response.statusCode).toBe(200);
    expect(calls).toEqual([
      { action: "stop", id },
      { action: "start", id },
    ]);
    expect(t.published).toContainEqual({ name: "connection.updated", payload: { companyId: a.company.id, connection: expect.objectContaining({ id, status: "qrcode", qrcode: `qr-${id}` }) } });
    const shown = await t.app.inject({ method: "GET", url: `/whatsapp/${id}`, headers: bearer(a.adminToken) });
    expect(shown.json()).toMatchObject({ status: "qrcode", qrcode: `qr-${id}` });
  });

  it("PUT drops the credentials and starts over with a new QR code", async () => {
    const a = await createTenant(t.app, t.db);
    const id = await createConnection(a, { name: "Loja" });
    await t.platform.channels.onEvent({ type: "status", companyId: a.company.id, connectionId: id, status: "CONNECTED", number: "5511988887777" });
    calls.length = 0;

    const response = await t.app.inject({ method: "PUT", url: `/whatsappsession/${id}`, headers: bearer(a.adminToken) });

    expect(response.statusCode).toBe(200);
    expect(calls).toEqual([
      { action: "logout", id },
      { action: "start", id },
    ]);
    expect(await rowsOf(a.company.id)).toMatchObject([{ status: "qrcode", qrcode: `qr-${id}` }]);
  });

  it("DELETE logs out and leaves the connection DISCONNECTED, published", async () => {
    const a = await createTenant(t.app, t.db);
    const id = await createConnection(a, { name: "Loja" });
    await t.platform.channels.onEvent({ type: "status", companyId: a.company.id, connectionId: id, status: "CONNECTED", number: "5511988887777" });
    t.published.length = 0;

    const response = await t.app.inject({ method: "DELETE", url: `/whatsappsession/${id}`, headers: bearer(a.adminToken) });

    expect(response.statusCode).toBe(200);
    expect(calls).toContainEqual({ action: "logout", id });
    expect(await rowsOf(a.company.id)).toMatchObject([{ status: "DISCONNECTED", qrcode: null }]);
    expect(t.published).toContainEqual({ name: "connection.updated", payload: { companyId: a.company.id, connection: expect.objectContaining({ id, status: "DISCONNECTED" }) } });
  });

  it("answers ERR_WAPP_NOT_INITIALIZED when the session cannot start", async () => {
    const a = await createTenant(t.app, t.db);
    const id = await createConnection(a, { name: "Loja" });
    registerFakeDriver("beta", { failStart: true });

    const response = await t.app.inject({ method: "POST", url: `/whatsappsession/${id}`, headers: bearer(a.adminToken) });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_WAPP_NOT_INITIALIZED" });
  });

  it.each(["POST", "PUT", "DELETE"] as const)("%s answers 404 for another company's connection without touching its session", async (method) => {
    const a = await createTenant(t.app, t.db);
    const b = await createTenant(t.app, t.db);
    const id = await createConnection(a, { name: "Loja" });
    calls.length = 0;
    const before = await rowsOf(a.company.id);
    t.published.length = 0;

    const response = await t.app.inject({ method, url: `/whatsappsession/${id}`, headers: bearer(b.adminToken) });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: "ERR_NO_WAPP_FOUND" });
    expect(calls).toEqual([]);
    expect(await rowsOf(a.company.id)).toEqual(before);
    expect(t.published).toEqual([]);
  });

  it.each(["POST", "PUT", "DELETE"] as const)("%s answers ERR_NO_PERMISSION to a user-profile account", async (method) => {
    const a = await createTenant(t.app, t.db);
    const id = await createConnection(a, { name: "Loja" });
    calls.length = 0;

    const response = await t.app.inject({ method, url: `/whatsappsession/${id}`, headers: bearer(a.agentToken) });

    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    expect(calls).toEqual([]);
  });

  it.each(["POST", "PUT", "DELETE"] as const)("%s answers 401 without a session, 400 for a bad id and 404 for a path that is no id", async (method) => {
    const a = await createTenant(t.app, t.db);
    expect((await t.app.inject({ method, url: "/whatsappsession/1" })).statusCode).toBe(401);
    const bad = await t.app.inject({ method, url: "/whatsappsession/0", headers: bearer(a.adminToken) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: "ERR_VALIDATION" });
    const noId = await t.app.inject({ method, url: "/whatsappsession/x1", headers: bearer(a.adminToken) });
    expect(noId.json()).toMatchObject({ error: "ERR_NOT_FOUND" });
  });
});

describe("the connection's external-API token", () => {
  const TOKEN = "Company-A-api-token-0123456789-abcdef";
  const GENERATED = /^[A-Za-z0-9_-]{32}$/;
  const put = (tenant: Tenant, id: number, payload: Record<string, unknown>) => t.app.inject({ method: "PUT", url: `/whatsapp/${id}`, headers: bearer(tenant.adminToken), payload });
  const tokenOf = async (id: number) => (await t.db.select({ token: connections.token }).from(connections).where(eq(connections.id, id)))[0]?.token;
  const holdersOf = async (token: string) => t.db.select({ id: connections.id, companyId: connections.companyId }).from(connections).where(eq(connections.token, token));

  it("is generated by the server, 32 random characters, when the body leaves it out, empty or null", async () => {
    const a = await createTenant(t.app, t.db);
    const ids = [await createConnection(a, {}), await createConnection(a, { token: "" }), await createConnection(a, { token: "   " }), await createConnection(a, { token: null })];
    const tokens = await Promise.all(ids.map(tokenOf));
    for (const token of tokens) expect(token).toMatch(GENERATED);
    expect(new Set(tokens).size).toBe(ids.length);
  });

  it("is kept by a PUT that leaves it out, and replaced by a new random one when a PUT empties it", async () => {
    const a = await createTenant(t.app, t.db);
    const id = await createConnection(a, { name: "Loja", token: TOKEN });
    expect((await put(a, id, { name: "Loja Centro" })).statusCode).toBe(200);
    expect(await tokenOf(id)).toBe(TOKEN);
    expect((await put(a, id, { name: "Loja Centro", token: TOKEN })).statusCode).toBe(200);
    expect(await tokenOf(id)).toBe(TOKEN);
    expect((await put(a, id, { name: "Loja Centro", token: "" })).statusCode).toBe(200);
    const renewed = await tokenOf(id);
    expect(renewed).toMatch(GENERATED);
    expect(renewed).not.toBe(TOKEN);
  });

  it("refuses a typed token under 32 characters, over 200 or with a space with 400 ERR_VALIDATION on the field, and writes nothing", async () => {
    const a = await createTenant(t.app, t.db);
    const id = await createConnection(a, { name: "Loja", token: TOKEN });
    for (const token of ["x".repeat(31), "x".repeat(201), "two words that make 32 characters"]) {
      const created = await post(a, { name: "Outra", token });
      expect(created.statusCode, token).toBe(400);
      expect(created.json()).toMatchObject({ error: "ERR_VALIDATION", details: [{ in: "body", path: "/token" }] });
      expect((await put(a, id, { name: "Loja", token })).statusCode, token).toBe(400);
    }
    expect((await rowsOf(a.company.id)).map((row) => row.token)).toEqual([TOKEN]);
    // 32 characters after trimming are enough.
    expect((await post(a, { name: "Outra", token: ` ${"y".repeat(32)} ` })).statusCode).toBe(200);
  });

  it("refuses another connection's token, of any company, with the very answer a short token gets, and changes neither", async () => {
    const a = await createTenant(t.app, t.db);
    const b = await createTenant(t.app, t.db);
    const ofA = await createConnection(a, { name: "Loja A", token: TOKEN });
    const ofB = await createConnection(b, { name: "Loja B" });
    const tokenOfB = await tokenOf(ofB);
    const short = await post(b, { name: "Nova", token: "short" });

    const created = await post(b, { name: "Nova", token: TOKEN });
    const edited = await put(b, ofB, { name: "Loja B", token: TOKEN });
    const sameCompany = await post(a, { name: "Segunda", token: TOKEN });
    for (const answer of [created, edited, sameCompany]) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual(short.json());
    }
    expect(await holdersOf(TOKEN)).toEqual([{ id: ofA, companyId: a.company.id }]);
    expect(await tokenOf(ofB)).toBe(tokenOfB);
    expect(await rowsOf(b.company.id)).toHaveLength(1);
  });

  it("leaves exactly one connection with a token two companies save at the same time", async () => {
    const a = await createTenant(t.app, t.db);
    const b = await createTenant(t.app, t.db);
    const answers = await Promise.all([post(a, { name: "Loja A", token: TOKEN }), post(b, { name: "Loja B", token: TOKEN })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.statusCode === 400)?.json()).toMatchObject({ error: "ERR_VALIDATION", details: [{ path: "/token" }] });
    expect(await holdersOf(TOKEN)).toHaveLength(1);
  });

  it("stops answering whether a token is in use after 20 refused in 15 minutes, while saves without a new token go on", async () => {
    const a = await createTenant(t.app, t.db);
    const b = await createTenant(t.app, t.db);
    await createConnection(a, { name: "Loja A", token: TOKEN });
    const ofB = await createConnection(b, { name: "Loja B" });
    for (let i = 0; i < 20; i++) expect((await post(b, { name: "Nova", token: TOKEN })).statusCode).toBe(400);

    for (const token of [TOKEN, "an-unused-token-0123456789abcdefghij"]) {
      const limited = await post(b, { name: "Nova", token });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ error: "ERR_RATE_LIMITED" });
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    }
    expect((await put(b, ofB, { name: "Loja B Centro" })).statusCode).toBe(200);
    expect((await post(b, { name: "Nova" })).statusCode).toBe(200);
  });
});

describe("migration connection_token_unique", () => {
  it("replaces duplicated, short and unusable tokens with random ones, blank ones with none, keeps the rest, and makes tokens unique", async () => {
    const a = await createTenant(t.app, t.db);
    const b = await createTenant(t.app, t.db);
    const kept = "kept-token-0123456789abcdefghijklmn";
    const shared = "shared-token-0123456789abcdefghijk";
    await t.db.execute(sql.raw(`drop index "connections_token_unique"`));
    const row = async (companyId: number, token: string | null) => (await t.db.insert(connections).values({ companyId, name: `C ${Math.random()}`, token }).returning())[0]!;
    const rows = {
      kept: await row(a.company.id, kept),
      sharedA: await row(a.company.id, shared),
      sharedB: await row(b.company.id, shared),
      short: await row(b.company.id, "123456"),
      spaced: await row(b.company.id, "a token with spaces in it, 32 chars"),
      blank: await row(b.company.id, "  "),
      none: await row(b.company.id, null),
    };

    const file = readdirSync(migrationsFolder()).find((name) => name.endsWith("_connection_token_unique.sql"));
    const statements = readFileSync(path.join(migrationsFolder(), file!), "utf8").split("--> statement-breakpoint");
    for (const statement of statements) await t.db.execute(sql.raw(statement));

    const after = Object.fromEntries(await Promise.all(Object.entries(rows).map(async ([name, { id }]) => [name, await tokenOf(id)] as const)));
    expect(after).toMatchObject({ kept, blank: null, none: null });
    for (const name of ["sharedA", "sharedB", "short", "spaced"]) expect(after[name], name).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(Object.values(after).filter(Boolean)).size).toBe(5);
    await expect(row(b.company.id, kept)).rejects.toThrow();
  });

  const tokenOf = async (id: number) => (await t.db.select({ token: connections.token }).from(connections).where(eq(connections.id, id)))[0]?.token;
});
