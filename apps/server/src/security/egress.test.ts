import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { type LocalServer, sendJson, startLocalServer } from "../../test/bot-servers.ts";
import { type TestApp, buildTestApp } from "../../test/build-test-app.ts";
import { attachFakeDriver, createConnectionRow, createQueue, eventually, inbound, linkQueues } from "../../test/engine-harness.ts";
import { bearer, createPlan, createTenant, loginAs } from "../../test/factories.ts";
import { companies, distributionLogs, messages, queueIntegrations, queues } from "../db/schema/index.ts";
import { parseEgressAllow } from "../lib/egress.ts";
import type { RouteEntry } from "../plugins/route-table.ts";
import { jsonSchemaOf } from "./route-requests.ts";

/**
 * The outbound sweep: every route that stores a URL the server later calls is fed every spelling of an
 * internal address, pointing at a canary HTTP server on 127.0.0.1; every one must be refused and the
 * canary must receive nothing. The stored-row paths (the integration test, the engine, a Typebot image)
 * are swept the same way.
 */

/** Names the test resolver knows; everything else does not resolve (as on a machine without DNS). */
const RESOLVED: Record<string, string[]> = { "evil.test": ["127.0.0.1"], "typebot.test": ["127.0.0.1"] };
const testLookup = async (hostname: string): Promise<string[]> => {
  const found = RESOLVED[hostname];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
  return found;
};

/** Every spelling of an internal address the sweep sends (the host part of a URL). */
const SPELLINGS = [
  "127.0.0.1",
  "127.1",
  "2130706433",
  "0x7f000001",
  "017700000001",
  "[::1]",
  "[::ffff:127.0.0.1]",
  "[::ffff:7f00:1]",
  "0.0.0.0",
  "169.254.169.254",
  "10.0.0.1",
  "172.16.0.1",
  "192.168.0.1",
  "100.64.0.1",
  "[fe80::1]",
  "[fc00::1]",
  "224.0.0.1",
  "metadata.google.internal",
  "evil.test",
];

type Json = Record<string, unknown>;
const ZJson = z.record(z.string(), z.unknown());
const asJson = (value: unknown): Json => ZJson.safeParse(value).data ?? {};

/** The string fields named like a URL (`url`, `baseUrl`, `urlN8N` …) anywhere in a JSON Schema. */
function urlFieldsOf(schema: Json | undefined, prefix = ""): string[] {
  if (!schema) return [];
  const options = [schema.anyOf, schema.oneOf, schema.allOf].flatMap((list) => (Array.isArray(list) ? list.map(asJson) : []));
  const fields = options.flatMap((option) => urlFieldsOf(option, prefix));
  if (schema.items) fields.push(...urlFieldsOf(asJson(schema.items), `${prefix}[]`));
  for (const [key, child] of Object.entries(asJson(schema.properties))) {
    const node = asJson(child);
    const isString = (n: Json): boolean => n.type === "string" || [n.anyOf, n.oneOf].some((list) => Array.isArray(list) && list.map(asJson).some(isString));
    if (/url/i.test(key) && isString(node)) fields.push(`${prefix}${key}`);
    fields.push(...urlFieldsOf(node, `${prefix}${key}.`));
  }
  return [...new Set(fields)];
}

const urlPlacesOf = (route: RouteEntry) => [
  ...urlFieldsOf(jsonSchemaOf(route.body)).map((field) => `${route.method} ${route.url} body.${field}`),
  ...urlFieldsOf(jsonSchemaOf(route.querystring)).map((field) => `${route.method} ${route.url} query.${field}`),
];

/** URL-named fields the server never calls, each with why; any other URL field must be in SWEPT. */
const NOT_CALLED: Record<string, string> = {};

let t: TestApp;
let canary: LocalServer;
let typebot: LocalServer;
let a: Awaited<ReturnType<typeof createTenant>>;
let b: Awaited<ReturnType<typeof createTenant>>;
let queueId: number;
let promptId: number;
let integrationId: number;
let requestsSent = 0;

const urlOf = (host: string) => `http://${host}:${new URL(canary.url).port}/canary`;

