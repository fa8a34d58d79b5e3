import { and, asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditLogs, campaignShipping, campaigns, contactListItems, contactLists, fileLists, messages } from "../../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { createConnectionRow, eventually, inbound } from "../../../test/engine-harness.ts";
import { bearer, createCloudConnection, createTenant } from "../../../test/factories.ts";
import { type FakeGraph, startFakeGraph } from "../../../test/fake-graph.ts";
import { PNG, multipartFile } from "../queues/upload-fixtures.ts";
import { runDispatchStep, runStartCampaignJob } from "./campaigns.dispatch.ts";

const PHONE_ID = "1000000001";
const NUMBERS = ["5511980000001", "5511980000002", "5511980000003"];

let fake: FakeGraph;
let t: TestApp;
let a: Awaited<ReturnType<typeof createTenant>>;
let cloudId: number;
let listId: number;

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) => t.app.inject({ method, url, headers: bearer(a.adminToken), ...(payload ? { payload } : {}) });
const deps = () => t.platform.engine.deps;
const row = async (id: number) => (await t.db.select().from(campaigns).where(eq(campaigns.id, id)))[0]!;
const oferta = (parameters = ["{nome}", "{cupom}", "sexta"]) => ({ name: "oferta", language: "pt_BR", parameters });
const body = (overrides: object = {}) => ({ name: "Black Friday", whatsappId: cloudId, contactListId: listId, template: oferta(), ...overrides });
const inThreeHours = () => new Date(Date.now() + 3 * 3600_000).toISOString();

/** The messages the Graph API was asked to send, as their JSON bodies. */
const graphSends = () =>
  fake.requests.filter((request) => request.method === "POST" && request.path === `/${PHONE_ID}/messages`).map((request) => request.body as { to: string; type: string; template?: unknown; text?: { body: string } });

/** Starts the scheduled campaign now, then runs its dispatch steps until every recipient was handed to the Graph API (or `max` steps ran). */
async function startAndDrive(id: number, sends: number, max = 60) {
  const campaign = await row(id);
  await runStartCampaignJob(deps(), { companyId: campaign.companyId, campaignId: id, scheduledAt: campaign.scheduledAt!.toISOString() });
  for (let i = 0; i < max && graphSends().length < sends; i++) {
    const current = await row(id);
    if (current.status !== "EM_ANDAMENTO" || current.pausedAt) break;
    await runDispatchStep(deps(), { companyId: current.companyId, campaignId: id, seq: current.dispatchSeq }, () => 0);
  }
  return eventually(graphSends, (sent) => sent.length >= sends);
}

beforeEach(async () => {
  fake = await startFakeGraph();
  fake.templates = [
    { name: "oferta", language: "pt_BR", category: "MARKETING", status: "APPROVED", components: [{ type: "BODY", text: "Olá {{1}}, use o cupom {{2}} até {{3}}." }] },
    { name: "convite", language: "pt_BR", category: "MARKETING", status: "APPROVED", components: [{ type: "BODY", text: "Oi {{1}}, podemos mandar as ofertas da semana? Responda SIM." }] },
    { name: "aviso", language: "pt_BR", category: "UTILITY", status: "PENDING", components: [{ type: "BODY", text: "Aviso." }] },
  ];
  t = await buildTestApp({ whatsappCloudApiUrl: fake.url }, { start: true });
  a = await createTenant(t.app, t.db);
  const { connection } = await createCloudConnection(t.db, { companyId: a.company.id });
  cloudId = connection.id;
  await t.platform.channels.start(a.company.id, cloudId);
  expect((await call("GET", `/whatsapp/${cloudId}/templates?refresh=true`)).statusCode).toBe(200);
  const [list] = await t.db.insert(contactLists).values({ companyId: a.company.id, name: "Clientes" }).returning();
  listId = list!.id;
  await t.db.insert(contactListItems).values(
    ["Ana", "Bruno", "Carla"].map((name, i) => ({ companyId: a.company.id, contactListId: listId, name, number: NUMBERS[i]!, email: `${name.toLowerCase()}@x.com`, isWhatsappValid: true })),
  );
  expect((await call("POST", "/campaign-settings", { settings: { variables: [{ key: "cupom", value: "BLACK10" }] } })).statusCode).toBe(200);
  fake.requests.length = 0;
});
afterEach(async () => {
  await t.close();
  await fake.close();
});

