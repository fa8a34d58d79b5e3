import { and, asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { type LocalServer, sendJson, startLocalServer } from "../../../test/bot-servers.ts";
import { createQueue } from "../../../test/engine-harness.ts";
import { bearer, createTenant, createUser, loginAs } from "../../../test/factories.ts";
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, signatureOf } from "../../bots/integrations.ts";
import { auditLogs, prompts, queueIntegrations, queues } from "../../db/schema/index.ts";
import { parseEgressAllow } from "../../lib/egress.ts";

let t: TestApp;
beforeEach(async () => {
  // The local integration servers of these tests listen on 127.0.0.1: the installation allows it.
  t = await buildTestApp({ egressAllow: parseEgressAllow("127.0.0.1") });
});
afterEach(async () => {
  await t.close();
});

const promptBody = (queueId: number, extra: object = {}) => ({ name: "Vendedor", prompt: "Você é um vendedor cordial.", queueId, apiKey: "sk-proj-abcdefgh12345678", ...extra });

describe("/prompt", () => {
  it("creates with the defaults, seals the API key and answers only its last 4 characters", async () => {
    const a = await createTenant(t.app, t.db);
    const queue = await createQueue(t.db, a.company.id, { name: "Vendas" });
    const created = await t.app.inject({ method: "POST", url: "/prompt", headers: bearer(a.adminToken), payload: promptBody(queue.id) });
    expect(created.statusCode).toBe(200);
    const prompt = created.json();
    expect(prompt).toMatchObject({ name: "Vendedor", queueId: queue.id, queue: { id: queue.id, name: "Vendas" }, maxTokens: 100, temperature: 1, maxMessages: 10, voice: "texto", apiKey: "••••5678", voiceKey: null });
    expect(created.body).not.toContain("abcdefgh");
    const [row] = await t.db.select().from(prompts).where(eq(prompts.id, prompt.id));
    expect(row!.apiKeySealed).not.toContain("abcdefgh");
    expect(t.platform.engine.deps.bots.box.open(row!.apiKeySealed!)).toBe("sk-proj-abcdefgh12345678");

    const listed = await t.app.inject({ method: "GET", url: "/prompt", headers: bearer(a.adminToken) });
    expect(listed.json()).toMatchObject({ prompts: [{ id: prompt.id, apiKey: "••••5678" }], count: 1, hasMore: false });
    expect(listed.body).not.toContain("abcdefgh");
  });

  it("keeps the key when the update sends it masked or leaves it out, replaces it when a new one is sent, removes it with null", async () => {
    const a = await createTenant(t.app, t.db);
    const queue = await createQueue(t.db, a.company.id, { name: "Vendas" });
    const { id } = (await t.app.inject({ method: "POST", url: "/prompt", headers: bearer(a.adminToken), payload: promptBody(queue.id) })).json();
    const put = (extra: object) => t.app.inject({ method: "PUT", url: `/prompt/${id}`, headers: bearer(a.adminToken), payload: { ...promptBody(queue.id), ...extra } });
    expect((await put({ apiKey: "••••5678", maxTokens: 300 })).json()).toMatchObject({ apiKey: "••••5678", maxTokens: 300 });
    const { apiKey: _omitted, ...withoutKey } = promptBody(queue.id);
    expect((await t.app.inject({ method: "PUT", url: `/prompt/${id}`, headers: bearer(a.adminToken), payload: withoutKey })).json()).toMatchObject({ apiKey: "••••5678" });
    expect((await put({ apiKey: "sk-new-key-000099990000" })).json()).toMatchObject({ apiKey: "••••0000" });
    expect((await put({ apiKey: null })).json()).toMatchObject({ apiKey: null });
  });

  it("refuses to carry a stored key to another address: the key is typed again, or removed with null", async () => {
    const a = await createTenant(t.app, t.db);
    const queue = await createQueue(t.db, a.company.id, { name: "Vendas" });
    const first = { ...promptBody(queue.id), baseUrl: "http://127.0.0.1:11434/v1", voice: "pt-BR-AntonioNeural", voiceKey: "speech-key-4321", voiceRegion: "brazilsouth" };
    const { id } = (await t.app.inject({ method: "POST", url: "/prompt", headers: bearer(a.adminToken), payload: first })).json();
    const stored = async () => (await t.db.select().from(prompts).where(eq(prompts.id, id)))[0]!;
    const before = await stored();
    const put = (extra: object) => t.app.inject({ method: "PUT", url: `/prompt/${id}`, headers: bearer(a.adminToken), payload: { ...first, apiKey: "••••5678", voiceKey: "••••4321", ...extra } });
    const { apiKey: _apiKey, voiceKey: _voiceKey, ...keyless } = first;
    const refusals = [
      put({ baseUrl: "http://127.0.0.1:11435/v1" }), // another port
      put({ baseUrl: "https://127.0.0.1:11434/v1" }), // another scheme
      put({ baseUrl: "http://model.example.com:11434/v1", apiKey: "" }), // another host, the key empty
      put({ baseUrl: null }), // the installation's OPENAI_BASE_URL
      t.app.inject({ method: "PUT", url: `/prompt/${id}`, headers: bearer(a.adminToken), payload: { ...keyless, baseUrl: "http://127.0.0.1:11435/v1" } }), // keys left out
    ];
    for (const response of await Promise.all(refusals)) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: "ERR_PROMPT_KEY_REQUIRED", details: [{ in: "body", path: "/apiKey" }] });
    }
    const otherRegion = await put({ voiceRegion: "eastus" });
    expect(otherRegion.json()).toMatchObject({ error: "ERR_PROMPT_KEY_REQUIRED", details: [{ path: "/voiceKey" }] });
    expect((await put({ baseUrl: "", voiceRegion: "eastus" })).json().details.map((d: { path: string }) => d.path)).toEqual(["/apiKey", "/voiceKey"]);
    expect(await stored()).toEqual(before);

    // The same origin (another path, a trailing slash, the region's case) keeps the keys.
    expect((await put({ baseUrl: "http://127.0.0.1:11434/v1/", voiceRegion: "BrazilSouth" })).json()).toMatchObject({ apiKey: "••••5678", voiceKey: "••••4321" });
    // A new key goes with the new address; null removes the key and moves nothing.
    expect((await put({ baseUrl: "http://127.0.0.1:11435/v1", apiKey: "sk-second-server-key-2222" })).json()).toMatchObject({ baseUrl: "http://127.0.0.1:11435/v1", apiKey: "••••2222" });
    expect((await put({ baseUrl: null, apiKey: null, voiceRegion: "eastus", voiceKey: "speech-key-east-7777" })).json()).toMatchObject({ baseUrl: null, apiKey: null, voiceRegion: "eastus", voiceKey: "••••7777" });
    // Without a stored key nothing travels: any address is taken.
    expect((await put({ baseUrl: "http://127.0.0.1:11436/v1", apiKey: "", voiceRegion: "eastus" })).json()).toMatchObject({ baseUrl: "http://127.0.0.1:11436/v1", apiKey: null });
  });

  it("records a change in the audit log: the changed fields, and only the fact that the key changed", async () => {
    const a = await createTenant(t.app, t.db);
    const queue = await createQueue(t.db, a.company.id, { name: "Vendas" });
    const { id } = (await t.app.inject({ method: "POST", url: "/prompt", headers: bearer(a.adminToken), payload: promptBody(queue.id) })).json();
    const put = await t.app.inject({ method: "PUT", url: `/prompt/${id}`, headers: bearer(a.adminToken), payload: promptBody(queue.id, { maxMessages: 20, apiKey: "sk-new-key-000099990000" }) });
    expect(put.statusCode).toBe(200);
    const entries = await t.db.select().from(auditLogs).where(and(eq(auditLogs.targetType, "prompt"), eq(auditLogs.targetId, String(id)))).orderBy(asc(auditLogs.id));
    expect(entries.map((entry) => entry.action)).toEqual(["prompt.create", "prompt.update"]);
    expect(entries[1]!.changes).toEqual({ maxMessages: { before: 10, after: 20 }, apiKey: { before: "[redacted]", after: "[redacted]" } });
    const [row] = await t.db.select().from(prompts).where(eq(prompts.id, id));
    for (const entry of entries) {
      const text = JSON.stringify(entry.changes);
      for (const secret of ["abcdefgh", "00009999", row!.apiKeySealed!]) expect(text).not.toContain(secret);
    }
  });

  it("requires a queue of the company, refuses unknown voices and fields", async () => {
    const a = await createTenant(t.app, t.db);
    const b = await createTenant(t.app, t.db);
    const foreign = await createQueue(t.db, b.company.id, { name: "Outra" });
    const post = (payload: object) => t.app.inject({ method: "POST", url: "/prompt", headers: bearer(a.adminToken), payload });
    const withoutQueue = await post({ name: "Sem setor", prompt: "x" });
    expect(withoutQueue.statusCode).toBe(400);
    expect(withoutQueue.json()).toMatchObject({ error: "ERR_VALIDATION" });
    expect((await post(promptBody(foreign.id))).json()).toMatchObject({ error: "ERR_NO_QUEUE_FOUND", message: "Informe o setor" });
    const queue = await createQueue(t.db, a.company.id, { name: "Vendas" });
    expect((await post(promptBody(queue.id, { voice: "en-US-JennyNeural" }))).statusCode).toBe(400);
    expect((await post(promptBody(queue.id, { voice: "pt-BR-AntonioNeural", voiceKey: "speech-key-4321", voiceRegion: "brazilsouth" }))).json()).toMatchObject({ voice: "pt-BR-AntonioNeural", voiceKey: "••••4321" });
    expect((await post(promptBody(queue.id, { secret: 1 }))).statusCode).toBe(400);
    expect(await t.db.select().from(prompts).where(eq(prompts.companyId, b.company.id))).toHaveLength(0);
  });

  it("is for admins only; deleting answers a message and frees the queues that used it", async () => {
    const a = await createTenant(t.app, t.db);
    const queue = await createQueue(t.db, a.company.id, { name: "Vendas" });
    const { id } = (await t.app.inject({ method: "POST", url: "/prompt", headers: bearer(a.adminToken), payload: promptBody(queue.id) })).json();
    const linked = await t.app.inject({ method: "PUT", url: `/queue/${queue.id}`, headers: bearer(a.adminToken), payload: { name: "Vendas", color: queue.color, promptId: id } });
    expect(linked.json()).toMatchObject({ promptId: id });
    const agent = await createUser(t.db, { companyId: a.company.id, profile: "user", email: "agent-prompt@example.com" });
    const agentToken = (await loginAs(t.app, agent.email)).token;
    for (const [method, url] of [["GET", "/prompt"], ["GET", `/prompt/${id}`], ["DELETE", `/prompt/${id}`]] as const) {
      expect((await t.app.inject({ method, url, headers: bearer(agentToken) })).json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    }
    const deleted = await t.app.inject({ method: "DELETE", url: `/prompt/${id}`, headers: bearer(a.adminToken) });
    expect(deleted.json()).toEqual({ message: "Prompt deleted" });
    expect((await t.db.select().from(queues).where(eq(queues.id, queue.id)))[0]!.promptId).toBeNull();
    expect((await t.app.inject({ method: "GET", url: `/prompt/${id}`, headers: bearer(a.adminToken) })).json()).toMatchObject({ error: "ERR_NO_PROMPT_FOUND" });
  });
});

