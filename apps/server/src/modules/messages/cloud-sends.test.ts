import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ZConnectionProvider } from "@conversa/shared";
import { connections, contacts, messages, schedules, tickets } from "../../db/schema/index.ts";
import { acceptTicket } from "../../engine/lifecycle.ts";
import { runSendScheduleJob } from "../schedules/schedules.sender.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { type FakeDriver, attachFakeDriver, createConnectionRow, eventually, inbound } from "../../../test/engine-harness.ts";
import { type FakeGraph, startFakeGraph } from "../../../test/fake-graph.ts";
import { bearer, createCloudConnection, createTenant } from "../../../test/factories.ts";

// "cloud" once the provider is known to the connection schema; until then the channel manager resolves it like this too.
const CLOUD_DRIVER = ZConnectionProvider.catch("beta").parse("cloud");
const TOKEN = "cloudtoken0123456789abcdefghijkl";
const DAY_AND_AN_HOUR = 25 * 60 * 60 * 1000;

let fake: FakeGraph;
let t: TestApp;
let a: Awaited<ReturnType<typeof createTenant>>;
let driver: FakeDriver;
let cloudId: number;
let ticketId: number;

const later = () => {
  t.platform.engine.deps.now = () => new Date(Date.now() + DAY_AND_AN_HOUR);
};
const send = (payload: object, id = ticketId, token = a.adminToken) => t.app.inject({ method: "POST", url: `/messages/${id}`, headers: bearer(token), payload });
const stored = () => t.db.select().from(messages).where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true)));

beforeEach(async () => {
  fake = await startFakeGraph();
  fake.templates = [
    { name: "pedido", language: "pt_BR", category: "UTILITY", status: "APPROVED", components: [{ type: "BODY", text: "Olá {{1}}, seu pedido {{2}} saiu." }] },
    { name: "promo", language: "pt_BR", category: "MARKETING", status: "PENDING", components: [{ type: "BODY", text: "Promoção!" }] },
  ];
  t = await buildTestApp({ whatsappCloudApiUrl: fake.url }, { start: true });
  a = await createTenant(t.app, t.db);
  const { connection } = await createCloudConnection(t.db, { companyId: a.company.id, status: "CONNECTED" });
  cloudId = connection.id;
  await t.db.update(connections).set({ token: TOKEN }).where(eq(connections.id, cloudId));
  driver = await attachFakeDriver(t, connection, CLOUD_DRIVER);
  await t.platform.engine.handleInbound(inbound(connection, "5511966660001", "Oi, quero saber do pedido"));
  const [ticket] = await t.db.select().from(tickets).where(eq(tickets.companyId, a.company.id));
  ticketId = ticket!.id;
  await acceptTicket(t.platform.engine.deps, { companyId: a.company.id, userId: a.admin.id, profile: "admin", isSuper: false }, ticketId);
  expect((await t.app.inject({ method: "GET", url: `/whatsapp/${cloudId}/templates?refresh=true`, headers: bearer(a.adminToken) })).statusCode).toBe(200);
});
afterEach(async () => {
  t.platform.engine.deps.now = undefined;
  await t.close();
  await fake.close();
});

describe("POST /messages/:ticketId on the official line", () => {
  it("sends free text inside the 24-hour window and refuses it outside, storing nothing", async () => {
    expect((await send({ body: "Dentro da janela" })).statusCode).toBe(200);
    await eventually(() => driver.bodies(), (bodies) => bodies.includes("Dentro da janela"));
    later();
    const before = (await stored()).length;
    const refused = await send({ body: "Fora da janela" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: "ERR_CLOUD_WINDOW_CLOSED", details: { closesAt: expect.any(String) } });
    expect(await stored()).toHaveLength(before);
  });

  it("sends an approved template outside the window: stored with its rendered text and data.template, handed to the driver", async () => {
    later();
    const response = await send({ template: { name: "pedido", language: "pt_BR", parameters: ["Maria", "#123"] } });
    expect(response.statusCode).toBe(200);
    expect(response.json()[0]).toMatchObject({ body: "Olá Maria, seu pedido #123 saiu.", fromMe: true });
    const [row] = await stored();
    expect(row).toMatchObject({ body: "Olá Maria, seu pedido #123 saiu.", data: { template: { name: "pedido", language: "pt_BR", parameters: ["Maria", "#123"] } } });
    const [sent] = await eventually(() => driver.sent, (list) => list.length === 1);
    expect(sent).toMatchObject({ body: "Olá Maria, seu pedido #123 saiu.", template: { name: "pedido", language: "pt_BR", parameters: ["Maria", "#123"] } });
  });

  it("refuses a template with the wrong parameters, one not approved, an unknown one, and a template on another provider's ticket", async () => {
    const wrong = await send({ template: { name: "pedido", language: "pt_BR", parameters: ["Maria"] } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: "ERR_CLOUD_TEMPLATE_PARAMETERS", details: { expected: 2, received: 1 } });
    expect((await send({ template: { name: "promo", language: "pt_BR", parameters: [] } })).json()).toMatchObject({ error: "ERR_CLOUD_TEMPLATE_NOT_APPROVED", details: { status: "PENDING" } });
    expect((await send({ template: { name: "pedido", language: "en_US", parameters: ["a", "b"] } })).json().error).toBe("ERR_CLOUD_TEMPLATE_NOT_FOUND");
    expect((await send({ template: { name: "pedido", language: "pt_BR", parameters: "Maria" } })).statusCode).toBe(400);
    expect(await stored()).toHaveLength(0);

    const beta = await createConnectionRow(t.db, a.company.id, { isDefault: false });
    const [contact] = await t.db.insert(contacts).values({ companyId: a.company.id, name: "Outro", number: "5511966660002" }).returning();
    const [other] = await t.db.insert(tickets).values({ companyId: a.company.id, contactId: contact!.id, whatsappId: beta.id, status: "open", userId: a.admin.id }).returning();
    const unsupported = await send({ template: { name: "pedido", language: "pt_BR", parameters: ["a", "b"] } }, other!.id);
    expect(unsupported.statusCode).toBe(400);
    expect(unsupported.json().error).toBe("ERR_CLOUD_TEMPLATE_UNSUPPORTED");
  });
});

