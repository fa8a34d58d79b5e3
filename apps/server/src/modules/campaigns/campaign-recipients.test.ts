import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { OPT_OUT_CONFIRMATION_DEFAULTS } from "@conversa/shared";
import { campaignShipping, campaigns, companies, contactListItems, contactLists, messages, tickets } from "../../db/schema/index.ts";
import { runSendMessageJob } from "../../engine/outbound.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { type FakeDriver, attachFakeDriver, createConnectionRow, inbound } from "../../../test/engine-harness.ts";
import { bearer, createTenant } from "../../../test/factories.ts";
import { runDispatchStep, runStartCampaignJob } from "./campaigns.dispatch.ts";

let t: TestApp;
let a: Awaited<ReturnType<typeof createTenant>>;
let b: Awaited<ReturnType<typeof createTenant>>;
let connection: Awaited<ReturnType<typeof createConnectionRow>>;
let driver: FakeDriver;
beforeEach(async () => {
  t = await buildTestApp();
  await t.platform.jobs.start();
  a = await createTenant(t.app, t.db);
  b = await createTenant(t.app, t.db);
  connection = await createConnectionRow(t.db, a.company.id);
  driver = await attachFakeDriver(t, connection);
});
afterEach(async () => {
  await t.platform.jobs.stop();
  await t.close();
});

type Recipient = { id: number; number: string; name: string; slot: number | null; status: string; failureReason: string | null; at: string | null; replied: boolean };
type RecipientsPage = { records: Recipient[]; count: number; hasMore: boolean };

const call = (method: "GET" | "POST", url: string, token: string | null, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const deps = () => t.platform.engine.deps;
const number = (i: number) => `55119000${String(i).padStart(5, "0")}`;

async function listWith(count: number): Promise<number> {
  const [list] = await t.db.insert(contactLists).values({ companyId: a.company.id, name: "Clientes" }).returning();
  await t.db.insert(contactListItems).values(
    Array.from({ length: count }, (_, i) => ({ companyId: a.company.id, contactListId: list!.id, name: `Cliente ${i + 1}`, number: number(i), email: "", isWhatsappValid: true })),
  );
  return list!.id;
}

async function sendPending() {
  const pending = await t.db.select({ id: messages.id, companyId: messages.companyId }).from(messages).where(eq(messages.sendStatus, "pending"));
  for (const message of pending) await runSendMessageJob(deps(), { companyId: message.companyId, messageId: message.id }, { retryCount: 0 });
}

/** A started campaign to `count` list contacts, with `steps` dispatch steps run (all when undefined). */
async function campaignSentTo(count: number, steps?: number): Promise<number> {
  expect((await call("POST", "/campaign-settings", a.adminToken, { settings: { messageInterval: 0, longerIntervalAfter: 0 } })).statusCode).toBe(200);
  const contactListId = await listWith(count);
  const created = await call("POST", "/campaigns", a.adminToken, { name: "Oferta", message1: "Olá {nome}", whatsappId: connection.id, contactListId, scheduledAt: new Date().toISOString() });
  const id = created.json<{ id: number }>().id;
  const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, id));
  await runStartCampaignJob(deps(), { companyId: a.company.id, campaignId: id, scheduledAt: row!.scheduledAt!.toISOString() });
  for (let i = 0; i < (steps ?? count + 5); i++) {
    const [current] = await t.db.select().from(campaigns).where(eq(campaigns.id, id));
    if (current!.status !== "EM_ANDAMENTO") break;
    await runDispatchStep(deps(), { companyId: a.company.id, campaignId: id, seq: current!.dispatchSeq }, () => 0);
    await sendPending();
  }
  return id;
}

const recipients = async (id: number, query = "", token = a.adminToken) => {
  const response = await call("GET", `/campaigns/${id}/recipients${query}`, token);
  expect(response.statusCode).toBe(200);
  return response.json<RecipientsPage>();
};

