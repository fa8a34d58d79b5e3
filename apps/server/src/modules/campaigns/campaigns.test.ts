import { and, eq, isNotNull } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditLogs, campaignOptOuts, campaignShipping, campaigns, contactListItems, contactLists, fileListOptions, fileLists, messages } from "../../db/schema/index.ts";
import { runSendMessageJob } from "../../engine/outbound.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { type FakeDriver, attachFakeDriver, createConnectionRow, inbound } from "../../../test/engine-harness.ts";
import { bearer, createTenant } from "../../../test/factories.ts";
import { PNG, multipartFile } from "../queues/upload-fixtures.ts";
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

type CampaignJson = { id: number; status: string; scheduledAt: string | null; progress: Record<string, number>; mediaPath: string | null };
const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token: string | null, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

async function listWith(count: number, companyId = a.company.id): Promise<number> {
  const [list] = await t.db.insert(contactLists).values({ companyId, name: "Clientes" }).returning();
  await t.db.insert(contactListItems).values(
    Array.from({ length: count }, (_, i) => ({ companyId, contactListId: list!.id, name: `Cliente ${i + 1}`, number: `55119000${String(i).padStart(5, "0")}`, email: `c${i + 1}@x.com`, isWhatsappValid: true })),
  );
  return list!.id;
}

const body = (overrides: object = {}) => ({ name: "Black Friday", message1: "Olá {nome}, oferta {cupom}!", whatsappId: connection.id, ...overrides });

async function create(overrides: object = {}, token = a.adminToken): Promise<CampaignJson> {
  const response = await call("POST", "/campaigns", token, body(overrides));
  if (response.statusCode !== 200) throw new Error(response.body);
  return response.json();
}

const row = async (id: number) => (await t.db.select().from(campaigns).where(eq(campaigns.id, id)))[0]!;
const deps = () => t.platform.engine.deps;

/** Starts a scheduled campaign now (its start job's work). */
async function start(id: number) {
  const campaign = await row(id);
  await runStartCampaignJob(deps(), { companyId: campaign.companyId, campaignId: id, scheduledAt: campaign.scheduledAt!.toISOString() });
}

/** Runs the campaign's dispatch steps (and the sends they queue) until it leaves EM_ANDAMENTO or `max` steps ran. */
async function drive(id: number, max = 500) {
  for (let i = 0; i < max; i++) {
    const campaign = await row(id);
    if (campaign.status !== "EM_ANDAMENTO" || campaign.pausedAt) return campaign;
    await runDispatchStep(deps(), { companyId: campaign.companyId, campaignId: id, seq: campaign.dispatchSeq }, () => 0);
    await sendPending();
  }
  return row(id);
}

async function sendPending() {
  const pending = await t.db.select({ id: messages.id, companyId: messages.companyId }).from(messages).where(eq(messages.sendStatus, "pending"));
  for (const message of pending) await runSendMessageJob(deps(), { companyId: message.companyId, messageId: message.id }, { retryCount: 0 });
}

async function setSettings(payload: object) {
  const response = await call("POST", "/campaign-settings", a.adminToken, { settings: payload });
  expect(response.statusCode).toBe(200);
}