beforeAll(async () => {
  canary = await startLocalServer((_req, res) => sendJson(res, { reply: "CANARY-ANSWER" }));
  typebot = await startLocalServer((req, res) => {
    if (req.path.endsWith("/startChat")) {
      return sendJson(res, {
        sessionId: "s1",
        messages: [
          { type: "text", content: { markdown: "Veja nosso logo" } },
          { type: "image", content: { url: `${urlOf("127.0.0.1")}/logo.png` } },
        ],
        input: { type: "text input" },
      });
    }
    sendJson(res, { messages: [], input: { type: "text input" } });
  });
  // The provider allows one internal name (its Typebot): nothing else internal is reachable.
  t = await buildTestApp({ egressAllow: parseEgressAllow("typebot.test"), botTimeoutMs: 3000 }, { start: true, egressLookup: testLookup });
  a = await createTenant(t.app, t.db);
  b = await createTenant(t.app, t.db);
  queueId = (await createQueue(t.db, a.company.id, { name: "Vendas" })).id;
  const prompt = await t.app.inject({ method: "POST", url: "/prompt", headers: bearer(a.adminToken), payload: { name: "P", prompt: "x", queueId } });
  expect(prompt.statusCode, prompt.body).toBe(200);
  promptId = prompt.json().id;
  const integration = await t.app.inject({ method: "POST", url: "/queueIntegration", headers: bearer(a.adminToken), payload: { type: "webhook", name: "Hook", urlN8N: "https://hooks.example.com/in" } });
  expect(integration.statusCode, integration.body).toBe(200);
  integrationId = integration.json().id;
}, 60_000);

afterAll(async () => {
  await t.close();
  await canary.close();
  await typebot.close();
  console.log(`outbound sweep: ${requestsSent} requests, ${SPELLINGS.length} spellings, canary hits ${canary.requests.length}`);
});

/** How each URL-storing route is sent a URL, by its URL field. */
const SWEPT: Record<string, (url: string) => { method: "POST" | "PUT"; url: string; payload: object }[]> = {
  "POST /prompt body.baseUrl": (url) => [{ method: "POST", url: "/prompt", payload: { name: "P", prompt: "x", queueId, baseUrl: url } }],
  "PUT /prompt/:id body.baseUrl": (url) => [{ method: "PUT", url: `/prompt/${promptId}`, payload: { name: "P", prompt: "x", queueId, baseUrl: url } }],
  "POST /queueIntegration body.urlN8N": (url) =>
    ["webhook", "n8n", "typebot"].map((type) => ({ method: "POST" as const, url: "/queueIntegration", payload: { type, name: "Hook", urlN8N: url, typebotSlug: "loja" } })),
  "PUT /queueIntegration/:id body.urlN8N": (url) =>
    ["webhook", "n8n", "typebot"].map((type) => ({ method: "PUT" as const, url: `/queueIntegration/${integrationId}`, payload: { type, name: "Hook", urlN8N: url, typebotSlug: "loja" } })),
};