describe("GET /campaigns/:id/recipients", () => {
  it("answers 401 without a session, ERR_NO_PERMISSION to an agent, 404 for another company's campaign and 400 on an unknown status", async () => {
    const id = await campaignSentTo(1);
    expect((await call("GET", `/campaigns/${id}/recipients`, null)).statusCode).toBe(401);
    expect((await call("GET", `/campaigns/${id}/recipients`, a.agentToken)).json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    expect((await call("GET", `/campaigns/${id}/recipients`, b.adminToken)).json()).toMatchObject({ error: "ERR_NO_CAMPAIGN_FOUND" });
    expect((await call("GET", `/campaigns/${id}/recipients/export`, b.adminToken)).statusCode).toBe(404);
    expect((await call("GET", `/campaigns/${id}/recipients?status=lost`, a.adminToken)).json()).toMatchObject({ error: "ERR_VALIDATION" });
  });

  it("pages 20 at a time with the number of matches, and searches by number or name", async () => {
    const id = await campaignSentTo(25, 0);
    const first = await recipients(id);
    expect(first).toMatchObject({ count: 25, hasMore: true });
    expect(first.records).toHaveLength(20);
    expect(first.records[0]).toEqual({ id: expect.any(Number), number: number(0), name: "Cliente 1", slot: null, status: "pending", failureReason: null, at: null, replied: false });
    const second = await recipients(id, "?pageNumber=2");
    expect(second).toMatchObject({ count: 25, hasMore: false });
    expect(second.records.map((r) => r.name)).toEqual(["Cliente 21", "Cliente 22", "Cliente 23", "Cliente 24", "Cliente 25"]);
    expect((await recipients(id, `?searchParam=${number(7)}`)).records.map((r) => r.number)).toEqual([number(7)]);
    const byName = await recipients(id, "?searchParam=cliente%202");
    expect(byName.records.map((r) => r.name)).toEqual(["Cliente 2", "Cliente 20", "Cliente 21", "Cliente 22", "Cliente 23", "Cliente 24", "Cliente 25"]);
    expect(byName.count).toBe(7);
  });

  it("tells each recipient's status, slot, time and whether they replied, and filters by status", async () => {
    const id = await campaignSentTo(5);
    // Read by the first, a failure for the second, an opt-out from the third, a reply from the fourth.
    const [readShipping] = await t.db.select().from(campaignShipping).where(eq(campaignShipping.number, number(0)));
    const [readMessage] = await t.db.select().from(messages).where(eq(messages.id, readShipping!.messageId!));
    await t.platform.engine.handleAck({ connectionId: connection.id, companyId: a.company.id, wid: readMessage!.wid!, ack: 3 });
    const [failed] = await t.db.update(campaignShipping).set({ failedAt: new Date(), deliveredAt: null }).where(eq(campaignShipping.number, number(1))).returning();
    await t.db.update(messages).set({ sendStatus: "failed", sendError: "número não existe no WhatsApp" }).where(eq(messages.id, failed!.messageId!));
    await t.platform.engine.handleInbound(inbound(connection, number(2), "SAIR"));
    await t.platform.engine.handleInbound(inbound(connection, number(3), "Quero saber mais"));

    const page = await recipients(id);
    expect(page.records.map((r) => [r.number, r.slot, r.status, r.failureReason, r.replied])).toEqual([
      [number(0), 1, "read", null, false],
      [number(1), 1, "failed", "número não existe no WhatsApp", false],
      [number(2), 1, "opted_out", null, true],
      [number(3), 1, "delivered", null, true],
      [number(4), 1, "delivered", null, false],
    ]);
    expect(page.records.every((r) => r.at !== null && !Number.isNaN(Date.parse(r.at)))).toBe(true);
    expect((await recipients(id, "?status=delivered")).records.map((r) => r.number)).toEqual([number(3), number(4)]);
    expect(await recipients(id, "?status=opted_out")).toMatchObject({ count: 1, records: [{ number: number(2) }] });
    expect(await recipients(id, "?status=pending")).toEqual({ records: [], count: 0, hasMore: false });
    // Every reply of a recipient announces the campaign, so the report reads its table again.
    const announced = t.published.filter((event) => event.name === "record.changed" && event.payload.channel === "campaign" && event.payload.action === "update");
    expect(announced.length).toBeGreaterThanOrEqual(2);
  });

  it("announces the campaign when a recipient's message is delivered or read, with nothing else changing", async () => {
    const id = await campaignSentTo(1);
    const [shipping] = await t.db.select().from(campaignShipping).where(eq(campaignShipping.number, number(0)));
    const [sent] = await t.db.select().from(messages).where(eq(messages.id, shipping!.messageId!));
    const announcements = () => t.published.filter((event) => event.name === "record.changed" && event.payload.channel === "campaign" && event.payload.action === "update");
    const ack = (value: number) => t.platform.engine.handleAck({ connectionId: connection.id, companyId: a.company.id, wid: sent!.wid!, ack: value });

    const before = announcements().length;
    await ack(3);
    const after = announcements();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)!.payload).toMatchObject({ companyId: a.company.id, record: { id } });
    expect((await recipients(id)).records.map((r) => r.status)).toEqual(["read"]);
    // The same receipt again changes nothing and announces nothing.
    await ack(3);
    expect(announcements()).toHaveLength(before + 1);
  });

  it("writes the export's header and words in the requester's language", async () => {
    const id = await campaignSentTo(2);
    const [readShipping] = await t.db.select().from(campaignShipping).where(eq(campaignShipping.number, number(0)));
    const [readMessage] = await t.db.select().from(messages).where(eq(messages.id, readShipping!.messageId!));
    await t.platform.engine.handleAck({ connectionId: connection.id, companyId: a.company.id, wid: readMessage!.wid!, ack: 3 });
    await t.platform.engine.handleInbound(inbound(connection, number(1), "Quero saber mais"));
    const exported = async (language: string) => {
      const response = await t.app.inject({ method: "GET", url: `/campaigns/${id}/recipients/export`, headers: { ...bearer(a.adminToken), "accept-language": language } });
      expect(response.statusCode).toBe(200);
      return response.body
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n")
        .map((line) => line.split(";"));
    };
    const english = await exported("en-US,en;q=0.9");
    expect(english[0]).toEqual(["Number", "Name", "Message", "Status", "Failure reason", "Time", "Replied"]);
    expect(english.slice(1).map((cells) => [cells[0], cells[3], cells[6]])).toEqual([
      [number(0), "Read", "No"],
      [number(1), "Delivered", "Yes"],
    ]);
    const spanish = await exported("es");
    expect(spanish[0]).toEqual(["Número", "Nombre", "Mensaje", "Estado", "Motivo del fallo", "Hora", "Respondió"]);
    expect(spanish.slice(1).map((cells) => [cells[3], cells[6]])).toEqual([
      ["Leído", "No"],
      ["Entregado", "Sí"],
    ]);
    const portuguese = await exported("pt-BR");
    expect(portuguese.slice(1).map((cells) => [cells[3], cells[6]])).toEqual([
      ["Lida", "Não"],
      ["Entregue", "Sim"],
    ]);
  });

  it("exports every matching recipient as CSV, not one page", async () => {
    const id = await campaignSentTo(25, 0);
    const response = await call("GET", `/campaigns/${id}/recipients/export`, a.adminToken);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/csv");
    const lines = response.body.replace(/^\uFEFF/, "").trim().split("\r\n");
    // Without Accept-Language: Portuguese, the product's default.
    expect(lines[0]).toBe("Número;Nome;Mensagem;Status;Motivo da falha;Horário;Respondeu");
    expect(lines).toHaveLength(26);
    expect(lines[1]).toBe(`${number(0)};Cliente 1;;Pendente;;;Não`);
    const filtered = await call("GET", `/campaigns/${id}/recipients/export?searchParam=Cliente%2025`, a.adminToken);
    expect(filtered.body.trim().split("\r\n")).toHaveLength(2);
  });
});

