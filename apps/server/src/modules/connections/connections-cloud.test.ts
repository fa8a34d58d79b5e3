import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Connection, ZConnection } from "@conversa/shared";
import { auditLogs, connections, plans } from "../../db/schema/index.ts";
import { SecretBox } from "../../lib/secret-box.ts";
import { type TestApp, buildTestApp, testConfig } from "../../../test/build-test-app.ts";
import { bearer, createCloudConnection, createTenant } from "../../../test/factories.ts";
import { type FakeGraph, startFakeGraph } from "../../../test/fake-graph.ts";

const PUBLIC_URL = "https://conversa.example.com";
const TOKEN = "fake-token";
const APP_SECRET = "app-secret-that-never-leaves-0001";

let t: TestApp;
let fake: FakeGraph;
beforeEach(async () => {
  fake = await startFakeGraph();
  t = await buildTestApp({ whatsappCloudApiUrl: fake.url, publicUrl: PUBLIC_URL });
});
afterEach(async () => {
  await t.close();
  await fake.close();
});

type Tenant = Awaited<ReturnType<typeof createTenant>>;

const cloudBody = (overrides: Record<string, unknown> = {}) => ({ phoneNumberId: "1000000001", businessAccountId: "2000000002", accessToken: TOKEN, appSecret: APP_SECRET, ...overrides });

function post(tenant: Tenant, payload: Record<string, unknown>) {
  return t.app.inject({ method: "POST", url: "/whatsapp", headers: bearer(tenant.adminToken), payload });
}

function put(tenant: Tenant, id: number, payload: Record<string, unknown>) {
  return t.app.inject({ method: "PUT", url: `/whatsapp/${id}`, headers: bearer(tenant.adminToken), payload });
}

async function createCloud(tenant: Tenant, cloud: Record<string, unknown> = {}, name = "Oficial"): Promise<Connection> {
  const response = await post(tenant, { name, provider: "cloud", cloud: cloudBody(cloud) });
  expect(response.statusCode, response.body).toBe(200);
  return ZConnection.parse(response.json());
}

async function rowOf(id: number) {
  const [row] = await t.db.select().from(connections).where(eq(connections.id, id));
  if (!row) throw new Error("no row");
  return row;
}

async function auditOf(id: number, action: string) {
  return t.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.targetType, "connection"), eq(auditLogs.targetId, String(id)), eq(auditLogs.action, action)));
}

/** Nothing the server answered or published carries the plain token or app secret. */
async function expectNoSecretsAnywhere(tenant: Tenant, id: number, secrets: string[]) {
  const answers = await Promise.all(
    [`/whatsapp`, `/whatsapp/${id}`].flatMap((url) => [tenant.adminToken, tenant.agentToken].map((token) => t.app.inject({ method: "GET", url, headers: bearer(token) }))),
  );
  const everything = [...answers.map((answer) => answer.body), JSON.stringify(t.published), JSON.stringify(await t.db.select().from(auditLogs))].join("\n");
  for (const secret of secrets) expect(everything).not.toContain(secret);
}