describe("the outbound sweep", () => {
  it("knows every route that takes a URL: each is swept or named as one the server never calls", () => {
    const places = t.app.routeTable.flatMap(urlPlacesOf).sort();
    expect(places).toEqual([...Object.keys(SWEPT), ...Object.keys(NOT_CALLED)].sort());
  });

  it("refuses every spelling of an internal address on every route that stores a URL, and the canary hears nothing", async () => {
    const rows = (await t.db.select().from(queueIntegrations).where(eq(queueIntegrations.companyId, a.company.id))).length;
    for (const [place, requestsOf] of Object.entries(SWEPT)) {
      const field = place.split("body.")[1]!;
      for (const host of SPELLINGS) {
        for (const request of requestsOf(urlOf(host))) {
          const response = await t.app.inject({ ...request, headers: bearer(a.adminToken) });
          requestsSent += 1;
          expect([place, host, response.statusCode]).toEqual([place, host, 400]);
          expect(response.json()).toMatchObject({ error: "ERR_URL_NOT_ALLOWED", details: { field, reason: expect.any(String) } });
        }
      }
    }
    expect((await t.db.select().from(queueIntegrations).where(eq(queueIntegrations.companyId, a.company.id))).length).toBe(rows);
    expect(canary.requests).toHaveLength(0);
  });

  it("names why: loopback, private, link-local, metadata, multicast, unspecified, not-http", async () => {
    const reasons: [string, string][] = [
      ["http://127.1/", "loopback"],
      ["http://[fc00::1]/", "private"],
      ["http://[fe80::1]/", "link-local"],
      ["http://169.254.169.254/latest/meta-data/", "metadata"],
      ["http://metadata.google.internal/", "metadata"],
      ["http://224.0.0.1/", "multicast"],
      ["http://0.0.0.0/", "unspecified"],
    ];
    for (const [url, reason] of reasons) {
      const response = await t.app.inject({ method: "POST", url: "/prompt", headers: bearer(a.adminToken), payload: { name: "P", prompt: "x", queueId, baseUrl: url } });
      requestsSent += 1;
      expect(response.json()).toMatchObject({ error: "ERR_URL_NOT_ALLOWED", details: { field: "baseUrl", reason } });
    }
    // A public name that does not resolve here is accepted (the connect-time check still holds).
    const accepted = await t.app.inject({ method: "POST", url: "/prompt", headers: bearer(a.adminToken), payload: { name: "P", prompt: "x", queueId, baseUrl: "https://models.example.com/v1" } });
    requestsSent += 1;
    expect(accepted.statusCode).toBe(200);
  });

  it("refuses at connect time the integrations already stored with such a URL: the test answers only 'refused'", async () => {
    for (const [tenant, type] of [
      [a, "webhook"],
      [b, "typebot"],
    ] as const) {
      for (const host of SPELLINGS) {
        // Inserted directly, as a row stored before the policy existed would be.
        const [row] = await t.db
          .insert(queueIntegrations)
          .values({ companyId: tenant.company.id, type, name: "Antiga", urlN8N: urlOf(host), typebotSlug: "loja", secretSealed: t.platform.engine.deps.bots.box.seal("whsec_old") })
          .returning();
        const response = await t.app.inject({ method: "POST", url: "/queueIntegration/testSession", headers: bearer(tenant.adminToken), payload: { integrationId: row!.id } });
        requestsSent += 1;
        expect([type, host, response.json()]).toEqual([type, host, { answers: [], handover: false, error: "refused" }]);
      }
    }
    expect(canary.requests).toHaveLength(0);
  });

  it("never reaches the canary from the engine: a stored webhook hands over with a log free of connection detail, a Typebot image on it is not fetched", async () => {
    const connection = await createConnectionRow(t.db, a.company.id, { greetingMessage: "Olá! Escolha um setor:" });
    const driver = await attachFakeDriver(t, connection);
    const hookQueue = await createQueue(t.db, a.company.id, { name: "Suporte", orderQueue: 1 });
    const botQueue = await createQueue(t.db, a.company.id, { name: "Loja", orderQueue: 2 });
    await linkQueues(t.db, a.company.id, connection.id, [hookQueue.id, botQueue.id]);
    const [hook] = await t.db
      .insert(queueIntegrations)
      .values({ companyId: a.company.id, type: "webhook", name: "Antiga", urlN8N: urlOf("127.0.0.1"), secretSealed: t.platform.engine.deps.bots.box.seal("whsec_old") })
      .returning();
    const [bot] = await t.db.insert(queueIntegrations).values({ companyId: a.company.id, type: "typebot", name: "Loja", urlN8N: `http://typebot.test:${new URL(typebot.url).port}`, typebotSlug: "loja", typebotDelayMessage: 0 }).returning();
    await t.db.update(queues).set({ integrationId: hook!.id }).where(eq(queues.id, hookQueue.id));
    await t.db.update(queues).set({ integrationId: bot!.id }).where(eq(queues.id, botQueue.id));
    const engine = t.platform.engine;

    await engine.handleInbound(inbound(connection, "5511977770001", "Oi"));
    await eventually(() => driver.bodies(), (sent) => sent.length >= 1);
    await engine.handleInbound(inbound(connection, "5511977770001", "1"));
    const logs = await eventually(
      () => t.db.select().from(distributionLogs).where(and(eq(distributionLogs.companyId, a.company.id), eq(distributionLogs.strategy, "bot-handover"))),
      (rows) => rows.length >= 1,
    );
    expect(logs[0]!.message).toBe("integration webhook: refused by the outbound policy");
    expect(logs[0]!.message).not.toMatch(/127\.0\.0\.1|ECONN|\d{4,5}/);

    // The Typebot (an allowed name) answers a text and an image that lives on the canary.
    await engine.handleInbound(inbound(connection, "5511977770002", "Oi"));
    await eventually(() => driver.bodies(), (sent) => sent.length >= 3);
    await engine.handleInbound(inbound(connection, "5511977770002", "2"));
    const imageUrl = `${urlOf("127.0.0.1")}/logo.png`;
    await eventually(() => driver.bodies(), (sent) => sent.includes(imageUrl));
    expect(typebot.requests.length).toBeGreaterThan(0);
    expect(driver.bodies()).toContain("Veja nosso logo");
    const media = await t.db.select({ id: messages.id, mediaUrl: messages.mediaUrl }).from(messages).where(eq(messages.companyId, a.company.id));
    expect(media.filter((m) => m.mediaUrl !== null)).toEqual([]);
    expect(canary.requests).toHaveLength(0);
  }, 60_000);
});

