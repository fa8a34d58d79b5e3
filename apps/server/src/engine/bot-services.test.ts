import { generateKeyPairSync } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { HANDOVER_PHRASE } from "@conversa/shared";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type LocalServer, OGG_AUDIO, completion, sendJson, startLocalServer } from "../../test/bot-servers.ts";
import { type TestApp, buildTestApp } from "../../test/build-test-app.ts";
import { type FakeDriver, attachFakeDriver, createConnectionRow, createQueue, eventually, inbound, linkQueues } from "../../test/engine-harness.ts";
import { bearer, createCompany, createUser, loginAs } from "../../test/factories.ts";
import { signatureOf } from "../bots/integrations.ts";
import { connections, distributionLogs, messages, prompts, queueIntegrations, queues, tickets } from "../db/schema/index.ts";
import { parseEgressAllow } from "../lib/egress.ts";
import { HANDOVER_NOTICE } from "./bot-services.ts";

let t: TestApp;
let companyId: number;
let connection: Awaited<ReturnType<typeof createConnectionRow>>;
let driver: FakeDriver;
let vendas: Awaited<ReturnType<typeof createQueue>>;
let model: LocalServer;

/** What the local model answers to each conversation (by the customer's last message); summaries get two lines. */
let script: (lastUser: string, body: { messages: { role: string; content: string }[] }) => unknown;

beforeEach(async () => {
  // The local model and integration servers listen on 127.0.0.1: the installation allows it.
  t = await buildTestApp({ egressAllow: parseEgressAllow("127.0.0.1") }, { start: true });
  const company = await createCompany(t.db);
  companyId = company.id;
  connection = await createConnectionRow(t.db, companyId, { greetingMessage: "Olá! Escolha um setor:" });
  driver = await attachFakeDriver(t, connection);
  vendas = await createQueue(t.db, companyId, { name: "Vendas", orderQueue: 1 });
  const suporte = await createQueue(t.db, companyId, { name: "Suporte", orderQueue: 2 });
  await linkQueues(t.db, companyId, connection.id, [vendas.id, suporte.id]);
  model = await startLocalServer((req, res) => {
    if (req.path.endsWith("/audio/transcriptions")) return sendJson(res, { text: "qual o preço do plano?" });
    const body = req.json as { messages: { role: string; content: string }[] };
    if (body.messages[0]!.content.startsWith("Resuma")) return sendJson(res, completion("Cliente quer comprar o plano anual.\nPediu para falar com um vendedor."));
    const lastUser = [...body.messages].reverse().find((m) => m.role === "user")?.content ?? "";
    sendJson(res, script(lastUser, body));
  });
  script = (lastUser) => completion(`Resposta para: ${lastUser}`);
  // A local server answers well within this even on a loaded machine: only the tests about a silent one meet the time limit.
  t.platform.engine.deps.bots.timeoutMs = 30_000;
});
afterEach(async () => {
  await t.close();
  await model.close();
});

const engine = () => t.platform.engine;
const customer = "5511988880001";
const say = (body: string, extra = {}) => engine().handleInbound(inbound(connection, customer, body, extra));
const ticketNow = async () => (await t.db.select().from(tickets).where(eq(tickets.companyId, companyId)))[0]!;
const sent = (count: number) => eventually(() => driver.bodies(), (b) => b.length >= count);
/** The time limit of the tests whose service never answers. */
const SILENT_TIMEOUT_MS = 300;
const logs = () => t.db.select().from(distributionLogs).where(and(eq(distributionLogs.companyId, companyId), eq(distributionLogs.strategy, "bot-handover")));

async function addPrompt(values: Partial<typeof prompts.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(prompts)
    .values({
      companyId,
      name: "Vendedor",
      prompt: "Você é o vendedor da loja. Quando o cliente pedir uma pessoa, responda com a frase de transferência.",
      queueId: vendas.id,
      baseUrl: `${model.url}/v1`,
      maxMessages: 4,
      apiKeySealed: engine().deps.bots.box.seal("sk-local-key-9876"),
      apiKeyLast4: "9876",
      ...values,
    })
    .returning();
  await t.db.update(queues).set({ promptId: row!.id }).where(eq(queues.id, vendas.id));
  return row!;
}