describe("POST /whatsapp with provider cloud", () => {
  it("stores the settings with the token and secret sealed, checks them at Meta and answers CONNECTED with the webhook URL and verify token", async () => {
    const a = await createTenant(t.app, t.db);

    const connection = await createCloud(a);

    expect(connection).toMatchObject({ provider: "cloud", status: "CONNECTED", number: "5511999990000", qrcode: null, statusReason: null });
    expect(connection.cloud).toEqual({
      phoneNumberId: "1000000001",
      businessAccountId: "2000000002",
      webhookUrl: expect.stringMatching(/^https:\/\/conversa\.example\.com\/webhooks\/whatsapp-cloud\/[A-Za-z0-9_-]{32}$/) as unknown,
      verifyToken: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/) as unknown,
      hasAccessToken: true,
      hasAppSecret: true,
    });
    const row = await rowOf(connection.id);
    expect(connection.cloud!.webhookUrl).toBe(`${PUBLIC_URL}/webhooks/whatsapp-cloud/${row.cloudWebhookKey}`);
    const box = new SecretBox(testConfig().dataEncryptionKey);
    expect(row.cloudAccessToken).not.toContain(TOKEN);
    expect(box.open(row.cloudAccessToken!)).toBe(TOKEN);
    expect(box.open(row.cloudAppSecret!)).toBe(APP_SECRET);
    expect(fake.requests).toEqual([expect.objectContaining({ method: "GET", path: "/1000000001" })]);
    expect(fake.requests[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);

    const [audit] = await auditOf(connection.id, "connection.create");
    expect(audit!.changes).toMatchObject({
      cloudPhoneNumberId: { before: null, after: "1000000001" },
      accessToken: { before: null, after: "[redacted]" },
      appSecret: { before: null, after: "[redacted]" },
    });
    await expectNoSecretsAnywhere(a, connection.id, [TOKEN, APP_SECRET, row.cloudAccessToken!, row.cloudAppSecret!]);
  });

  it("gives every connection its own webhook key and verify token, and the path alone without a public URL", async () => {
    await t.close();
    t = await buildTestApp({ whatsappCloudApiUrl: fake.url, publicUrl: undefined });
    const a = await createTenant(t.app, t.db);
    const one = await createCloud(a, {}, "Um");
    const two = await createCloud(a, {}, "Dois");
    expect(one.cloud!.webhookUrl).toMatch(/^\/webhooks\/whatsapp-cloud\/[A-Za-z0-9_-]{32}$/);
    expect(one.cloud!.webhookUrl).not.toBe(two.cloud!.webhookUrl);
    expect(one.cloud!.verifyToken).not.toBe(two.cloud!.verifyToken);
  });

  it("shows user-profile accounts the ids and whether secrets are set, never the webhook URL nor the verify token", async () => {
    const a = await createTenant(t.app, t.db);
    const connection = await createCloud(a);
    for (const url of ["/whatsapp", `/whatsapp/${connection.id}`]) {
      const answer = await t.app.inject({ method: "GET", url, headers: bearer(a.agentToken) });
      expect(answer.statusCode).toBe(200);
      const seen = ZConnection.parse(url === "/whatsapp" ? (answer.json() as unknown[])[0] : answer.json());
      expect(seen.cloud).toEqual({ phoneNumberId: "1000000001", businessAccountId: "2000000002", webhookUrl: null, verifyToken: null, hasAccessToken: true, hasAppSecret: true });
      expect(answer.body).not.toContain(connection.cloud!.verifyToken!);
    }
  });

  it("answers cloud: null and statusReason: null for the other providers", async () => {
    const a = await createTenant(t.app, t.db);
    const response = await post(a, { name: "Simulado", provider: "simulator" });
    expect(response.json()).toMatchObject({ provider: "simulator", cloud: null });
  });

  it.each([
    ["without the access token", { provider: "cloud", cloud: cloudBody({ accessToken: undefined }) }, "/cloud/accessToken"],
    ["without the app secret", { provider: "cloud", cloud: cloudBody({ appSecret: undefined }) }, "/cloud/appSecret"],
    ["without its settings", { provider: "cloud" }, "/cloud"],
    ["with settings for another provider", { provider: "simulator", cloud: cloudBody() }, "/cloud"],
    ["with settings and no provider (beta)", { cloud: cloudBody() }, "/cloud"],
    ["with a phone number id that is not digits", { provider: "cloud", cloud: cloudBody({ phoneNumberId: "12a" }) }, "/cloud/phoneNumberId"],
    ["without the business account id", { provider: "cloud", cloud: cloudBody({ businessAccountId: undefined }) }, "/cloud/businessAccountId"],
    ["with an unknown field in the settings", { provider: "cloud", cloud: cloudBody({ webhookUrl: "https://x" }) }, "/cloud"],
    ["with a token that has spaces", { provider: "cloud", cloud: cloudBody({ accessToken: "a b" }) }, "/cloud/accessToken"],
  ])("answers 400 ERR_VALIDATION naming the field %s, and stores nothing", async (_case, payload, path) => {
    const a = await createTenant(t.app, t.db);
    const response = await post(a, { name: "Oficial", ...payload });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_VALIDATION", details: expect.arrayContaining([expect.objectContaining({ path })]) as unknown });
    expect(await t.db.select().from(connections).where(eq(connections.companyId, a.company.id))).toHaveLength(0);
    expect(fake.requests).toHaveLength(0);
  });

  it("counts cloud connections in the plan's connection limit", async () => {
    const a = await createTenant(t.app, t.db);
    await t.db.update(plans).set({ connections: 1 }).where(eq(plans.id, a.company.plan.id));
    await createCloud(a);
    const second = await post(a, { name: "Outra", provider: "simulator" });
    expect(second.statusCode).toBe(403);
    expect(second.json()).toMatchObject({ error: "ERR_CONNECTION_LIMIT" });
    const viaCloud = await post(a, { name: "Outra", provider: "cloud", cloud: cloudBody() });
    expect(viaCloud.json()).toMatchObject({ error: "ERR_CONNECTION_LIMIT" });
  });
});