describe("an opt-out reply", () => {
  it("is confirmed to the customer in the company's language, once, and opens no ticket for attendants", async () => {
    await campaignSentTo(2);
    const before = driver.sent.length;
    await t.platform.engine.handleInbound(inbound(connection, number(0), "Sair!"));
    await sendPending();
    expect(driver.sent.slice(before).map((s) => [s.to, s.body])).toEqual([[number(0), OPT_OUT_CONFIRMATION_DEFAULTS.pt]]);
    // No waiting ticket, nothing in any tab.
    const active = await t.db.select().from(tickets).where(and(eq(tickets.companyId, a.company.id), eq(tickets.status, "pending")));
    expect(active).toEqual([]);
    for (const status of ["pending", "open", "closed"]) {
      expect((await call("GET", `/tickets?status=${status}&showAll=true`, a.adminToken)).json()).toMatchObject({ tickets: [], count: 0 });
    }
    // The events of the contact's ticket name it a campaign ticket: the realtime fan-out keeps it out of every list.
    const announced = t.published.flatMap((event) => (event.name === "ticket.updated" && event.payload.ticket.contact?.number === number(0) ? [event.payload.ticket] : []));
    expect(announced.length).toBeGreaterThan(0);
    expect(announced.every((ticket) => ticket.origin === "campaign" && ticket.status === "closed")).toBe(true);
    // A second opt-out word is not confirmed again.
    await t.platform.engine.handleInbound(inbound(connection, number(0), "PARAR"));
    await sendPending();
    expect(driver.sent.length).toBe(before + 1);
  });

  it("uses the text saved in the campaign settings, and English for a company in New York", async () => {
    const settings = await call("GET", "/campaign-settings", a.adminToken);
    expect(settings.json()).toContainEqual({ key: "optOutConfirmation", value: JSON.stringify(OPT_OUT_CONFIRMATION_DEFAULTS.pt) });
    await t.db.update(companies).set({ timezone: "America/New_York" }).where(eq(companies.id, b.company.id));
    expect((await call("GET", "/campaign-settings", b.adminToken)).json()).toContainEqual({ key: "optOutConfirmation", value: JSON.stringify(OPT_OUT_CONFIRMATION_DEFAULTS.en) });
    expect((await call("POST", "/campaign-settings", a.adminToken, { settings: { optOutConfirmation: "" } })).json()).toMatchObject({ error: "ERR_VALIDATION" });
    expect((await call("POST", "/campaign-settings", a.adminToken, { settings: { optOutConfirmation: "Certo, {nome} não recebe mais." } })).statusCode).toBe(200);
    await campaignSentTo(1);
    const before = driver.sent.length;
    await t.platform.engine.handleInbound(inbound(connection, number(0), "stop"));
    await sendPending();
    expect(driver.sent.slice(before).map((s) => s.body)).toEqual(["Certo, {nome} não recebe mais."]);
  });
});