describe("an AI prompt in the bot phase", () => {
  it("answers each customer message with the prompt as system text and the last maxMessages messages as history", async () => {
    const prompt = await addPrompt();
    await say("Oi");
    await sent(1); // the queue menu
    await say("1");
    await sent(2);
    expect(driver.bodies()[1]).toBe("Resposta para: 1");
    await say("Quanto custa o plano anual?");
    await sent(3);
    expect(driver.bodies()[2]).toBe("Resposta para: Quanto custa o plano anual?");

    const ticket = await ticketNow();
    expect(ticket).toMatchObject({ status: "pending", queueId: vendas.id, chatbot: true, userId: null });
    const last = model.requests.at(-1)!;
    expect(last.headers.authorization).toBe("Bearer sk-local-key-9876");
    const body = last.json as { model: string; messages: { role: string; content: string }[]; max_tokens: number; temperature: number };
    expect(body).toMatchObject({ model: prompt.model, max_tokens: 100, temperature: 1 });
    expect(body.messages[0]).toEqual({ role: "system", content: prompt.prompt });
    // maxMessages 4: the menu, "1", the first answer and the new question.
    expect(body.messages.slice(1)).toEqual([
      { role: "assistant", content: expect.stringContaining("*[ 1 ]* - Vendas") },
      { role: "user", content: "1" },
      { role: "assistant", content: "Resposta para: 1" },
      { role: "user", content: "Quanto custa o plano anual?" },
    ]);
  });

  it("hands over on the transfer phrase without sending it, stores the two-line summary and logs why", async () => {
    await addPrompt();
    script = (lastUser) => completion(lastUser.includes("pessoa") ? `Claro, vou chamar um vendedor. ${HANDOVER_PHRASE}` : "Posso ajudar?");
    await say("Oi");
    await sent(1);
    await say("1");
    await sent(2);
    await say("Quero falar com uma pessoa");
    await sent(3);
    expect(driver.bodies()[2]).toBe("Claro, vou chamar um vendedor.");
    expect(driver.bodies().join("\n")).not.toContain(HANDOVER_PHRASE);
    const ticket = await ticketNow();
    expect(ticket).toMatchObject({ status: "pending", queueId: vendas.id, chatbot: false, botState: null });
    expect(ticket.botSummary).toBe("Cliente quer comprar o plano anual.\nPediu para falar com um vendedor.");
    expect(await logs()).toEqual([expect.objectContaining({ message: "prompt: the model handed over", toQueueId: vendas.id })]);

    // People have it now: the model is not asked again.
    const asked = model.requests.length;
    await say("Alô?");
    expect(model.requests.length).toBe(asked);
  });

  it.each([
    ["an error status", () => ({ status: 500, body: { error: "boom" } }), /HTTP 500/],
    ["a malformed answer", () => ({ status: 200, body: { choices: "none" } }), /not a chat completion/],
    ["an answer past the token limit", () => ({ status: 200, body: completion("blá blá blá", "length") }), /limit of 100 tokens/],
  ])("hands over to people on %s, tells the customer, and logs the reason", async (_name, answer, reason) => {
    await addPrompt();
    await say("Oi");
    await sent(1);
    model.handle((req, res) => {
      const { status, body } = answer();
      sendJson(res, body, status);
      void req;
    });
    await say("1");
    await sent(2);
    expect(driver.bodies()[1]).toBe(HANDOVER_NOTICE);
    const ticket = await ticketNow();
    expect(ticket).toMatchObject({ status: "pending", queueId: vendas.id, chatbot: false });
    expect(ticket.botSummary).toMatch(/^Cliente: .*\nTransferido: a IA não respondeu/);
    const [log] = await logs();
    expect(log!.message).toMatch(reason);
  });

  it("hands over when the model does not answer in time", async () => {
    await addPrompt();
    await say("Oi");
    await sent(1);
    model.handle(() => undefined);
    engine().deps.bots.timeoutMs = SILENT_TIMEOUT_MS;
    await say("1");
    await sent(2);
    expect(driver.bodies()[1]).toBe(HANDOVER_NOTICE);
    expect((await logs())[0]!.message).toMatch(`no answer within ${SILENT_TIMEOUT_MS} ms`);
    expect((await ticketNow()).chatbot).toBe(false);
  });

  it("transcribes a voice message before asking the model", async () => {
    await addPrompt({ prompt: "Atenda por áudio também." });
    await say("Oi");
    await sent(1);
    await say("1");
    await sent(2);
    await say("", { kind: "audio", media: { mimetype: "audio/ogg", filename: "voz.ogg", download: async () => OGG_AUDIO } });
    await sent(3);
    expect(driver.bodies()[2]).toBe("Resposta para: qual o preço do plano?");
    expect(model.requests.some((r) => r.path === "/v1/audio/transcriptions")).toBe(true);
  });

  it("sends a voice note when the prompt has a voice, and text when the synthesis fails", async () => {
    const speech = await startLocalServer((req, res) => {
      if (req.headers["ocp-apim-subscription-key"] !== "voice-key-1234" || !req.body.toString().includes("pt-BR-FranciscaNeural")) return sendJson(res, {}, 401);
      res.setHeader("content-type", "audio/ogg");
      res.end(OGG_AUDIO);
    });
    try {
      engine().deps.bots.speechBaseUrl = speech.url;
      await addPrompt({ voice: "pt-BR-FranciscaNeural", voiceKeySealed: engine().deps.bots.box.seal("voice-key-1234"), voiceRegion: "brazilsouth" });
      await say("Oi");
      await sent(1);
      await say("1");
      await sent(2);
      expect(driver.sent[1]!.media).toMatchObject({ mimetype: "audio/ogg", asVoice: true });
      expect(speech.requests[0]!.path).toBe("/cognitiveservices/v1");

      speech.handle((_req, res) => sendJson(res, {}, 503));
      await say("E agora?");
      await sent(3);
      expect(driver.sent[2]!.media).toBeUndefined();
      expect(driver.bodies()[2]).toBe("Resposta para: E agora?");
    } finally {
      await speech.close();
    }
  });

  it("answers through the connection's prompt before any queue, and hands over to the prompt's queue", async () => {
    const prompt = await addPrompt();
    await t.db.update(queues).set({ promptId: null }).where(eq(queues.id, vendas.id));
    await t.db.update(connections).set({ promptId: prompt.id }).where(eq(connections.id, connection.id));
    script = (lastUser) => completion(lastUser === "atendente" ? HANDOVER_PHRASE : "Sou a IA da loja.");
    await say("Oi");
    await sent(1);
    expect(driver.bodies()[0]).toBe("Sou a IA da loja.");
    await say("atendente");
    await sent(2);
    expect(driver.bodies()[1]).toBe(HANDOVER_NOTICE);
    expect(await ticketNow()).toMatchObject({ queueId: vendas.id, chatbot: false });
  });

  it("never sends the stored key to a second server the prompt is moved to without it: the move is refused until the key is typed again", async () => {
    const prompt = await addPrompt();
    const second = await startLocalServer((_req, res) => sendJson(res, completion("Resposta do segundo servidor")));
    try {
      const admin = await createUser(t.db, { companyId, profile: "admin", email: "prompt-origin-admin@example.com" });
      const token = (await loginAs(t.app, admin.email)).token;
      const body = { name: prompt.name, prompt: prompt.prompt, queueId: vendas.id, baseUrl: `${second.url}/v1`, maxMessages: 4 };
      const moved = await t.app.inject({ method: "PUT", url: `/prompt/${prompt.id}`, headers: bearer(token), payload: { ...body, apiKey: "••••9876" } });
      await say("Oi");
      await sent(1);
      await say("1");
      await sent(2);
      expect(second.requests.map((r) => r.headers.authorization)).not.toContain("Bearer sk-local-key-9876");
      expect(moved.statusCode).toBe(400);
      expect(moved.json()).toMatchObject({ error: "ERR_PROMPT_KEY_REQUIRED", details: [{ path: "/apiKey" }] });
      expect(driver.bodies()[1]).toBe("Resposta para: 1");
      expect(model.requests.at(-1)!.headers.authorization).toBe("Bearer sk-local-key-9876");

      const withKey = await t.app.inject({ method: "PUT", url: `/prompt/${prompt.id}`, headers: bearer(token), payload: { ...body, apiKey: "sk-second-server-5555" } });
      expect(withKey.statusCode).toBe(200);
      await say("E agora?");
      await sent(3);
      expect(driver.bodies()[2]).toBe("Resposta do segundo servidor");
      expect(second.requests.map((r) => r.headers.authorization)).toEqual(["Bearer sk-second-server-5555"]);
    } finally {
      await second.close();
    }
  });
});