describe("/campaigns", () => {
  it("answers 401 without a session, ERR_NO_PERMISSION to a user-profile account, 403 without the plan flag", async () => {
    expect((await call("GET", "/campaigns", null)).statusCode).toBe(401);
    expect((await call("POST", "/campaigns", a.agentToken, body())).json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    expect(await t.db.select().from(campaigns)).toEqual([]);
  });

  it("creates an INATIVA campaign without a date and a PROGRAMADA one with it, announcing both", async () => {
    const inactive = await create();
    expect(inactive).toMatchObject({ status: "INATIVA", scheduledAt: null, whatsapp: { id: connection.id }, contactList: null, progress: { validContacts: 0, delivered: 0 } });
    const contactListId = await listWith(2);
    const scheduled = await create({ scheduledAt: new Date(Date.now() + 3 * 3600_000).toISOString(), contactListId, tagListId: "Nenhuma" });
    expect(scheduled).toMatchObject({ status: "PROGRAMADA", contactList: { id: contactListId, name: "Clientes" }, tagListId: null });
    const events = t.published.filter((event) => event.name === "record.changed" && event.payload.channel === "campaign");
    expect(events).toHaveLength(2);
    const page = await call("GET", "/campaigns", a.adminToken);
    expect(page.json<{ records: CampaignJson[]; hasMore: boolean }>()).toMatchObject({ hasMore: false, records: [{ id: scheduled.id }, { id: inactive.id }] });
  });

  it("refuses a name under 2 or over 50 characters, unknown fields and another company's records", async () => {
    for (const payload of [body({ name: "A" }), body({ name: "x".repeat(51) }), { ...body(), status: "FINALIZADA" }]) {
      expect((await call("POST", "/campaigns", a.adminToken, payload)).json()).toMatchObject({ error: "ERR_VALIDATION" });
    }
    const theirList = await listWith(1, b.company.id);
    expect((await call("POST", "/campaigns", a.adminToken, body({ contactListId: theirList }))).json()).toMatchObject({ error: "ERR_NO_CONTACT_LIST_FOUND" });
    const theirConnection = await createConnectionRow(t.db, b.company.id);
    expect((await call("POST", "/campaigns", a.adminToken, body({ whatsappId: theirConnection.id }))).json()).toMatchObject({ error: "ERR_NO_WAPP_FOUND" });
    expect((await call("POST", "/campaigns", a.adminToken, body({ scheduledAt: new Date().toISOString() }))).json()).toMatchObject({ error: "ERR_CAMPAIGN_INCOMPLETE" });
    expect(await t.db.select().from(campaigns)).toEqual([]);
  });

  it("answers 404 for another company's campaign on every route and changes nothing", async () => {
    const theirs = await create({ whatsappId: null }, b.adminToken);
    for (const [method, url, payload] of [
      ["GET", `/campaigns/${theirs.id}`],
      ["PUT", `/campaigns/${theirs.id}`, body({ whatsappId: null, name: "Tomada" })],
      ["DELETE", `/campaigns/${theirs.id}`],
      ["POST", `/campaigns/${theirs.id}/cancel`],
      ["POST", `/campaigns/${theirs.id}/restart`],
      ["POST", `/campaigns/${theirs.id}/test-send`, { number: "5511999990000" }],
      ["DELETE", `/campaigns/${theirs.id}/media-upload`],
    ] as const) {
      const response = await call(method, url, a.adminToken, payload);
      expect(response.json(), `${method} ${url}`).toMatchObject({ error: "ERR_NO_CAMPAIGN_FOUND" });
    }
    expect((await row(theirs.id)).name).toBe("Black Friday");
  });

  it("keeps a campaign editable while INATIVA or more than an hour ahead, read-only after, and a cancelled one's texts only", async () => {
    const contactListId = await listWith(2);
    const far = await create({ scheduledAt: new Date(Date.now() + 2 * 3600_000).toISOString(), contactListId });
    const moved = await call("PUT", `/campaigns/${far.id}`, a.adminToken, body({ name: "Movida", contactListId, scheduledAt: new Date(Date.now() + 30 * 60_000).toISOString() }));
    expect(moved.json()).toMatchObject({ name: "Movida", status: "PROGRAMADA" });
    const refused = await call("PUT", `/campaigns/${far.id}`, a.adminToken, body({ name: "De novo", contactListId }));
    expect(refused.json()).toMatchObject({ error: "ERR_CAMPAIGN_NOT_EDITABLE" });
    const media = multipartFile(a.adminToken, { name: "promo.png", content: PNG, type: "image/png" });
    expect((await t.app.inject({ method: "POST", url: `/campaigns/${far.id}/media-upload`, payload: media.payload, headers: media.headers })).json()).toMatchObject({ error: "ERR_CAMPAIGN_NOT_EDITABLE" });

    await t.db.update(campaigns).set({ scheduledAt: new Date(Date.now() - 1000) }).where(eq(campaigns.id, far.id));
    await start(far.id);
    expect((await row(far.id)).status).toBe("EM_ANDAMENTO");
    expect((await call("POST", `/campaigns/${far.id}/restart`, a.adminToken)).json()).toMatchObject({ error: "ERR_CAMPAIGN_STATUS" });
    expect((await call("POST", `/campaigns/${far.id}/cancel`, a.adminToken)).json()).toMatchObject({ status: "CANCELADA" });
    const current = await row(far.id);
    const texts = body({ name: current.name, contactListId, scheduledAt: current.scheduledAt!.toISOString(), message1: "Novo texto {nome}" });
    expect((await call("PUT", `/campaigns/${far.id}`, a.adminToken, texts)).json()).toMatchObject({ message1: "Novo texto {nome}", status: "CANCELADA" });
    expect((await call("PUT", `/campaigns/${far.id}`, a.adminToken, { ...texts, name: "Outro nome" })).json()).toMatchObject({ error: "ERR_CAMPAIGN_NOT_EDITABLE" });
    expect((await call("POST", `/campaigns/${far.id}/cancel`, a.adminToken)).json()).toMatchObject({ error: "ERR_CAMPAIGN_STATUS" });
    expect((await call("POST", `/campaigns/${far.id}/restart`, a.adminToken)).json()).toMatchObject({ status: "EM_ANDAMENTO" });
  });

  it("stores an attachment checked by its content and removes it", async () => {
    const campaign = await create();
    const fake = multipartFile(a.adminToken, { name: "promo.png", content: Buffer.from("MZ not an image"), type: "image/png" });
    expect((await t.app.inject({ method: "POST", url: `/campaigns/${campaign.id}/media-upload`, payload: fake.payload, headers: fake.headers })).json()).toMatchObject({
      error: "ERR_MEDIA_TYPE_NOT_ALLOWED",
    });
    const media = multipartFile(a.adminToken, { name: "promo black.png", content: PNG, type: "image/png" });
    const stored = await t.app.inject({ method: "POST", url: `/campaigns/${campaign.id}/media-upload`, payload: media.payload, headers: media.headers });
    expect(stored.json()).toMatchObject({ mediaName: "promo_black.png", mediaPath: expect.stringMatching(/^\/media\//) });
    expect((await call("DELETE", `/campaigns/${campaign.id}/media-upload`, a.adminToken)).json()).toMatchObject({ mediaPath: null, mediaName: null });
  });
});

describe("/campaign-settings", () => {
  it("answers the defaults as the list of keys with JSON-text values, saves the §9 options and refuses others and duplicated variable keys", async () => {
    expect((await call("GET", "/campaign-settings", a.adminToken)).json()).toEqual([
      { key: "messageInterval", value: "20" },
      { key: "longerIntervalAfter", value: "20" },
      { key: "greaterInterval", value: "60" },
      { key: "variables", value: "[]" },
      { key: "optOutWords", value: JSON.stringify(["SAIR", "PARAR", "STOP"]) },
      { key: "optOutConfirmation", value: JSON.stringify("Pronto! Você não receberá mais nossas campanhas. Se mudar de ideia, é só nos chamar.") },
    ]);
    const saved = await call("POST", "/campaign-settings", a.adminToken, { settings: { messageInterval: 5, greaterInterval: 120, variables: [{ key: "cupom", value: "BLACK10" }] } });
    expect(saved.json()).toEqual(
      expect.arrayContaining([
        { key: "messageInterval", value: "5" },
        { key: "longerIntervalAfter", value: "20" },
        { key: "greaterInterval", value: "120" },
        { key: "variables", value: JSON.stringify([{ key: "cupom", value: "BLACK10" }]) },
      ]),
    );
    for (const settings of [{ messageInterval: 7 }, { messageInterval: 45 }, { longerIntervalAfter: 2 }, { greaterInterval: 599 }, { variables: [{ key: "a", value: "1" }, { key: "a", value: "2" }] }, { other: 1 }]) {
      expect((await call("POST", "/campaign-settings", a.adminToken, { settings })).json()).toMatchObject({ error: "ERR_VALIDATION" });
    }
    expect((await call("POST", "/campaign-settings", a.adminToken, { messageInterval: 5 })).json()).toMatchObject({ error: "ERR_VALIDATION" });
    expect((await call("GET", "/campaign-settings", b.adminToken)).json()).toEqual(expect.arrayContaining([{ key: "messageInterval", value: "20" }, { key: "variables", value: "[]" }]));
  });

  it("sets a connection's pacing and refuses another company's connection", async () => {
    const url = `/campaign-settings/pacing/${connection.id}`;
    expect((await call("GET", url, a.adminToken)).json()).toEqual({ whatsappId: connection.id, dailyLimit: null, windowStart: null, windowEnd: null, jitterSeconds: 0 });
    const saved = await call("PUT", url, a.adminToken, { dailyLimit: 50, windowStart: 480, windowEnd: 1230, jitterSeconds: 5 });
    expect(saved.json()).toEqual({ whatsappId: connection.id, dailyLimit: 50, windowStart: 480, windowEnd: 1230, jitterSeconds: 5 });
    for (const bad of [{ windowStart: 480, windowEnd: null }, { windowStart: 480, windowEnd: 1440 }, { windowStart: "08:00", windowEnd: "20:00" }]) {
      expect((await call("PUT", url, a.adminToken, { dailyLimit: 50, ...bad })).json()).toMatchObject({ error: "ERR_VALIDATION" });
    }
    expect((await call("PUT", url, b.adminToken, { dailyLimit: 1, windowStart: null, windowEnd: null })).json()).toMatchObject({ error: "ERR_NO_WAPP_FOUND" });
  });
});

describe("the dispatch", () => {
  it("sends the file list after the message, and skips a file that is gone with the dispatch moving on", async () => {
    await setSettings({ messageInterval: 0 });
    const stored = await deps().media.save(a.company.id, PNG, "catalogo.png", "image/png");
    const [list] = await t.db.insert(fileLists).values({ companyId: a.company.id, name: "Catálogo" }).returning();
    await t.db.insert(fileListOptions).values([
      { companyId: a.company.id, fileListId: list!.id, name: "sumiu.pdf", path: "nao-existe.pdf" },
      { companyId: a.company.id, fileListId: list!.id, name: "catalogo.png", path: stored.fileName },
    ]);
    const campaign = await create({ scheduledAt: new Date().toISOString(), contactListId: await listWith(1), fileListId: list!.id });
    await start(campaign.id);
    const step = async () => {
      const current = await row(campaign.id);
      await runDispatchStep(deps(), { companyId: a.company.id, campaignId: campaign.id, seq: current.dispatchSeq }, () => 0);
      await sendPending();
      return row(campaign.id);
    };
    const afterMessage = await step();
    // The gone file is skipped in a step that queues the next one: the chain goes on by itself.
    const afterSkip = await step();
    expect(afterSkip.dispatchSeq).toBe(afterMessage.dispatchSeq + 1);
    const [recipient] = await t.db.select().from(campaignShipping).where(eq(campaignShipping.campaignId, campaign.id));
    expect(recipient!.filesSent).toBe(1);
    expect(await drive(campaign.id)).toMatchObject({ status: "FINALIZADA" });
    expect(driver.sent.map((sent) => sent.media?.filename ?? sent.body)).toEqual(["Olá Cliente 1, oferta {cupom}!", "catalogo.png"]);
  });

  it("freezes the valid list contacts, sends each one message with the variables filled, and ends FINALIZADA", async () => {
    await setSettings({ messageInterval: 0, variables: [{ key: "cupom", value: "BLACK10" }] });
    const contactListId = await listWith(4);
    await t.db.update(contactListItems).set({ isWhatsappValid: false }).where(eq(contactListItems.number, "5511900000003"));
    const campaign = await create({ scheduledAt: new Date().toISOString(), contactListId, message2: "Oi {nome}, {email}" });
    await start(campaign.id);
    const done = await drive(campaign.id);
    expect(done.status).toBe("FINALIZADA");
    expect(done.completedAt).not.toBeNull();
    expect(driver.sent.map((s) => [s.to, s.body]).sort()).toEqual([
      ["5511900000000", "Olá Cliente 1, oferta BLACK10!"],
      ["5511900000001", "Olá Cliente 2, oferta BLACK10!"],
      ["5511900000002", "Olá Cliente 3, oferta BLACK10!"],
    ]);
    const report = await call("GET", `/campaigns/${campaign.id}`, a.adminToken);
    expect(report.json()).toMatchObject({ status: "FINALIZADA", progress: { validContacts: 3, delivered: 3, failed: 0 } });
    // The campaign message is in the contact's conversation.
    const stored = await t.db.select().from(messages).where(and(eq(messages.companyId, a.company.id), eq(messages.fromMe, true)));
    expect(stored).toHaveLength(3);
  });

  it("never sends twice: duplicated, stale and concurrent steps send each recipient once", async () => {
    await setSettings({ messageInterval: 0 });
    const contactListId = await listWith(10);
    const campaign = await create({ scheduledAt: new Date().toISOString(), contactListId });
    await start(campaign.id);
    await start(campaign.id);
    for (let i = 0; i < 30; i++) {
      const current = await row(campaign.id);
      if (current.status !== "EM_ANDAMENTO") break;
      const payload = { companyId: a.company.id, campaignId: campaign.id, seq: current.dispatchSeq };
      // The same step three times at once, and an old one.
      await Promise.all([runDispatchStep(deps(), payload), runDispatchStep(deps(), payload), runDispatchStep(deps(), payload), runDispatchStep(deps(), { ...payload, seq: payload.seq - 1 })]);
      await sendPending();
    }
    expect((await row(campaign.id)).status).toBe("FINALIZADA");
    const recipients = driver.sent.map((s) => s.to);
    expect(recipients).toHaveLength(10);
    expect(new Set(recipients).size).toBe(10);
  });

  it("with confirmation, asks first and sends the campaign message after the customer's reply, in the reply's conversation", async () => {
    await setSettings({ messageInterval: 0 });
    const contactListId = await listWith(2);
    const campaign = await create({ scheduledAt: new Date().toISOString(), contactListId, confirmation: true, confirmationMessage1: "{nome}, posso enviar a oferta?" });
    await start(campaign.id);
    const after = await drive(campaign.id);
    expect(after.status).toBe("FINALIZADA");
    expect(driver.bodies().sort()).toEqual(["Cliente 1, posso enviar a oferta?", "Cliente 2, posso enviar a oferta?"]);
    await t.platform.engine.handleInbound(inbound(connection, "5511900000000", "Sim, pode"));
    await sendPending();
    expect(driver.sent.filter((s) => s.to === "5511900000000").map((s) => s.body)).toEqual(["Cliente 1, posso enviar a oferta?", "Olá Cliente 1, oferta {cupom}!"]);
    // A second reply sends nothing more.
    await t.platform.engine.handleInbound(inbound(connection, "5511900000000", "Obrigado"));
    await sendPending();
    expect(driver.sent).toHaveLength(3);
    const report = await call("GET", `/campaigns/${campaign.id}`, a.adminToken);
    expect(report.json()).toMatchObject({ progress: { validContacts: 2, confirmationRequested: 2, confirmed: 1, delivered: 1 } });
    const [shipping] = await t.db.select().from(campaignShipping).where(and(eq(campaignShipping.number, "5511900000000"), isNotNull(campaignShipping.confirmedAt)));
    const [confirmation, message] = await Promise.all([
      t.db.select().from(messages).where(eq(messages.id, shipping!.confirmationMessageId!)),
      t.db.select().from(messages).where(eq(messages.id, shipping!.messageId!)),
    ]);
    expect(confirmation[0]!.contactId).toBe(message[0]!.contactId);
  });

  it("honours an opt-out word answered mid-campaign: the recipient is skipped and left out of the next campaign", async () => {
    await setSettings({ messageInterval: 0 });
    const contactListId = await listWith(3);
    const first = await create({ scheduledAt: new Date().toISOString(), contactListId });
    await start(first.id);
    // One step: the first recipient gets the message and answers SAIR.
    const current = await row(first.id);
    await runDispatchStep(deps(), { companyId: a.company.id, campaignId: first.id, seq: current.dispatchSeq });
    await sendPending();
    await t.platform.engine.handleInbound(inbound(connection, "5511900000000", "sair"));
    expect(await t.db.select({ number: campaignOptOuts.number, word: campaignOptOuts.word }).from(campaignOptOuts)).toEqual([{ number: "5511900000000", word: "SAIR" }]);
    // Someone else of the list opts out before their turn.
    await t.db.insert(campaignOptOuts).values({ companyId: a.company.id, number: "5511900000002", word: "STOP" });
    expect((await drive(first.id)).status).toBe("FINALIZADA");
    // The campaign message to the first two, and the opt-out confirmation to the first.
    expect(driver.sent.map((s) => s.to).sort()).toEqual(["5511900000000", "5511900000000", "5511900000001"]);
    expect((await call("GET", `/campaigns/${first.id}`, a.adminToken)).json()).toMatchObject({ progress: { validContacts: 3, delivered: 2, skipped: 1 } });

    const second = await create({ scheduledAt: new Date().toISOString(), contactListId, message1: "Segunda" });
    await start(second.id);
    expect((await drive(second.id)).status).toBe("FINALIZADA");
    expect(driver.sent.filter((s) => s.body === "Segunda").map((s) => s.to)).toEqual(["5511900000001"]);
  });

  it("keeps a connection's daily cap by the company's clock: 50 today, the rest the next day", async () => {
    await setSettings({ messageInterval: 0, longerIntervalAfter: 0 });
    let now = new Date("2026-03-10T12:00:00Z");
    deps().now = () => now;
    await call("PUT", `/campaign-settings/pacing/${connection.id}`, a.adminToken, { dailyLimit: 50, windowStart: null, windowEnd: null });
    const contactListId = await listWith(60);
    const campaign = await create({ scheduledAt: new Date("2026-03-10T11:00:00Z").toISOString(), contactListId });
    await start(campaign.id);
    await drive(campaign.id, 80);
    expect(driver.sent).toHaveLength(50);
    expect((await row(campaign.id)).status).toBe("EM_ANDAMENTO");
    // Still 23:59 in São Paulo: nothing more.
    now = new Date("2026-03-11T02:59:00Z");
    await drive(campaign.id, 5);
    expect(driver.sent).toHaveLength(50);
    // Midnight in São Paulo: the rest go.
    now = new Date("2026-03-11T03:00:30Z");
    expect((await drive(campaign.id, 80)).status).toBe("FINALIZADA");
    expect(driver.sent).toHaveLength(60);
    expect(new Set(driver.sent.map((s) => s.to)).size).toBe(60);
  });

  it("pauses and resumes, and sends a test message to one number", async () => {
    await setSettings({ messageInterval: 0 });
    const contactListId = await listWith(3);
    const campaign = await create({ scheduledAt: new Date().toISOString(), contactListId });
    await start(campaign.id);
    expect((await call("POST", `/campaigns/${campaign.id}/pause`, a.adminToken)).json()).toMatchObject({ pausedAt: expect.any(String) });
    const paused = await row(campaign.id);
    await runDispatchStep(deps(), { companyId: a.company.id, campaignId: campaign.id, seq: paused.dispatchSeq });
    await sendPending();
    expect(driver.sent).toHaveLength(0);
    expect((await call("POST", `/campaigns/${campaign.id}/resume`, a.adminToken)).json()).toMatchObject({ pausedAt: null });
    expect((await drive(campaign.id)).status).toBe("FINALIZADA");
    expect(driver.sent).toHaveLength(3);

    const test = await call("POST", `/campaigns/${campaign.id}/test-send`, a.adminToken, { number: "+55 11 97777-0000" });
    expect(test.statusCode).toBe(200);
    await sendPending();
    expect(driver.sent.at(-1)).toMatchObject({ to: "5511977770000", body: "Olá 5511977770000, oferta {cupom}!" });
  });
});

describe("the audit log of campaigns", () => {
  it("records the campaign's changes, its start by the system and its state changes, never a person's number or a variable's value", async () => {
    const contactListId = await listWith(1);
    const campaign = await create({ contactListId, scheduledAt: new Date(Date.now() + 2 * 3_600_000).toISOString() });
    expect((await call("PUT", `/campaigns/${campaign.id}`, a.adminToken, body({ contactListId, name: "Natal", scheduledAt: campaign.scheduledAt }))).statusCode).toBe(200);
    await start(campaign.id);
    expect((await call("POST", `/campaigns/${campaign.id}/pause`, a.adminToken)).statusCode).toBe(200);
    expect((await call("POST", `/campaigns/${campaign.id}/test-send`, a.adminToken, { number: "+55 11 97777-0000" })).statusCode).toBe(200);
    await setSettings({ variables: [{ key: "cupom", value: "SEGREDO-10" }] });
    await setSettings({ variables: [{ key: "cupom", value: "SEGREDO-20" }] });

    const entries = await t.db.select().from(auditLogs).where(eq(auditLogs.companyId, a.company.id)).orderBy(auditLogs.id);
    const of = (action: string) => entries.filter((entry) => entry.action === action);
    expect(of("campaign.create")[0]).toMatchObject({ userId: a.admin.id, targetType: "campaign", targetId: String(campaign.id) });
    expect(of("campaign.update")[0]?.changes).toEqual({ name: { before: "Black Friday", after: "Natal" } });
    expect(of("campaign.start")[0]).toMatchObject({ actorKind: "system", userId: null, changes: { status: { before: "PROGRAMADA", after: "EM_ANDAMENTO" } } });
    expect(of("campaign.pause")[0]?.changes).toMatchObject({ pausedAt: { before: null } });
    expect(of("campaign.test_send")).toHaveLength(1);
    expect(of("campaign_settings.update").at(-1)?.changes).toEqual({ "variable:cupom": { before: "[redacted]", after: "[redacted]" } });
    const written = JSON.stringify(entries);
    for (const personal of ["97777", "SEGREDO", "Cliente 1", "5511900000000"]) expect(written).not.toContain(personal);
  });
});