describe("another company's cloud connection", () => {
  it("answers 404 ERR_NO_WAPP_FOUND to read, change, restart or delete it, and leaves it and Meta alone", async () => {
    const a = await createTenant(t.app, t.db);
    const b = await createTenant(t.app, t.db);
    const connection = await createCloud(a);
    const before = await rowOf(connection.id);
    fake.requests.length = 0;
    const attempts = [
      { method: "GET" as const, url: `/whatsapp/${connection.id}` },
      { method: "PUT" as const, url: `/whatsapp/${connection.id}`, payload: { name: "Tomada", cloud: cloudBody({ accessToken: "stolen-token" }) } },
      { method: "POST" as const, url: `/whatsappsession/${connection.id}` },
      { method: "DELETE" as const, url: `/whatsappsession/${connection.id}` },
      { method: "DELETE" as const, url: `/whatsapp/${connection.id}` },
    ];
    for (const attempt of attempts) {
      const response = await t.app.inject({ ...attempt, headers: bearer(b.adminToken) });
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(404);
      expect(response.json()).toMatchObject({ error: "ERR_NO_WAPP_FOUND" });
    }
    const listed = await t.app.inject({ method: "GET", url: "/whatsapp", headers: bearer(b.adminToken) });
    expect(listed.json()).toEqual([]);
    expect(await rowOf(connection.id)).toEqual(before);
    expect(fake.requests).toHaveLength(0);
  });
});

describe("starting a cloud connection", () => {
  it("reports DISCONNECTED with ERR_CLOUD_TOKEN_INVALID for a token Meta refuses, and CONNECTED once a right one is saved", async () => {
    const a = await createTenant(t.app, t.db);
    const connection = await createCloud(a, { accessToken: "wrong-token" });
    expect(connection).toMatchObject({ status: "DISCONNECTED", statusReason: "ERR_CLOUD_TOKEN_INVALID" });

    const fixed = await put(a, connection.id, { name: "Oficial", cloud: { phoneNumberId: "1000000001", businessAccountId: "2000000002", accessToken: TOKEN } });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json()).toMatchObject({ status: "CONNECTED", statusReason: null, number: "5511999990000" });
    const [, update] = [await auditOf(connection.id, "connection.create"), ...(await auditOf(connection.id, "connection.update"))];
    expect(update!.changes).toEqual({ accessToken: { before: "[redacted]", after: "[redacted]" } });
    await expectNoSecretsAnywhere(a, connection.id, [TOKEN, "wrong-token", APP_SECRET]);
  });

  it("reports DISCONNECTED with ERR_CLOUD_PHONE_NUMBER_NOT_FOUND for a phone number id Meta does not know", async () => {
    const a = await createTenant(t.app, t.db);
    const connection = await createCloud(a, { phoneNumberId: "999" });
    expect(connection).toMatchObject({ status: "DISCONNECTED", statusReason: "ERR_CLOUD_PHONE_NUMBER_NOT_FOUND" });
  });

  it("reports DISCONNECTED with ERR_CLOUD_UNREACHABLE when the Graph API cannot be reached", async () => {
    const a = await createTenant(t.app, t.db);
    const { connection } = await createCloudConnection(t.db, { companyId: a.company.id, dataEncryptionKey: testConfig().dataEncryptionKey });
    await fake.close();

    const started = await t.app.inject({ method: "POST", url: `/whatsappsession/${connection.id}`, headers: bearer(a.adminToken) });
    expect(started.statusCode).toBe(200);
    const shown = await t.app.inject({ method: "GET", url: `/whatsapp/${connection.id}`, headers: bearer(a.adminToken) });
    expect(shown.json()).toMatchObject({ status: "DISCONNECTED", statusReason: "ERR_CLOUD_UNREACHABLE" });
    fake = await startFakeGraph();
  });

  it("clears the reason when the admin disconnects the session", async () => {
    const a = await createTenant(t.app, t.db);
    const connection = await createCloud(a, { accessToken: "wrong-token" });
    expect(connection.statusReason).toBe("ERR_CLOUD_TOKEN_INVALID");
    await t.app.inject({ method: "DELETE", url: `/whatsappsession/${connection.id}`, headers: bearer(a.adminToken) });
    expect((await rowOf(connection.id)).statusReason).toBeNull();
  });
});