describe("queue integrations in the bot phase", () => {
  async function addIntegration(values: Partial<typeof queueIntegrations.$inferInsert> & { type: string }) {
    const [row] = await t.db.insert(queueIntegrations).values({ companyId, name: "Robô", ...values }).returning();
    await t.db.update(queues).set({ integrationId: row!.id }).where(eq(queues.id, vendas.id));
    return row!;
  }

  it("webhook: posts the signed message event and sends back what the endpoint answers", async () => {
    const secret = "whsec_engine";
    const hook = await startLocalServer((req, res) => {
      const ts = String(req.headers["x-conversa-timestamp"]);
      if (req.headers["x-conversa-signature"] !== signatureOf(secret, ts, req.body.toString())) return sendJson(res, {}, 401);
      const body = req.json as { message: { body: string } };
      sendJson(res, body.message.body === "humano" ? { action: "handover", reply: "Chamando alguém." } : { reply: `Eco: ${body.message.body}` });
    });
    try {
      await addIntegration({ type: "webhook", urlN8N: `${hook.url}/in`, secretSealed: engine().deps.bots.box.seal(secret) });
      await say("Oi");
      await sent(1);
      await say("1");
      await sent(2);
      expect(driver.bodies()[1]).toBe("Eco: 1");
      expect(hook.requests[0]!.json).toMatchObject({ event: "message", companyId, queueId: vendas.id, contact: { number: customer }, message: { body: "1", fromMe: false } });
      await say("humano");
      await sent(3);
      expect(driver.bodies()[2]).toBe("Chamando alguém.");
      const ticket = await ticketNow();
      expect(ticket).toMatchObject({ chatbot: false, queueId: vendas.id });
      expect(ticket.botSummary).toContain("Transferido pela integração Robô.");

      // A receiver that fails hands the next ticket over too (here: a wrong secret makes it answer 401).
    } finally {
      await hook.close();
    }
  });

  it("webhook that fails or times out hands over with the reason", async () => {
    const hook = await startLocalServer(() => undefined);
    try {
      await addIntegration({ type: "n8n", urlN8N: hook.url, secretSealed: engine().deps.bots.box.seal("s") });
      engine().deps.bots.timeoutMs = SILENT_TIMEOUT_MS;
      await say("Oi");
      await sent(1);
      await say("1");
      await sent(2);
      expect(driver.bodies()[1]).toBe(HANDOVER_NOTICE);
      expect((await logs())[0]!.message).toMatch(new RegExp(`^integration n8n: no answer within ${SILENT_TIMEOUT_MS} ms`));
    } finally {
      await hook.close();
    }
  });

  it("typebot: starts on entering the queue, continues, restarts on its keyword and ends on the finish keyword", async () => {
    let sessions = 0;
    const typebot = await startLocalServer((req, res) => {
      if (req.path.endsWith("/startChat")) {
        sessions += 1;
        return sendJson(res, { sessionId: `s${sessions}`, messages: [{ type: "text", content: { markdown: "Bem-vindo ao robô" } }, { type: "text", content: { markdown: "Qual seu nome?" } }], input: { type: "text input" } });
      }
      const text = (req.json as { message: { text: string } }).message.text;
      if (text === "???") return sendJson(res, { messages: [], input: { type: "text input" } });
      sendJson(res, { messages: [{ type: "text", content: { markdown: `Prazer, ${text}` } }], input: { type: "text input" } });
    });
    try {
      await addIntegration({
        type: "typebot",
        urlN8N: typebot.url,
        typebotSlug: "loja",
        typebotDelayMessage: 10,
        typebotKeywordFinish: "sair",
        typebotKeywordRestart: "reiniciar",
        typebotUnknownMessage: "Não entendi.",
        typebotRestartMessage: "Recomeçando...",
      });
      await say("Oi");
      await sent(1);
      await say("1");
      await sent(3);
      expect(driver.bodies().slice(1)).toEqual(["Bem-vindo ao robô", "Qual seu nome?"]);
      await say("Ana");
      await sent(4);
      expect(driver.bodies()[3]).toBe("Prazer, Ana");
      expect(typebot.requests.at(-1)!.path).toBe("/api/v1/sessions/s1/continueChat");
      await say("???");
      await sent(5);
      expect(driver.bodies()[4]).toBe("Não entendi.");
      await say("reiniciar");
      await sent(8);
      expect(driver.bodies().slice(5)).toEqual(["Recomeçando...", "Bem-vindo ao robô", "Qual seu nome?"]);
      await say("Bia");
      await sent(9);
      expect(typebot.requests.at(-1)!.path).toBe("/api/v1/sessions/s2/continueChat");
      await say("sair");
      await eventually(ticketNow, (tk) => tk.chatbot === false);
      expect((await logs())[0]!.message).toBe("integration typebot: ended the conversation");
    } finally {
      await typebot.close();
    }
  });

  it("dialogflow: detects intent with the service account and hands over at the end of the conversation", async () => {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const json = JSON.stringify({ type: "service_account", client_email: "bot@p.iam.gserviceaccount.com", private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString() });
    const google = await startLocalServer((req, res) => {
      if (req.path === "/token") return sendJson(res, { access_token: "tok" });
      const text = (req.json as { queryInput: { text: { text: string; languageCode: string } } }).queryInput.text;
      if (text.text === "obrigado") return sendJson(res, { queryResult: { fulfillmentText: "De nada!", diagnosticInfo: { end_conversation: true } } });
      sendJson(res, { queryResult: { fulfillmentText: `Intent para ${text.text} (${text.languageCode})` } });
    });
    try {
      engine().deps.bots.dialogflowApiUrl = google.url;
      engine().deps.bots.dialogflowTokenUrl = `${google.url}/token`;
      await addIntegration({ type: "dialogflow", projectName: "loja", language: "es", jsonContentSealed: engine().deps.bots.box.seal(json) });
      await say("Oi");
      await sent(1);
      await say("1");
      await sent(2);
      expect(driver.bodies()[1]).toBe("Intent para 1 (es)");
      await say("obrigado");
      await sent(3);
      expect(driver.bodies()[2]).toBe("De nada!");
      expect(await ticketNow()).toMatchObject({ chatbot: false });
    } finally {
      await google.close();
    }
  });

  it("dialogflow: the service account goes only to the installation's Google addresses, whatever its JSON or project name names", async () => {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const elsewhere = await startLocalServer((_req, res) => sendJson(res, { access_token: "stolen" }));
    const google = await startLocalServer((req, res) => {
      if (req.path === "/token") return sendJson(res, { access_token: "tok" });
      sendJson(res, { queryResult: { fulfillmentText: "Olá do agente" } });
    });
    try {
      const json = JSON.stringify({
        type: "service_account",
        client_email: "bot@p.iam.gserviceaccount.com",
        private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
        token_uri: `${elsewhere.url}/token`,
        auth_uri: `${elsewhere.url}/auth`,
      });
      engine().deps.bots.dialogflowApiUrl = google.url;
      engine().deps.bots.dialogflowTokenUrl = `${google.url}/token`;
      const host = new URL(elsewhere.url).host;
      await addIntegration({ type: "dialogflow", projectName: `../../@${host}/x`, language: "pt-BR", jsonContentSealed: engine().deps.bots.box.seal(json) });
      await say("Oi");
      await sent(1);
      await say("1");
      await sent(2);
      expect(driver.bodies()[1]).toBe("Olá do agente");
      expect(elsewhere.requests).toEqual([]);
      expect(google.requests.map((req) => req.path)).toEqual(["/token", `/v2/projects/${encodeURIComponent(`../../@${host}/x`)}/agent/sessions/${encodeURIComponent(`ticket-${(await ticketNow()).id}`)}:detectIntent`]);
    } finally {
      await google.close();
      await elsewhere.close();
    }
  });
});

describe("messages of a handed-over ticket", () => {
  it("keep the summary until the ticket is closed", async () => {
    await addPrompt();
    script = () => completion(HANDOVER_PHRASE);
    await say("Oi");
    await sent(1);
    await say("1");
    await eventually(ticketNow, (tk) => tk.botSummary !== null);
    const rows = await t.db.select().from(messages).where(eq(messages.companyId, companyId)).orderBy(asc(messages.id));
    expect(rows.map((m) => m.body)).not.toContain(HANDOVER_PHRASE);
  });
});