describe("/queueIntegration", () => {
  let hook: LocalServer | undefined;
  afterEach(async () => {
    await hook?.close();
    hook = undefined;
  });

  it("creates a webhook with a signing secret shown once, and test-session runs one signed exchange", async () => {
    const a = await createTenant(t.app, t.db);
    let secret = "";
    hook = await startLocalServer((req, res) => {
      const ts = String(req.headers[TIMESTAMP_HEADER]);
      if (req.headers[SIGNATURE_HEADER] !== signatureOf(secret, ts, req.body.toString())) return sendJson(res, {}, 401);
      sendJson(res, { reply: `Recebi: ${(req.json as { message: { body: string } }).message.body}` });
    });
    const created = await t.app.inject({ method: "POST", url: "/queueIntegration", headers: bearer(a.adminToken), payload: { type: "webhook", name: "Meu CRM", urlN8N: `${hook.url}/in` } });
    expect(created.statusCode).toBe(200);
    const integration = created.json();
    expect(integration).toMatchObject({ type: "webhook", name: "Meu CRM", hasSecret: true, secret: expect.stringMatching(/^whsec_/) });
    secret = integration.secret;
    const [row] = await t.db.select().from(queueIntegrations).where(eq(queueIntegrations.id, integration.id));
    expect(row!.secretSealed).not.toContain(secret);
    const shown = await t.app.inject({ method: "GET", url: `/queueIntegration/${integration.id}`, headers: bearer(a.adminToken) });
    expect(shown.json().secret).toBeUndefined();
    expect(shown.body).not.toContain(secret);

    const tested = await t.app.inject({ method: "POST", url: "/queueIntegration/testSession", headers: bearer(a.adminToken), payload: { integrationId: integration.id, message: "olá" } });
    expect(tested.json()).toEqual({ answers: ["Recebi: olá"], handover: false, error: null });

    const renewed = await t.app.inject({ method: "PUT", url: `/queueIntegration/${integration.id}`, headers: bearer(a.adminToken), payload: { type: "webhook", name: "Meu CRM", urlN8N: `${hook.url}/in`, renewSecret: true } });
    expect(renewed.json().secret).not.toBe(secret);
    const stale = await t.app.inject({ method: "POST", url: "/queueIntegration/testSession", headers: bearer(a.adminToken), payload: { integrationId: integration.id } });
    expect(stale.json()).toEqual({ answers: [], handover: false, error: "no-answer" });
  });

  it("renews the signing secret when the webhook moves to another origin, so that nothing signed with the old one reaches it", async () => {
    const a = await createTenant(t.app, t.db);
    const signedBy = (server: LocalServer) => server.requests.map((req) => ({ ts: String(req.headers[TIMESTAMP_HEADER]), signature: req.headers[SIGNATURE_HEADER], body: req.body.toString() }));
    hook = await startLocalServer((_req, res) => sendJson(res, { reply: "ok" }));
    const second = await startLocalServer((_req, res) => sendJson(res, { reply: "ok" }));
    try {
      const put = (payload: object) => t.app.inject({ method: "PUT", url: `/queueIntegration/${created.id}`, headers: bearer(a.adminToken), payload: { name: "Meu CRM", ...payload } });
      const created = (await t.app.inject({ method: "POST", url: "/queueIntegration", headers: bearer(a.adminToken), payload: { type: "webhook", name: "Meu CRM", urlN8N: `${hook.url}/in` } })).json();
      const oldSecret: string = created.secret;

      // Another path on the same origin keeps the secret (and answers none).
      const samePlace = await put({ type: "webhook", urlN8N: `${hook.url}/other` });
      expect(samePlace.json()).toMatchObject({ hasSecret: true });
      expect(samePlace.json().secret).toBeUndefined();

      const moved = await put({ type: "n8n", urlN8N: `${second.url}/in` });
      expect(moved.statusCode).toBe(200);
      const newSecret: string | undefined = moved.json().secret;
      expect(newSecret).toMatch(/^whsec_/);
      expect(newSecret).not.toBe(oldSecret);
      const tested = await t.app.inject({ method: "POST", url: "/queueIntegration/testSession", headers: bearer(a.adminToken), payload: { integrationId: created.id, message: "olá" } });
      expect(tested.json()).toMatchObject({ answers: ["ok"], error: null });
      const received = signedBy(second);
      expect(received).toHaveLength(1);
      for (const { ts, signature, body } of received) {
        expect(signature).not.toBe(signatureOf(oldSecret, ts, body));
        expect(signature).toBe(signatureOf(newSecret!, ts, body));
      }

      // A type that signs nothing, moved elsewhere, drops the secret; back to a webhook, a new one is made.
      const typebot = await put({ type: "typebot", urlN8N: hook.url, typebotSlug: "loja" });
      expect(typebot.json()).toMatchObject({ hasSecret: false });
      const back = await put({ type: "webhook", urlN8N: `${hook.url}/in` });
      expect(back.json().secret).toMatch(/^whsec_/);
      expect([oldSecret, newSecret]).not.toContain(back.json().secret);
    } finally {
      await second.close();
    }
  });

  it("validates names 2–50 and the fields each type needs; never answers the service-account JSON", async () => {
    const a = await createTenant(t.app, t.db);
    const post = (payload: object) => t.app.inject({ method: "POST", url: "/queueIntegration", headers: bearer(a.adminToken), payload });
    expect((await post({ type: "n8n", name: "x", urlN8N: "https://n8n.example.com/hook" })).statusCode).toBe(400);
    expect((await post({ type: "n8n", name: "y".repeat(51), urlN8N: "https://n8n.example.com/hook" })).statusCode).toBe(400);
    expect((await post({ type: "typebot", name: "Bot", urlN8N: "https://typebot.example.com" })).json()).toMatchObject({ error: "ERR_VALIDATION", details: [{ path: "/typebotSlug" }] });
    const typebot = await post({ type: "typebot", name: "Bot", urlN8N: "https://typebot.example.com", typebotSlug: "loja" });
    expect(typebot.json()).toMatchObject({ typebotExpires: 1, typebotDelayMessage: 1000, hasSecret: false });
    expect((await post({ type: "dialogflow", name: "DF", projectName: "p", jsonContent: "{}" })).json()).toMatchObject({ error: "ERR_INTEGRATION_INVALID_CREDENTIALS" });
    const json = JSON.stringify({ client_email: "bot@p.iam.gserviceaccount.com", private_key: "-----BEGIN PRIVATE KEY-----\nAAAA-PRIVATE-MATERIAL\n-----END PRIVATE KEY-----" });
    const dialogflow = await post({ type: "dialogflow", name: "DF", projectName: "p", jsonContent: json, language: "en" });
    expect(dialogflow.json()).toMatchObject({ jsonContent: "", jsonClientEmail: "bot@p.iam.gserviceaccount.com", language: "en" });
    const list = await t.app.inject({ method: "GET", url: "/queueIntegration", headers: bearer(a.adminToken) });
    expect(list.json()).toMatchObject({ count: 2, hasMore: false });
    expect(list.body).not.toContain("PRIVATE-MATERIAL");
    // An update without the JSON keeps the stored credentials.
    const kept = await t.app.inject({ method: "PUT", url: `/queueIntegration/${dialogflow.json().id}`, headers: bearer(a.adminToken), payload: { type: "dialogflow", name: "DF 2", projectName: "p" } });
    expect(kept.json()).toMatchObject({ name: "DF 2", jsonClientEmail: "bot@p.iam.gserviceaccount.com" });

    // The audit log tells that the credentials were set, never what they hold.
    const entries = await t.db.select().from(auditLogs).where(and(eq(auditLogs.targetType, "integration"), eq(auditLogs.targetId, String(dialogflow.json().id)))).orderBy(asc(auditLogs.id));
    expect(entries.map((entry) => entry.action)).toEqual(["integration.create", "integration.update"]);
    expect(entries[0]!.changes).toMatchObject({ jsonContent: { before: null, after: "[redacted]" } });
    expect(entries[1]!.changes).toEqual({ name: { before: "DF", after: "DF 2" }, language: { before: "en", after: "pt-BR" } });
    for (const entry of entries) expect(JSON.stringify(entry.changes)).not.toContain("PRIVATE-MATERIAL");
  });
});

