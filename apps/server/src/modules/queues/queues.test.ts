import { and, asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_BUSINESS_HOURS, ZQueue } from "@conversa/shared";
import { auditLogs, connectionQueues, contacts, plans, queueOptions, queues, tickets, userQueues } from "../../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { bearer, createSimulatorConnection, createTenant } from "../../../test/factories.ts";
import { PNG, multipartFile } from "./upload-fixtures.ts";

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

type Tenant = Awaited<ReturnType<typeof createTenant>>;

const weekdays = DEFAULT_BUSINESS_HOURS;

async function insertQueue(companyId: number, name: string, color: string, extra: Partial<typeof queues.$inferInsert> = {}) {
  const [row] = await t.db.insert(queues).values({ companyId, name, color, ...extra }).returning();
  if (!row) throw new Error("queue not created");
  return row;
}

function post(tenant: Tenant, payload: Record<string, unknown>, token = tenant.adminToken) {
  return t.app.inject({ method: "POST", url: "/queue", headers: bearer(token), payload });
}

const queueRecords = () => t.published.flatMap((event) => (event.name === "record.changed" && event.payload.channel === "queue" ? [event.payload] : []));

describe("GET /queue", () => {
  it("lists the company's queues to any user, ordered by orderQueue then name", async () => {
    const a = await createTenant(t.app, t.db);
    await t.db.insert(queues).values([
      { companyId: a.company.id, name: "Suporte", color: "#0000ff", orderQueue: 2, greetingMessage: "Suporte aqui" },
      { companyId: a.company.id, name: "Vendas", color: "#00ff00", orderQueue: 1 },
      { companyId: a.company.id, name: "Avulsa", color: "#ff0000" },
    ]);

    const response = await t.app.inject({ method: "GET", url: "/queue", headers: bearer(a.agentToken) });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: expect.any(Number), name: "Vendas", color: "#00ff00", orderQueue: 1, greetingMessage: "", outOfHoursMessage: "", storeId: null },
      { id: expect.any(Number), name: "Suporte", color: "#0000ff", orderQueue: 2, greetingMessage: "Suporte aqui", outOfHoursMessage: "", storeId: null },
      { id: expect.any(Number), name: "Avulsa", color: "#ff0000", orderQueue: null, greetingMessage: "", outOfHoursMessage: "", storeId: null },
    ]);
  });

  it("lists only the session's company, whatever companyId the query names", async () => {
    const a = await createTenant(t.app, t.db);
    const b = await createTenant(t.app, t.db);
    await t.db.insert(queues).values([
      { companyId: a.company.id, name: "Da A", color: "#00ff00" },
      { companyId: b.company.id, name: "Da B", color: "#00ff00" },
    ]);

    const response = await t.app.inject({ method: "GET", url: `/queue?companyId=${a.company.id}`, headers: bearer(b.adminToken) });

    expect(response.json().map((queue: { name: string }) => queue.name)).toEqual(["Da B"]);
  });

  it("answers one page of {queues, count, hasMore} when pageNumber is given, searching names without case", async () => {
    const a = await createTenant(t.app, t.db);
    const b = await createTenant(t.app, t.db);
    await t.db.insert(queues).values(Array.from({ length: 22 }, (_, i) => ({ companyId: a.company.id, name: `Vendas ${String(i).padStart(2, "0")}`, color: `#0000${String(i).padStart(2, "0")}` })));
    await t.db.insert(queues).values([
      { companyId: a.company.id, name: "Suporte", color: "#ffffff" },
      { companyId: b.company.id, name: "Vendas da B", color: "#ffffff" },
    ]);

    const first = await t.app.inject({ method: "GET", url: "/queue?pageNumber=1&searchParam=VENDAS", headers: bearer(a.adminToken) });
    const second = await t.app.inject({ method: "GET", url: "/queue?pageNumber=2&searchParam=vendas", headers: bearer(a.adminToken) });

    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ count: 22, hasMore: true });
    expect(first.json().queues).toHaveLength(20);
    expect(first.json().queues[0]).toEqual(ZQueue.parse(first.json().queues[0]));
    expect(second.json()).toMatchObject({ count: 22, hasMore: false, queues: [{ name: "Vendas 20" }, { name: "Vendas 21" }] });
  });

  it("answers 401 without a session and 400 for a bad query", async () => {
    const a = await createTenant(t.app, t.db);
    expect((await t.app.inject({ method: "GET", url: "/queue" })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: "GET", url: "/queue?companyId=abc", headers: bearer(a.adminToken) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: "ERR_VALIDATION" });
    expect((await t.app.inject({ method: "GET", url: "/queue?pageNumber=0", headers: bearer(a.adminToken) })).statusCode).toBe(400);
  });
});

