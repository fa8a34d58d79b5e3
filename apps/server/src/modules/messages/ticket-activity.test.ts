import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { messages, ticketEvents, tickets, userQueues } from "../../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { attachFakeDriver, createConnectionRow, createQueue, inbound } from "../../../test/engine-harness.ts";
import { bearer, createTenant } from "../../../test/factories.ts";

let t: TestApp;
let a: Awaited<ReturnType<typeof createTenant>>;
let ticketId: number;
let connectionId: number;

beforeEach(async () => {
  t = await buildTestApp({}, { start: true });
  a = await createTenant(t.app, t.db);
  const connection = await createConnectionRow(t.db, a.company.id);
  connectionId = connection.id;
  await attachFakeDriver(t, connection);
  await t.platform.engine.handleInbound(inbound(connection, "5511966660001", "Olá, tudo bem?"));
  const [ticket] = await t.db.select().from(tickets).where(eq(tickets.companyId, a.company.id));
  ticketId = ticket!.id;
});
afterEach(async () => {
  await t.close();
});

const put = (token: string, payload: object) => t.app.inject({ method: "PUT", url: `/tickets/${ticketId}`, headers: bearer(token), payload });
const page = (token: string, pageNumber = 1) => t.app.inject({ method: "GET", url: `/messages/${ticketId}?pageNumber=${pageNumber}`, headers: bearer(token) });

describe("ticket activities", () => {
  it("records accept, transfer, return, resolve and reopen with who did them, answers them with the messages and publishes each with the ticket", async () => {
    const vendas = await createQueue(t.db, a.company.id, { name: "Vendas" });
    await t.db.insert(userQueues).values({ companyId: a.company.id, userId: a.agent.id, queueId: vendas.id });
    expect((await put(a.adminToken, { status: "open" })).statusCode).toBe(200);
    expect((await put(a.adminToken, { queueId: vendas.id, userId: a.agent.id })).statusCode).toBe(200);
    expect((await put(a.agentToken, { status: "pending" })).statusCode).toBe(200);
    expect((await put(a.adminToken, { status: "open" })).statusCode).toBe(200);
    expect((await put(a.adminToken, { status: "closed" })).statusCode).toBe(200);
    expect((await put(a.agentToken, { status: "open" })).statusCode).toBe(200);

    const response = await page(a.adminToken);
    expect(response.statusCode).toBe(200);
    const activities = response.json().activities;
    expect(activities.map((e: { kind: string; user: { name: string } | null }) => [e.kind, e.user?.name])).toEqual([
      ["accepted", "Ana Admin"],
      ["transferred", "Ana Admin"],
      ["returned", "Beto Atendente"],
      ["accepted", "Ana Admin"],
      ["resolved", "Ana Admin"],
      ["reopened", "Beto Atendente"],
    ]);
    expect(activities[1]).toMatchObject({ ticketId, toQueue: { id: vendas.id, name: "Vendas" }, toUser: { id: a.agent.id, name: "Beto Atendente" } });
    const published = t.published.flatMap((event) => (event.name === "ticket.updated" && event.payload.activity ? [event.payload.activity] : []));
    expect(published).toEqual(activities);
  });

  it("writes nothing when the change is refused", async () => {
    const vendas = await createQueue(t.db, a.company.id, { name: "Vendas" });
    await t.db.insert(userQueues).values({ companyId: a.company.id, userId: a.agent.id, queueId: vendas.id });
    await t.db.update(tickets).set({ queueId: vendas.id }).where(eq(tickets.id, ticketId));
    await put(a.adminToken, { status: "open" });
    const refused = await put(a.agentToken, { status: "open" });
    expect(refused.json()).toMatchObject({ error: "ERR_TICKET_ALREADY_ACCEPTED" });
    expect(await t.db.select().from(ticketEvents).where(eq(ticketEvents.ticketId, ticketId))).toHaveLength(1);
  });

  it("leaves out the activities of an earlier ticket the attendant may not open, as its messages", async () => {
    const vendas = await createQueue(t.db, a.company.id, { name: "Vendas" });
    const suporte = await createQueue(t.db, a.company.id, { name: "Suporte" });
    await t.db.insert(userQueues).values({ companyId: a.company.id, userId: a.agent.id, queueId: vendas.id });
    const [current] = await t.db.update(tickets).set({ queueId: vendas.id, userId: a.agent.id, status: "open" }).where(eq(tickets.id, ticketId)).returning();
    const [earlier] = await t.db
      .insert(tickets)
      .values({ companyId: a.company.id, contactId: current!.contactId, whatsappId: connectionId, queueId: suporte.id, status: "closed", createdAt: new Date(Date.now() - 7_200_000) })
      .returning();
    await t.db.insert(ticketEvents).values({ companyId: a.company.id, ticketId: earlier!.id, kind: "resolved", userId: a.admin.id, createdAt: new Date(Date.now() - 3_600_000) });

    expect((await page(a.agentToken)).json().activities).toEqual([]);
    expect((await page(a.adminToken)).json().activities).toEqual([expect.objectContaining({ ticketId: earlier!.id, kind: "resolved" })]);
  });

  it("gives each page the activities among its messages, so that none is lost or shown twice", async () => {
    const [current] = await t.db.select().from(tickets).where(eq(tickets.id, ticketId));
    const start = Date.now() - 3_600_000;
    const at = (second: number) => new Date(start + second * 1000);
    // With the greeting, 26 messages: the first page holds the newest 20, the second the 6 oldest.
    await t.db.insert(messages).values(
      Array.from({ length: 25 }, (_, i) => ({ companyId: a.company.id, ticketId, contactId: current!.contactId, whatsappId: connectionId, body: `m${i}`, fromMe: false, read: true, createdAt: at(i * 10) })),
    );
    await t.db.update(messages).set({ createdAt: at(-10) }).where(eq(messages.body, "Olá, tudo bem?"));
    const event = (second: number, kind: string) => ({ companyId: a.company.id, ticketId, kind, userId: a.admin.id, createdAt: at(second) });
    // Before everything, between m4 (2nd page) and m5 (1st page), and after the last message.
    await t.db.insert(ticketEvents).values([event(-20, "accepted"), event(45, "returned"), event(300, "resolved")]);

    const first = (await page(a.adminToken, 1)).json();
    const second = (await page(a.adminToken, 2)).json();
    expect(first.messages[0].body).toBe("m5");
    expect(second.messages.at(-1).body).toBe("m4");
    expect(first.activities.map((e: { kind: string }) => e.kind)).toEqual(["resolved"]);
    expect(second.activities.map((e: { kind: string }) => e.kind)).toEqual(["accepted", "returned"]);
    expect((await page(a.adminToken, 3)).json().activities).toEqual([]);
  });
});