describe("campaign sends", () => {
  it("are not tickets of the Resolved tab, its search or the dashboard, and stay in the history of the reply's conversation", async () => {
    await campaignSentTo(3);
    for (const query of ["?status=closed&showAll=true", "?showAll=true", `?searchParam=${number(1)}&showAll=true`, "?searchParam=Cliente&status=closed&showAll=true"]) {
      expect((await call("GET", `/tickets${query}`, a.adminToken)).json(), query).toMatchObject({ tickets: [], count: 0 });
    }
    const dashboard = await call("GET", "/dashboard?days=7", a.adminToken);
    expect(dashboard.json()).toMatchObject({ counters: { supportFinished: 0, supportPending: 0, campaignMessagesSent: 3 } });
    const byDay = await call("GET", `/dashboard/ticketsDay?initialDate=${dashboard.json<{ period: { to: string } }>().period.to}&finalDate=${dashboard.json<{ period: { to: string } }>().period.to}`, a.adminToken);
    expect(byDay.json()).toMatchObject({ count: 0 });

    // The customer answers: one waiting ticket, whose conversation shows the campaign message above the reply.
    await t.platform.engine.handleInbound(inbound(connection, number(1), "Tenho interesse"));
    const pending = (await call("GET", "/tickets?status=pending&showAll=true", a.adminToken)).json<{ tickets: { id: number }[]; count: number }>();
    expect(pending.count).toBe(1);
    const history = await call("GET", `/messages/${pending.tickets[0]!.id}`, a.adminToken);
    expect(history.json<{ messages: { body: string }[] }>().messages.map((m) => m.body)).toEqual(["Olá Cliente 2", "Tenho interesse"]);
    expect((await call("GET", "/dashboard?days=7", a.adminToken)).json()).toMatchObject({ counters: { supportFinished: 0, supportPending: 1, campaignMessagesSent: 3 } });
  });
});