describe("the prompt's Setor", () => {
  it("makes the prompt its queue's bot, and a queue the prompt leaves stops using it", async () => {
    const a = await createTenant(t.app, t.db);
    const vendas = await createQueue(t.db, a.company.id, { name: "Vendas" });
    const suporte = await createQueue(t.db, a.company.id, { name: "Suporte" });
    const promptOf = async (queueId: number) => (await t.db.select({ promptId: queues.promptId }).from(queues).where(eq(queues.id, queueId)))[0]!.promptId;

    const { id } = (await t.app.inject({ method: "POST", url: "/prompt", headers: bearer(a.adminToken), payload: promptBody(vendas.id) })).json();
    expect([await promptOf(vendas.id), await promptOf(suporte.id)]).toEqual([id, null]);

    const moved = await t.app.inject({ method: "PUT", url: `/prompt/${id}`, headers: bearer(a.adminToken), payload: promptBody(suporte.id) });
    expect(moved.statusCode).toBe(200);
    expect([await promptOf(vendas.id), await promptOf(suporte.id)]).toEqual([null, id]);
  });

  it("leaves another company's queue as it was (404) and a queue another prompt took over", async () => {
    const a = await createTenant(t.app, t.db);
    const b = await createTenant(t.app, t.db);
    const vendas = await createQueue(t.db, a.company.id, { name: "Vendas" });
    const suporte = await createQueue(t.db, a.company.id, { name: "Suporte" });
    const foreign = await createQueue(t.db, b.company.id, { name: "Alheia" });
    const first = (await t.app.inject({ method: "POST", url: "/prompt", headers: bearer(a.adminToken), payload: promptBody(vendas.id) })).json();
    const second = (await t.app.inject({ method: "POST", url: "/prompt", headers: bearer(a.adminToken), payload: { ...promptBody(vendas.id), name: "Outro" } })).json();
    // The first prompt moves on: Vendas keeps the second, which took it over.
    await t.app.inject({ method: "PUT", url: `/prompt/${first.id}`, headers: bearer(a.adminToken), payload: promptBody(suporte.id) });
    const promptOf = async (queueId: number) => (await t.db.select({ promptId: queues.promptId }).from(queues).where(eq(queues.id, queueId)))[0]!.promptId;
    expect([await promptOf(vendas.id), await promptOf(suporte.id)]).toEqual([second.id, first.id]);

    const refused = await t.app.inject({ method: "PUT", url: `/prompt/${first.id}`, headers: bearer(a.adminToken), payload: promptBody(foreign.id) });
    expect([refused.statusCode, refused.json().error]).toEqual([404, "ERR_NO_QUEUE_FOUND"]);
    expect([await promptOf(foreign.id), await promptOf(suporte.id)]).toEqual([null, first.id]);
  });
});