describe("PUT /whatsapp/:id of a cloud connection", () => {
  it("keeps the stored settings, token and secret when the body leaves them out, and does not check them again", async () => {
    const a = await createTenant(t.app, t.db);
    const connection = await createCloud(a);
    const before = await rowOf(connection.id);
    fake.requests.length = 0;

    const renamed = await put(a, connection.id, { name: "Oficial 2" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const ids = await put(a, connection.id, { name: "Oficial 2", cloud: { phoneNumberId: "1000000001", businessAccountId: "2000000002" } });
    expect(ids.statusCode, ids.body).toBe(200);

    const after = await rowOf(connection.id);
    expect(after).toMatchObject({
      name: "Oficial 2",
      cloudAccessToken: before.cloudAccessToken,
      cloudAppSecret: before.cloudAppSecret,
      cloudWebhookKey: before.cloudWebhookKey,
      cloudVerifyToken: before.cloudVerifyToken,
    });
    expect(fake.requests).toHaveLength(0);
    expect(ids.json()).toMatchObject({ status: "CONNECTED", cloud: connection.cloud });
  });

  it("checks the settings again when the phone number id changes", async () => {
    const a = await createTenant(t.app, t.db);
    const connection = await createCloud(a);
    const moved = await put(a, connection.id, { name: "Oficial", cloud: { phoneNumberId: "3000000003", businessAccountId: "2000000002" } });
    expect(moved.json()).toMatchObject({ status: "DISCONNECTED", statusReason: "ERR_CLOUD_PHONE_NUMBER_NOT_FOUND", cloud: { phoneNumberId: "3000000003" } });
    expect(fake.requests.at(-1)).toMatchObject({ method: "GET", path: "/3000000003" });
  });

  it("refuses turning a connection into a cloud one, or a cloud one into another provider, with 409 ERR_CLOUD_PROVIDER_CHANGE", async () => {
    const a = await createTenant(t.app, t.db);
    const cloud = await createCloud(a);
    const simulated = ZConnection.parse((await post(a, { name: "Simulado", provider: "simulator" })).json());

    const toCloud = await put(a, simulated.id, { name: "Simulado", provider: "cloud", cloud: cloudBody() });
    const fromCloud = await put(a, cloud.id, { name: "Oficial", provider: "simulator" });

    for (const response of [toCloud, fromCloud]) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ error: "ERR_CLOUD_PROVIDER_CHANGE" });
    }
    expect(await rowOf(simulated.id)).toMatchObject({ provider: "simulator", cloudWebhookKey: null });
    expect(await rowOf(cloud.id)).toMatchObject({ provider: "cloud" });
  });

  it("refuses cloud settings for a connection of another provider with 400 ERR_VALIDATION on /cloud", async () => {
    const a = await createTenant(t.app, t.db);
    const simulated = ZConnection.parse((await post(a, { name: "Simulado", provider: "simulator" })).json());
    const response = await put(a, simulated.id, { name: "Simulado", cloud: cloudBody() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_VALIDATION", details: [{ path: "/cloud" }] });
  });

  it("accepts a connection sent back as GET answered it, with cloud: null for another provider", async () => {
    const a = await createTenant(t.app, t.db);
    const simulated = (await post(a, { name: "Simulado", provider: "simulator" })).json() as Record<string, unknown>;
    const { queues: _queues, ...echoed } = simulated;
    const response = await put(a, simulated.id as number, { ...echoed, name: "Simulado 2" });
    expect(response.statusCode, response.body).toBe(200);
  });
});