describe("the window of a ticket", () => {
  it("is in the ticket's answer: open until 24 hours after the customer's last message, then closed", async () => {
    const [row] = await t.db.select().from(tickets).where(eq(tickets.id, ticketId));
    const closesAt = new Date(row!.lastCustomerMessageAt!.getTime() + 24 * 60 * 60 * 1000).toISOString();
    const open = await t.app.inject({ method: "GET", url: `/tickets/u/${row!.uuid}`, headers: bearer(a.adminToken) });
    expect(open.json().cloudWindow).toEqual({ provider: "cloud", open: true, closesAt });
    later();
    const closed = await t.app.inject({ method: "GET", url: `/tickets/${ticketId}`, headers: bearer(a.adminToken) });
    expect(closed.json().cloudWindow).toEqual({ provider: "cloud", open: false, closesAt });
  });

  it("travels with the ticket event of a new customer message", async () => {
    const [connection] = await t.db.select().from(connections).where(eq(connections.id, cloudId));
    t.published.length = 0;
    await t.platform.engine.handleInbound(inbound(connection!, "5511966660001", "Mais uma coisa"));
    const event = t.published.find((e) => e.name === "ticket.updated" && (e.payload as { ticket: { id: number } }).ticket.id === ticketId);
    expect((event?.payload as { ticket: { cloudWindow: unknown } }).ticket.cloudWindow).toMatchObject({ provider: "cloud", open: true });
  });
});

describe("the product's own messages on the official line", () => {
  it("skips the closing message outside the window, with no error, and sends it inside", async () => {
    await t.db.update(connections).set({ complationMessage: "Obrigado pelo contato!" }).where(eq(connections.id, cloudId));
    later();
    const closed = await t.app.inject({ method: "PUT", url: `/tickets/${ticketId}`, headers: bearer(a.adminToken), payload: { status: "closed" } });
    expect(closed.statusCode).toBe(200);
    expect((await stored()).map((m) => m.body)).not.toContain("Obrigado pelo contato!");

    t.platform.engine.deps.now = undefined;
    const [connection] = await t.db.select().from(connections).where(eq(connections.id, cloudId));
    await t.platform.engine.handleInbound(inbound(connection!, "5511966660001", "Voltei"));
    const [reopened] = await t.db.select().from(tickets).where(and(eq(tickets.companyId, a.company.id), eq(tickets.status, "pending")));
    await acceptTicket(t.platform.engine.deps, { companyId: a.company.id, userId: a.admin.id, profile: "admin", isSuper: false }, reopened!.id);
    expect((await t.app.inject({ method: "PUT", url: `/tickets/${reopened!.id}`, headers: bearer(a.adminToken), payload: { status: "closed" } })).statusCode).toBe(200);
    await eventually(() => driver.bodies(), (bodies) => bodies.includes("Obrigado pelo contato!"));
  });
});

describe("schedules and the external API on the official line", () => {
  it("fails a schedule due outside the window (ERRO) without storing or sending it", async () => {
    const [contact] = await t.db.select().from(contacts).where(eq(contacts.companyId, a.company.id));
    const sendAt = new Date();
    const [schedule] = await t.db.insert(schedules).values({ companyId: a.company.id, contactId: contact!.id, userId: a.admin.id, body: "Lembrete agendado", sendAt }).returning();
    later();
    await runSendScheduleJob(t.platform.engine.deps, { companyId: a.company.id, scheduleId: schedule!.id, sendAt: sendAt.toISOString() }, { retryCount: 0 });
    const [after] = await t.db.select().from(schedules).where(eq(schedules.id, schedule!.id));
    expect(after).toMatchObject({ status: "ERRO", sentAt: null });
    expect((await stored()).map((m) => m.body)).not.toContain("Lembrete agendado");
  });

  it("refuses POST /api/messages/send of free text outside the window and sends a template", async () => {
    later();
    const api = (payload: object) => t.app.inject({ method: "POST", url: "/api/messages/send", headers: bearer(TOKEN), payload });
    const refused = await api({ number: "5511966660001", body: "Texto livre" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe("ERR_CLOUD_WINDOW_CLOSED");
    const stranger = await api({ number: "5511977770000", body: "Para quem nunca escreveu" });
    expect(stranger.json().error).toBe("ERR_CLOUD_WINDOW_CLOSED");
    expect(await t.db.select().from(contacts).where(eq(contacts.number, "5511977770000"))).toEqual([]);
    expect(await stored()).toHaveLength(0);

    const sent = await api({ number: "5511966660001", template: { name: "pedido", language: "pt_BR", parameters: ["Maria", "#9"] } });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ ticketId, ticketCreated: false });
    const [row] = await stored();
    expect(row).toMatchObject({ body: "Olá Maria, seu pedido #9 saiu.", data: { template: { name: "pedido" } } });
    expect((await api({ number: "5511966660001" })).statusCode).toBe(400);
  });
});