describe("POST /prompt/:id/test", () => {
  let model: LocalServer;
  afterEach(async () => {
    await model.close();
  });

  it("answers the model's reply, asked as the engine asks it: the prompt as system message, its model, limits and key", async () => {
    model = await startLocalServer((_request, response) => sendJson(response, { choices: [{ message: { content: "Olá! Temos o plano Pro." }, finish_reason: "stop" }] }));
    const a = await createTenant(t.app, t.db);
    const queue = await createQueue(t.db, a.company.id, { name: "Vendas" });
    const { id } = (await t.app.inject({ method: "POST", url: "/prompt", headers: bearer(a.adminToken), payload: promptBody(queue.id, { baseUrl: `${model.url}/v1`, model: "gpt-test", maxTokens: 120, temperature: 0.5 }) })).json();

    const response = await t.app.inject({ method: "POST", url: `/prompt/${id}/test`, headers: bearer(a.adminToken), payload: { message: "Quais planos vocês têm?" } });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ answer: "Olá! Temos o plano Pro.", error: null });
    expect(model.requests).toHaveLength(1);
    expect(model.requests[0]!.path).toBe("/v1/chat/completions");
    expect(model.requests[0]!.headers.authorization).toBe("Bearer sk-proj-abcdefgh12345678");
    expect(model.requests[0]!.json).toEqual({
      model: "gpt-test",
      max_tokens: 120,
      temperature: 0.5,
      messages: [
        { role: "system", content: "Você é um vendedor cordial." },
        { role: "user", content: "Quais planos vocês têm?" },
      ],
    });
  });

  it("answers why there is no reply when the model server fails, without its detail", async () => {
    model = await startLocalServer((_request, response) => sendJson(response, { error: { message: "invalid api key sk-proj-secret" } }, 401));
    const a = await createTenant(t.app, t.db);
    const queue = await createQueue(t.db, a.company.id, { name: "Vendas" });
    const { id } = (await t.app.inject({ method: "POST", url: "/prompt", headers: bearer(a.adminToken), payload: promptBody(queue.id, { baseUrl: `${model.url}/v1` }) })).json();

    const response = await t.app.inject({ method: "POST", url: `/prompt/${id}/test`, headers: bearer(a.adminToken), payload: { message: "Oi" } });

    expect(response.json()).toEqual({ answer: null, error: "no-answer" });
    expect(response.body).not.toContain("secret");
  });

  it("answers 404 for another company's prompt, 403 for an attendant, 401 without a session and 400 without a message", async () => {
    model = await startLocalServer((_request, response) => sendJson(response, { choices: [{ message: { content: "não deveria" } }] }));
    const a = await createTenant(t.app, t.db);
    const b = await createTenant(t.app, t.db);
    const queue = await createQueue(t.db, b.company.id, { name: "Vendas" });
    const { id } = (await t.app.inject({ method: "POST", url: "/prompt", headers: bearer(b.adminToken), payload: promptBody(queue.id, { baseUrl: `${model.url}/v1` }) })).json();
    const test = (token: string | undefined, payload: object = { message: "Oi" }) =>
      t.app.inject({ method: "POST", url: `/prompt/${id}/test`, headers: token ? bearer(token) : {}, payload });

    expect([(await test(a.adminToken)).statusCode, (await test(a.adminToken)).json().error]).toEqual([404, "ERR_NO_PROMPT_FOUND"]);
    expect((await test(b.agentToken)).json().error).toBe("ERR_NO_PERMISSION");
    expect((await test(undefined)).statusCode).toBe(401);
    expect([(await test(b.adminToken, { message: "  " })).statusCode]).toEqual([400]);
    expect(model.requests).toHaveLength(0);
  });
});