describe("campaigns on the official line", () => {
  it("refuses what the official line cannot send, at creation and on edit, storing nothing", async () => {
    const refusals: [object, string][] = [
      [body({ template: null, message1: "Olá {nome}!" }), "ERR_CLOUD_CAMPAIGN_TEMPLATE_REQUIRED"],
      [body({ template: undefined, message1: "Olá {nome}!" }), "ERR_CLOUD_CAMPAIGN_TEMPLATE_REQUIRED"],
      [body({ template: { ...oferta(), name: "nao_existe" } }), "ERR_CLOUD_TEMPLATE_NOT_FOUND"],
      [body({ template: { ...oferta(), language: "en_US" } }), "ERR_CLOUD_TEMPLATE_NOT_FOUND"],
      [body({ template: { name: "aviso", language: "pt_BR", parameters: [] } }), "ERR_CLOUD_TEMPLATE_NOT_APPROVED"],
      [body({ template: oferta(["{nome}", "{cupom}"]) }), "ERR_CLOUD_TEMPLATE_PARAMETERS"],
      [body({ template: { ...oferta(), components: [] } }), "ERR_VALIDATION"],
    ];
    for (const [payload, code] of refusals) {
      const response = await call("POST", "/campaigns", payload);
      expect(response.json(), code).toMatchObject({ error: code });
    }
    const [fileList] = await t.db.insert(fileLists).values({ companyId: a.company.id, name: "Catálogo" }).returning();
    expect((await call("POST", "/campaigns", body({ fileListId: fileList!.id }))).json()).toMatchObject({ error: "ERR_CLOUD_CAMPAIGN_FILES" });
    const other = await createConnectionRow(t.db, a.company.id, { isDefault: false });
    expect((await call("POST", "/campaigns", body({ whatsappId: other.id }))).json()).toMatchObject({ error: "ERR_CLOUD_TEMPLATE_UNSUPPORTED" });
    expect((await call("POST", "/campaigns", body({ whatsappId: null }))).json()).toMatchObject({ error: "ERR_CLOUD_TEMPLATE_UNSUPPORTED" });
    expect(await t.db.select().from(campaigns)).toEqual([]);

    // A campaign of another connection cannot move to the official line without a template.
    const free = await call("POST", "/campaigns", { name: "Natal", message1: "Feliz Natal, {nome}!", whatsappId: other.id, contactListId: listId });
    expect(free.statusCode).toBe(200);
    const moved = await call("PUT", `/campaigns/${free.json().id}`, { name: "Natal", message1: "Feliz Natal, {nome}!", whatsappId: cloudId, contactListId: listId });
    expect(moved.json()).toMatchObject({ error: "ERR_CLOUD_CAMPAIGN_TEMPLATE_REQUIRED" });
    expect(await row(free.json().id)).toMatchObject({ whatsappId: other.id, template: null });

    // A template campaign without confirmation takes no attachment: it would follow the template outside the window.
    const created = await call("POST", "/campaigns", body());
    expect(created.statusCode).toBe(200);
    const media = multipartFile(a.adminToken, { name: "oferta.png", content: PNG, type: "image/png" });
    const upload = await t.app.inject({ method: "POST", url: `/campaigns/${created.json().id}/media-upload`, payload: media.payload, headers: media.headers });
    expect(upload.json()).toMatchObject({ error: "ERR_CLOUD_CAMPAIGN_FILES" });
    expect(await row(created.json().id)).toMatchObject({ mediaPath: null });
  });

  it("sends the chosen template to every recipient outside their window, each with their own parameters, and finishes", async () => {
    const created = await call("POST", "/campaigns", body({ scheduledAt: inThreeHours() }));
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ status: "PROGRAMADA", template: oferta() });
    expect((await call("GET", `/campaigns/${created.json().id}`)).json()).toMatchObject({ template: oferta() });

    // Each recipient's chat has its own send queue: the order between them is not the campaign's to keep.
    const sent = (await startAndDrive(created.json().id, 3)).sort((x, y) => x.to.localeCompare(y.to));
    expect(sent.map((request) => [request.to, request.type, request.template])).toEqual(
      ["Ana", "Bruno", "Carla"].map((name, i) => [
        NUMBERS[i],
        "template",
        { name: "oferta", language: { code: "pt_BR" }, components: [{ type: "body", parameters: [name, "BLACK10", "sexta"].map((text) => ({ type: "text", text })) }] },
      ]),
    );
    // Stored as the conversation shows it: the rendered text, with the template it came from.
    const stored = await t.db.select().from(messages).where(and(eq(messages.companyId, a.company.id), eq(messages.fromMe, true))).orderBy(asc(messages.id));
    expect(stored.map((message) => [message.body, message.data])).toEqual(
      ["Ana", "Bruno", "Carla"].map((name) => [`Olá ${name}, use o cupom BLACK10 até sexta.`, { template: { name: "oferta", language: "pt_BR", parameters: [name, "BLACK10", "sexta"] } }]),
    );
    await eventually(() => row(created.json().id), (campaign) => campaign.sentCount === 3);
    const done = await eventually(
      async () => {
        const current = await row(created.json().id);
        if (current.status === "EM_ANDAMENTO") await runDispatchStep(deps(), { companyId: a.company.id, campaignId: current.id, seq: current.dispatchSeq }, () => 0);
        return (await call("GET", `/campaigns/${created.json().id}`)).json();
      },
      (campaign) => campaign.status === "FINALIZADA",
      20_000,
    );
    expect(done.progress).toMatchObject({ validContacts: 3, delivered: 3, failed: 0 });
  });

  it("with confirmation, the template asks and the customer's answer opens the window for the campaign's message", async () => {
    const created = await call("POST", "/campaigns", body({ scheduledAt: inThreeHours(), confirmation: true, template: { name: "convite", language: "pt_BR", parameters: ["{nome}"] }, message1: "Aqui está, {nome}: cupom {cupom}." }));
    expect(created.statusCode).toBe(200);
    await t.db.delete(contactListItems).where(and(eq(contactListItems.contactListId, listId), eq(contactListItems.name, "Bruno")));
    await t.db.delete(contactListItems).where(and(eq(contactListItems.contactListId, listId), eq(contactListItems.name, "Carla")));
    const [asked] = await startAndDrive(created.json().id, 1);
    expect(asked).toMatchObject({ to: "5511980000001", type: "template", template: { name: "convite", components: [{ parameters: [{ text: "Ana" }] }] } });
    const [recipient] = await t.db.select().from(campaignShipping).where(eq(campaignShipping.campaignId, created.json().id));
    expect(recipient).toMatchObject({ confirmationRequestedAt: expect.any(Date), messageId: null });

    await t.platform.engine.handleInbound(inbound({ id: cloudId, companyId: a.company.id }, "5511980000001", "SIM"));
    const sends = await eventually(graphSends, (list) => list.length === 2);
    expect(sends[1]).toMatchObject({ to: "5511980000001", type: "text", text: { body: "Aqui está, Ana: cupom BLACK10." } });
    expect((await call("GET", `/campaigns/${created.json().id}`)).json().progress).toMatchObject({ confirmationRequested: 1, confirmed: 1 });
  });

  it("pauses the campaign, sending nothing, when Meta no longer offers its template", async () => {
    const created = await call("POST", "/campaigns", body({ scheduledAt: inThreeHours() }));
    fake.templates = fake.templates.map((template) => (template.name === "oferta" ? { ...template, status: "PAUSED" } : template));
    expect((await call("GET", `/whatsapp/${cloudId}/templates?refresh=true`)).statusCode).toBe(200);
    fake.requests.length = 0;
    const campaign = await row(created.json().id);
    await runStartCampaignJob(deps(), { companyId: a.company.id, campaignId: campaign.id, scheduledAt: campaign.scheduledAt!.toISOString() });
    const started = await row(campaign.id);
    await runDispatchStep(deps(), { companyId: a.company.id, campaignId: campaign.id, seq: started.dispatchSeq }, () => 0);
    expect(await row(campaign.id)).toMatchObject({ status: "EM_ANDAMENTO", pausedAt: expect.any(Date), sentCount: 0 });
    expect(graphSends()).toEqual([]);
    expect(await t.db.select().from(messages).where(eq(messages.fromMe, true))).toEqual([]);
    const [entry] = await t.db.select().from(auditLogs).where(and(eq(auditLogs.companyId, a.company.id), eq(auditLogs.action, "campaign.pause")));
    expect(entry).toMatchObject({ actorKind: "system", changes: { reason: { after: "ERR_CLOUD_TEMPLATE_NOT_APPROVED" } } });
    // The campaign says why it stopped, until a user resumes it; resumed with the template still not offered, it stops again and says so.
    expect((await call("GET", `/campaigns/${campaign.id}`)).json()).toMatchObject({ pausedAt: expect.any(String), pauseReason: "ERR_CLOUD_TEMPLATE_NOT_APPROVED" });
    expect((await call("GET", "/campaigns")).json().records).toContainEqual(expect.objectContaining({ id: campaign.id, pauseReason: "ERR_CLOUD_TEMPLATE_NOT_APPROVED" }));
    const resumed = await call("POST", `/campaigns/${campaign.id}/resume`);
    expect(resumed.json()).toMatchObject({ pausedAt: null, pauseReason: null });
    await eventually(async () => (await call("GET", `/campaigns/${campaign.id}`)).json(), (current) => current.pauseReason === "ERR_CLOUD_TEMPLATE_NOT_APPROVED" && current.pausedAt !== null);
    expect(graphSends()).toEqual([]);
  });

  it("test-sends the template filled for the number typed", async () => {
    const created = await call("POST", "/campaigns", body());
    const response = await call("POST", `/campaigns/${created.json().id}/test-send`, { number: "5511980000002" });
    expect(response.statusCode).toBe(200);
    const [sent] = await eventually(graphSends, (list) => list.length === 1);
    expect(sent).toMatchObject({ to: "5511980000002", type: "template", template: { name: "oferta", components: [{ parameters: [{ text: "5511980000002" }, { text: "BLACK10" }, { text: "sexta" }] }] } });
  });
});