describe("EGRESS_ALLOW and public sign-up", () => {
  it("applies the provider's exceptions to the companies it created, never to a company that signed itself up", async () => {
    const local = await buildTestApp({ egressAllow: parseEgressAllow("127.0.0.1") });
    const target = await startLocalServer((_req, res) => sendJson(res, { reply: "alcançado" }));
    try {
      const plan = await createPlan(local.db);
      const signup = await local.app.inject({
        method: "POST",
        url: "/companies/cadastro",
        remoteAddress: "203.0.113.77",
        payload: { name: "Visitante", email: "visitante@example.com", password: "Senha-forte-1", phone: "(11) 98765-4321", planId: plan.id },
      });
      expect(signup.statusCode, signup.body).toBe(200);
      const [signedUp] = await local.db.select().from(companies).where(eq(companies.id, signup.json().id));
      expect(signedUp!.signedUp).toBe(true);
      const visitor = (await loginAs(local.app, "visitante@example.com", "Senha-forte-1")).token;
      const refused = await local.app.inject({ method: "POST", url: "/queueIntegration", headers: bearer(visitor), payload: { type: "webhook", name: "Hook", urlN8N: `${target.url}/in` } });
      expect(refused.json()).toMatchObject({ error: "ERR_URL_NOT_ALLOWED", details: { field: "urlN8N", reason: "loopback" } });
      const [stored] = await local.db.insert(queueIntegrations).values({ companyId: signedUp!.id, type: "webhook", name: "Antiga", urlN8N: `${target.url}/in`, secretSealed: local.platform.engine.deps.bots.box.seal("s") }).returning();
      const tested = await local.app.inject({ method: "POST", url: "/queueIntegration/testSession", headers: bearer(visitor), payload: { integrationId: stored!.id } });
      expect(tested.json()).toEqual({ answers: [], handover: false, error: "refused" });
      expect(target.requests).toHaveLength(0);

      const provided = await createTenant(local.app, local.db);
      const saved = await local.app.inject({ method: "POST", url: "/queueIntegration", headers: bearer(provided.adminToken), payload: { type: "webhook", name: "Hook", urlN8N: `${target.url}/in` } });
      expect(saved.statusCode, saved.body).toBe(200);
      const reached = await local.app.inject({ method: "POST", url: "/queueIntegration/testSession", headers: bearer(provided.adminToken), payload: { integrationId: saved.json().id } });
      expect(reached.json()).toEqual({ answers: ["alcançado"], handover: false, error: null });
      expect(target.requests).toHaveLength(1);
    } finally {
      await local.close();
      await target.close();
    }
  });
});