describe("GET /queue/:id", () => {
  it("answers the queue with its hours and media to an admin", async () => {
    const a = await createTenant(t.app, t.db);
    const queue = await insertQueue(a.company.id, "Vendas", "#00ff00", { schedules: weekdays, mediaPath: null });

    const response = await t.app.inject({ method: "GET", url: `/queue/${queue.id}`, headers: bearer(a.adminToken) });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: queue.id,
      name: "Vendas",
      color: "#00ff00",
      orderQueue: null,
      greetingMessage: "",
      outOfHoursMessage: "",
      schedules: weekdays,
      mediaPath: null,
      mediaName: null,
      integrationId: null,
      promptId: null,
      storeId: null,
    });
  });

  it("answers 404 for another company's queue, 403 to a user-profile account and 401 without a session", async () => {
    const a = await createTenant(t.app, t.db);
    const b = await createTenant(t.app, t.db);
    const queue = await insertQueue(b.company.id, "Da B", "#00ff00");

    const other = await t.app.inject({ method: "GET", url: `/queue/${queue.id}`, headers: bearer(a.adminToken) });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ error: "ERR_NO_QUEUE_FOUND" });
    const agent = await t.app.inject({ method: "GET", url: `/queue/${queue.id}`, headers: bearer(b.agentToken) });
    expect(agent.json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    expect((await t.app.inject({ method: "GET", url: `/queue/${queue.id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/queue/abc", headers: bearer(a.adminToken) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/queue/0", headers: bearer(a.adminToken) })).statusCode).toBe(400);
  });
});

describe("POST /queue", () => {
  it("creates a queue with its hours, answers it and publishes it on the queue channel", async () => {
    const a = await createTenant(t.app, t.db);

    const response = await post(a, {
      name: "  Financeiro ",
      color: "#AD1457",
      greetingMessage: "Olá do financeiro",
      outOfHoursMessage: "Fechado",
      orderQueue: 3,
      schedules: weekdays,
      integrationId: null,
      promptId: null,
      storeId: null,
    });

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ name: "Financeiro", color: "#AD1457", greetingMessage: "Olá do financeiro", outOfHoursMessage: "Fechado", orderQueue: 3, schedules: weekdays });
    expect(body).toMatchObject({ integrationId: null, promptId: null, storeId: null, mediaPath: null });
    const [row] = await t.db.select().from(queues).where(eq(queues.id, body.id));
    expect(row).toMatchObject({ companyId: a.company.id, name: "Financeiro", schedules: weekdays });
    expect(queueRecords()).toEqual([
      { companyId: a.company.id, channel: "queue", action: "create", record: { id: body.id, name: "Financeiro", color: "#AD1457", orderQueue: 3, greetingMessage: "Olá do financeiro", outOfHoursMessage: "Fechado", storeId: null } },
    ]);
  });

  it("answers 400 ERR_VALIDATION for a short or long name, a bad colour, bad hours or an unknown field, writing nothing", async () => {
    const a = await createTenant(t.app, t.db);
    const bodies = [
      { name: "V", color: "#00ff00" },
      { name: "V".repeat(51), color: "#00ff00" },
      { color: "#00ff00" },
      { name: "Vendas", color: "blue" },
      { name: "Vendas", color: "#1234567890" },
      { name: "Vendas" },
      { name: "Vendas", color: "#00ff00", schedules: [{ weekday: "Segunda", weekdayEn: "monday", startTime: "8h", endTime: "18:00" }] },
      { name: "Vendas", color: "#00ff00", schedules: [weekdays[0], weekdays[0]] },
      { name: "Vendas", color: "#00ff00", companyId: 99 },
      { name: "Vendas", color: "#00ff00", orderQueue: 1.5 },
    ];
    for (const payload of bodies) {
      const response = await post(a, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ error: "ERR_VALIDATION" });
    }
    expect(await t.db.select().from(queues)).toEqual([]);
  });

  it("refuses a user-profile account with ERR_NO_PERMISSION", async () => {
    const a = await createTenant(t.app, t.db);
    const response = await post(a, { name: "Vendas", color: "#00ff00" }, a.agentToken);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    expect(await t.db.select().from(queues)).toEqual([]);
  });

  it("refuses a colour or a name the company already uses (without case), but not another company's", async () => {
    const a = await createTenant(t.app, t.db);
    const b = await createTenant(t.app, t.db);
    await insertQueue(a.company.id, "Vendas", "#00FF00");

    const color = await post(a, { name: "Outra", color: "#00ff00" });
    expect(color.statusCode).toBe(409);
    expect(color.json()).toMatchObject({ error: "ERR_QUEUE_COLOR_ALREADY_EXISTS" });
    const name = await post(a, { name: "vendas", color: "#0000ff" });
    expect(name.statusCode).toBe(409);
    expect(name.json()).toMatchObject({ error: "ERR_QUEUE_NAME_ALREADY_EXISTS" });
    expect((await post(b, { name: "Vendas", color: "#00FF00" })).statusCode).toBe(200);
    expect(await t.db.select().from(queues).where(eq(queues.companyId, a.company.id))).toHaveLength(1);
  });

  it("refuses a queue beyond the plan's limit with ERR_QUEUE_LIMIT", async () => {
    const a = await createTenant(t.app, t.db);
    await t.db.update(plans).set({ queues: 1 }).where(eq(plans.id, a.company.plan.id));
    expect((await post(a, { name: "Primeira", color: "#000001" })).statusCode).toBe(200);

    const response = await post(a, { name: "Segunda", color: "#000002" });

    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: "ERR_QUEUE_LIMIT" });
    expect(await t.db.select().from(queues)).toHaveLength(1);
  });

  it("answers 401 without a session", async () => {
    expect((await t.app.inject({ method: "POST", url: "/queue", payload: { name: "Vendas", color: "#00ff00" } })).statusCode).toBe(401);
  });
});

describe("POST and PUT /queue: promptId and integrationId", () => {
  it("refuses a prompt or an integration that does not exist, and writes nothing", async () => {
    const a = await createTenant(t.app, t.db);
    const prompt = await post(a, { name: "Financeiro", color: "#AD1457", promptId: 8 });
    expect(prompt.statusCode).toBe(404);
    expect(prompt.json()).toMatchObject({ error: "ERR_NO_PROMPT_FOUND" });
    const integration = await post(a, { name: "Financeiro", color: "#AD1457", integrationId: 7 });
    expect(integration.json()).toMatchObject({ error: "ERR_NO_INTEGRATION_FOUND" });
    expect(await t.db.select().from(queues).where(eq(queues.companyId, a.company.id))).toHaveLength(0);

    const queue = await insertQueue(a.company.id, "Vendas", "#00ff00");
    const put = await t.app.inject({ method: "PUT", url: `/queue/${queue.id}`, headers: bearer(a.adminToken), payload: { name: "Vendas 2", color: "#00ff00", promptId: 1 } });
    expect(put.json()).toMatchObject({ error: "ERR_NO_PROMPT_FOUND" });
    expect((await t.db.select().from(queues).where(eq(queues.id, queue.id)))[0]!.name).toBe("Vendas");
  });
});

describe("PUT /queue/:id", () => {
  it("changes the queue, keeps the hours it was not sent and publishes the update", async () => {
    const a = await createTenant(t.app, t.db);
    const queue = await insertQueue(a.company.id, "Vendas", "#00ff00", { schedules: weekdays, greetingMessage: "Oi", orderQueue: 1 });

    const response = await t.app.inject({ method: "PUT", url: `/queue/${queue.id}`, headers: bearer(a.adminToken), payload: { name: "Vendas B2B", color: "#00FF00", orderQueue: null } });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: queue.id, name: "Vendas B2B", color: "#00FF00", greetingMessage: "Oi", orderQueue: null, schedules: weekdays });
    expect(queueRecords()).toEqual([{ companyId: a.company.id, channel: "queue", action: "update", record: expect.objectContaining({ id: queue.id, name: "Vendas B2B" }) }]);
  });

  it("replaces the hours it is sent", async () => {
    const a = await createTenant(t.app, t.db);
    const queue = await insertQueue(a.company.id, "Vendas", "#00ff00", { schedules: weekdays });
    const mondayOnly = [{ weekday: "Segunda-feira", weekdayEn: "monday", startTime: "09:00", endTime: "17:00" }];

    await t.app.inject({ method: "PUT", url: `/queue/${queue.id}`, headers: bearer(a.adminToken), payload: { name: "Vendas", color: "#00ff00", schedules: mondayOnly } });

    const [row] = await t.db.select().from(queues).where(eq(queues.id, queue.id));
    expect(row?.schedules).toEqual(mondayOnly);
  });

  it("refuses another queue's colour or name", async () => {
    const a = await createTenant(t.app, t.db);
    await insertQueue(a.company.id, "Vendas", "#00ff00");
    const support = await insertQueue(a.company.id, "Suporte", "#0000ff");

    const color = await t.app.inject({ method: "PUT", url: `/queue/${support.id}`, headers: bearer(a.adminToken), payload: { name: "Suporte", color: "#00ff00" } });
    const name = await t.app.inject({ method: "PUT", url: `/queue/${support.id}`, headers: bearer(a.adminToken), payload: { name: "VENDAS", color: "#0000ff" } });

    expect(color.json()).toMatchObject({ error: "ERR_QUEUE_COLOR_ALREADY_EXISTS" });
    expect(name.json()).toMatchObject({ error: "ERR_QUEUE_NAME_ALREADY_EXISTS" });
    const [row] = await t.db.select().from(queues).where(eq(queues.id, support.id));
    expect(row).toMatchObject({ name: "Suporte", color: "#0000ff" });
  });

  it("answers 404 for another company's queue and leaves it unchanged; 403, 400 and 401 as every write", async () => {
    const a = await createTenant(t.app, t.db);
    const b = await createTenant(t.app, t.db);
    const queue = await insertQueue(b.company.id, "Da B", "#00ff00");
    const payload = { name: "Tomada", color: "#ff0000" };

    const other = await t.app.inject({ method: "PUT", url: `/queue/${queue.id}`, headers: bearer(a.adminToken), payload });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ error: "ERR_NO_QUEUE_FOUND" });
    expect((await t.app.inject({ method: "PUT", url: `/queue/${queue.id}`, headers: bearer(b.agentToken), payload })).json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    expect((await t.app.inject({ method: "PUT", url: `/queue/${queue.id}`, headers: bearer(b.adminToken), payload: { name: "X", color: "#ff0000" } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: "PUT", url: `/queue/${queue.id}`, payload })).statusCode).toBe(401);
    const [row] = await t.db.select().from(queues).where(eq(queues.id, queue.id));
    expect(row).toMatchObject({ name: "Da B", color: "#00ff00" });
    expect(queueRecords()).toEqual([]);
  });
});

describe("DELETE /queue/:id", () => {
  it("deletes the queue, its options and its links; its tickets stay without a queue", async () => {
    const a = await createTenant(t.app, t.db);
    const queue = await insertQueue(a.company.id, "Vendas", "#00ff00");
    const keep = await insertQueue(a.company.id, "Suporte", "#0000ff");
    const connection = await createSimulatorConnection(t.db, { companyId: a.company.id });
    await t.db.insert(connectionQueues).values([
      { companyId: a.company.id, connectionId: connection.id, queueId: queue.id },
      { companyId: a.company.id, connectionId: connection.id, queueId: keep.id },
    ]);
    await t.db.insert(userQueues).values({ companyId: a.company.id, userId: a.agent.id, queueId: queue.id });
    const [root] = await t.db.insert(queueOptions).values({ companyId: a.company.id, queueId: queue.id, title: "Planos", option: 1 }).returning();
    await t.db.insert(queueOptions).values({ companyId: a.company.id, queueId: queue.id, parentId: root!.id, title: "Mensal", option: 1 });
    const [contact] = await t.db.insert(contacts).values({ companyId: a.company.id, name: "Cliente", number: "5511999990000" }).returning();
    const [ticket] = await t.db.insert(tickets).values({ companyId: a.company.id, contactId: contact!.id, queueId: queue.id }).returning();

    const response = await t.app.inject({ method: "DELETE", url: `/queue/${queue.id}`, headers: bearer(a.adminToken) });

    expect(response.statusCode).toBe(200);
    expect((await t.db.select().from(queues).orderBy(asc(queues.id))).map((row) => row.name)).toEqual(["Suporte"]);
    expect(await t.db.select().from(queueOptions)).toEqual([]);
    expect(await t.db.select().from(userQueues)).toEqual([]);
    expect((await t.db.select().from(connectionQueues)).map((link) => link.queueId)).toEqual([keep.id]);
    const [kept] = await t.db.select().from(tickets).where(eq(tickets.id, ticket!.id));
    expect(kept?.queueId).toBeNull();
    expect(queueRecords()).toEqual([{ companyId: a.company.id, channel: "queue", action: "delete", record: { id: queue.id } }]);
  });

  it("answers 404 for another company's queue and keeps it; 403 to a user-profile account; 401 without a session", async () => {
    const a = await createTenant(t.app, t.db);
    const b = await createTenant(t.app, t.db);
    const queue = await insertQueue(b.company.id, "Da B", "#00ff00");

    const other = await t.app.inject({ method: "DELETE", url: `/queue/${queue.id}`, headers: bearer(a.adminToken) });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ error: "ERR_NO_QUEUE_FOUND" });
    expect((await t.app.inject({ method: "DELETE", url: `/queue/${queue.id}`, headers: bearer(b.agentToken) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "DELETE", url: `/queue/${queue.id}` })).statusCode).toBe(401);
    expect(await t.db.select().from(queues)).toHaveLength(1);
    expect(queueRecords()).toEqual([]);
  });
});

describe("the queues' audit entries", () => {
  it("records an edit's changed fields only, and a media upload and removal by the file's name", async () => {
    const a = await createTenant(t.app, t.db);
    const queue = await insertQueue(a.company.id, "Vendas", "#ff0000", { greetingMessage: "Olá" });
    const put = await t.app.inject({ method: "PUT", url: `/queue/${queue.id}`, headers: bearer(a.adminToken), payload: { name: "Vendas Online", color: "#ff0000" } });
    expect(put.statusCode).toBe(200);
    const upload = await t.app.inject({ method: "POST", url: `/queue/${queue.id}/media-upload`, ...multipartFile(a.adminToken, { name: "boas vindas.png", content: PNG, type: "image/png" }) });
    expect(upload.statusCode).toBe(200);
    expect((await t.app.inject({ method: "DELETE", url: `/queue/${queue.id}/media-upload`, headers: bearer(a.adminToken) })).statusCode).toBe(200);

    const entries = await t.db.select().from(auditLogs).where(and(eq(auditLogs.targetType, "queue"), eq(auditLogs.targetId, String(queue.id)))).orderBy(asc(auditLogs.id));
    expect(entries.map((entry) => [entry.action, entry.userId])).toEqual([["queue.update", a.admin.id], ["queue.update", a.admin.id], ["queue.update", a.admin.id]]);
    expect(entries.map((entry) => entry.changes)).toEqual([
      { name: { before: "Vendas", after: "Vendas Online" } },
      { mediaName: { before: null, after: "boas vindas.png" } },
      { mediaName: { before: "boas vindas.png", after: null } },
    ]);
  });
});

describe("POST and DELETE /queue/:id/media-upload", () => {
  it("attaches an image under its original name, serves it to the company, replaces it and removes it", async () => {
    const a = await createTenant(t.app, t.db);
    const queue = await insertQueue(a.company.id, "Vendas", "#00ff00");

    const first = await t.app.inject({ method: "POST", url: `/queue/${queue.id}/media-upload`, ...multipartFile(a.adminToken, { name: "boas vindas.png", content: PNG, type: "image/png" }) });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: queue.id, mediaName: "boas vindas.png", mediaPath: expect.stringMatching(/^[a-f0-9]{32}\.png$/) });
    const firstPath: string = first.json().mediaPath;
    expect((await t.app.inject({ method: "GET", url: `/media/${firstPath}`, headers: bearer(a.adminToken) })).statusCode).toBe(200);
    expect(queueRecords()).toEqual([{ companyId: a.company.id, channel: "queue", action: "update", record: expect.objectContaining({ id: queue.id }) }]);

    const second = await t.app.inject({ method: "POST", url: `/queue/${queue.id}/media-upload`, ...multipartFile(a.adminToken, { name: "nova.png", content: PNG, type: "image/png" }) });
    expect(second.json()).toMatchObject({ mediaName: "nova.png" });
    expect((await t.app.inject({ method: "GET", url: `/media/${firstPath}`, headers: bearer(a.adminToken) })).statusCode).toBe(404);

    const removed = await t.app.inject({ method: "DELETE", url: `/queue/${queue.id}/media-upload`, headers: bearer(a.adminToken) });
    expect(removed.json()).toMatchObject({ mediaPath: null, mediaName: null });
    expect((await t.app.inject({ method: "GET", url: `/media/${second.json().mediaPath}`, headers: bearer(a.adminToken) })).statusCode).toBe(404);
  });

  it("refuses a file whose content is not an allowed type, and a request without a file", async () => {
    const a = await createTenant(t.app, t.db);
    const queue = await insertQueue(a.company.id, "Vendas", "#00ff00");

    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(64)]);
    const program = await t.app.inject({ method: "POST", url: `/queue/${queue.id}/media-upload`, ...multipartFile(a.adminToken, { name: "foto.png", content: elf, type: "image/png" }) });
    expect(program.json()).toMatchObject({ error: "ERR_MEDIA_TYPE_NOT_ALLOWED" });
    const none = await t.app.inject({ method: "POST", url: `/queue/${queue.id}/media-upload`, headers: bearer(a.adminToken), payload: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ error: "ERR_VALIDATION" });
    const [row] = await t.db.select().from(queues).where(eq(queues.id, queue.id));
    expect(row?.mediaPath).toBeNull();
  });

  it("answers 404 for another company's queue, 403 to a user-profile account and 401 without a session", async () => {
    const a = await createTenant(t.app, t.db);
    const b = await createTenant(t.app, t.db);
    const queue = await insertQueue(b.company.id, "Da B", "#00ff00");
    const upload = (token: string) => t.app.inject({ method: "POST", url: `/queue/${queue.id}/media-upload`, ...multipartFile(token, { name: "a.png", content: PNG, type: "image/png" }) });

    expect((await upload(a.adminToken)).json()).toMatchObject({ error: "ERR_NO_QUEUE_FOUND" });
    expect((await upload(b.agentToken)).json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    expect((await t.app.inject({ method: "DELETE", url: `/queue/${queue.id}/media-upload`, headers: bearer(a.adminToken) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "DELETE", url: `/queue/${queue.id}/media-upload` })).statusCode).toBe(401);
    const [row] = await t.db.select().from(queues).where(eq(queues.id, queue.id));
    expect(row?.mediaPath).toBeNull();
  });
});
