import { createVerify, generateKeyPairSync } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { type LocalServer, completion, sendJson, startLocalServer } from "../../test/bot-servers.ts";
import { SecretBox, maskSecret } from "../lib/secret-box.ts";
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, callWebhook, dialogflowDetect, signatureOf, typebotContinue, typebotStart } from "./integrations.ts";
import { chatCompletion, transcribe } from "./openai.ts";
import { parseEgressAllow } from "../lib/egress.ts";
import { BotFailure, botEgressOf } from "./runtime.ts";

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The local servers of these tests listen on 127.0.0.1, which the outbound policy reaches only when allowed. */
const egress = botEgressOf({ egressAllow: parseEgressAllow("127.0.0.1"), botConcurrency: 16 }).tenant({ signedUp: false });
const target = (url: string, timeoutMs = 2000) => ({ baseUrl: `${url}/v1`, apiKey: "sk-test-1234", timeoutMs, egress });
const ask = { model: "gpt-test", maxTokens: 50, temperature: 0.5, messages: [{ role: "system" as const, content: "Seja breve." }, { role: "user" as const, content: "Oi" }] };

describe("the secret box", () => {
  it("seals with a fresh nonce, opens with the same key only, and refuses an altered value", () => {
    const box = new SecretBox("a-key-of-the-server-that-is-long-enough-0123");
    const first = box.seal("sk-abcdef123456");
    const second = box.seal("sk-abcdef123456");
    expect(first).not.toBe(second);
    expect(first).not.toContain("abcdef");
    expect(box.open(first)).toBe("sk-abcdef123456");
    expect(new SecretBox("another-key-of-the-server-that-is-long-0123").open(first)).toBeUndefined();
    const parts = first.split(".");
    parts[3] = Buffer.from("tampered").toString("base64url");
    expect(box.open(parts.join("."))).toBeUndefined();
    expect(box.open("not sealed")).toBeUndefined();
  });

  it("shows only the last 4 characters of a secret", () => {
    expect(maskSecret("sk-abcdef123456")).toBe("••••3456");
    expect(maskSecret("short")).toBe("••••");
    expect(maskSecret(null)).toBeNull();
  });
});

describe("chat completions", () => {
  it("sends the model, messages, token limit, temperature and key, and answers the content", async () => {
    server = await startLocalServer((_req, res) => sendJson(res, completion("  Olá! Como posso ajudar?  ")));
    expect(await chatCompletion(target(server.url), ask)).toBe("Olá! Como posso ajudar?");
    const [request] = server.requests;
    expect(request!.path).toBe("/v1/chat/completions");
    expect(request!.headers.authorization).toBe("Bearer sk-test-1234");
    expect(request!.json).toEqual({ model: "gpt-test", messages: ask.messages, max_tokens: 50, temperature: 0.5 });
  });

  it("fails on an error status, a timeout, a malformed or empty answer and an answer cut at the token limit", async () => {
    server = await startLocalServer((_req, res) => sendJson(res, { error: { message: "quota" } }, 429));
    await expect(chatCompletion(target(server.url), ask)).rejects.toThrow(/HTTP 429/);
    server.handle((_req, res) => sendJson(res, { choices: [] }));
    await expect(chatCompletion(target(server.url), ask)).rejects.toThrow(/not a chat completion/);
    server.handle((_req, res) => {
      res.setHeader("content-type", "application/json");
      res.end("{not json");
    });
    await expect(chatCompletion(target(server.url), ask)).rejects.toThrow(/not JSON/);
    server.handle((_req, res) => sendJson(res, completion("   ")));
    await expect(chatCompletion(target(server.url), ask)).rejects.toThrow(/answered nothing/);
    server.handle((_req, res) => sendJson(res, completion("Uma resposta longa que não cabe", "length")));
    await expect(chatCompletion(target(server.url), ask)).rejects.toThrow(/limit of 50 tokens/);
    server.handle(() => undefined); // never answers
    await expect(chatCompletion(target(server.url, 300), ask)).rejects.toThrow(/no answer within 300 ms/);
    await expect(chatCompletion(target("http://127.0.0.1:1"), ask)).rejects.toBeInstanceOf(BotFailure);
  });

  it("transcribes audio through /audio/transcriptions", async () => {
    server = await startLocalServer((_req, res) => sendJson(res, { text: "quero saber o preço" }));
    const text = await transcribe(target(server.url), { content: Buffer.from("OggS-audio"), fileName: "voz.ogg", mime: "audio/ogg" });
    expect(text).toBe("quero saber o preço");
    const [request] = server.requests;
    expect(request!.path).toBe("/v1/audio/transcriptions");
    expect(String(request!.headers["content-type"])).toMatch(/^multipart\/form-data/);
    expect(request!.body.toString()).toContain('name="model"');
    expect(request!.body.toString()).toContain("OggS-audio");
    server.handle((_req, res) => sendJson(res, { nothing: true }));
    await expect(transcribe(target(server.url), { content: Buffer.from("x"), fileName: "v.ogg", mime: "audio/ogg" })).rejects.toThrow(/malformed/);
  });
});

describe("webhook and n8n", () => {
  const event = {
    event: "message" as const,
    companyId: 1,
    ticketId: 2,
    queueId: 3,
    contact: { id: 4, name: "Ana", number: "5511999990000" },
    message: { id: 5, body: "Oi", mediaType: "chat", fromMe: false as const, timestamp: "2026-01-01T00:00:00.000Z" },
  };
  const now = new Date("2026-01-01T00:00:00Z");

  it("signs timestamp and body with HMAC-SHA256, and answers the texts the receiver sends back", async () => {
    const secret = "whsec_test";
    server = await startLocalServer((req, res) => {
      const timestamp = String(req.headers[TIMESTAMP_HEADER]);
      const valid = req.headers[SIGNATURE_HEADER] === signatureOf(secret, timestamp, req.body.toString("utf8"));
      if (!valid) return sendJson(res, { error: "bad signature" }, 401);
      sendJson(res, { reply: "Recebido!", replies: ["Mais uma"] });
    });
    const turn = await callWebhook({ egress, url: `${server.url}/hook`, secret, event, timeoutMs: 2000, now });
    expect(turn).toEqual({ replies: [{ kind: "text", text: "Recebido!" }, { kind: "text", text: "Mais uma" }], handover: false });
    expect(server.requests[0]!.json).toEqual(event);
    expect(server.requests[0]!.headers[TIMESTAMP_HEADER]).toBe(String(now.getTime() / 1000));
    // A receiver that checks the signature refuses a call signed with another secret.
    await expect(callWebhook({ egress, url: `${server.url}/hook`, secret: "whsec_other", event, timeoutMs: 2000, now })).rejects.toThrow(/HTTP 401/);
  });

  it("reads n8n's array answers, plain text, hand-over requests and empty answers; refuses malformed JSON", async () => {
    server = await startLocalServer((_req, res) => sendJson(res, [{ output: "Do n8n" }]));
    expect((await callWebhook({ egress, url: server.url, secret: "s", event, timeoutMs: 2000, now })).replies).toEqual([{ kind: "text", text: "Do n8n" }]);
    server.handle((_req, res) => {
      res.setHeader("content-type", "text/plain");
      res.end("Texto simples");
    });
    expect((await callWebhook({ egress, url: server.url, secret: "s", event, timeoutMs: 2000, now })).replies).toEqual([{ kind: "text", text: "Texto simples" }]);
    server.handle((_req, res) => sendJson(res, { action: "handover", text: "Chamando um atendente" }));
    expect(await callWebhook({ egress, url: server.url, secret: "s", event, timeoutMs: 2000, now })).toEqual({ replies: [{ kind: "text", text: "Chamando um atendente" }], handover: true });
    server.handle((_req, res) => {
      res.end();
    });
    expect(await callWebhook({ egress, url: server.url, secret: "s", event, timeoutMs: 2000, now })).toEqual({ replies: [], handover: false });
    server.handle((_req, res) => sendJson(res, { unexpected: 1 }));
    await expect(callWebhook({ egress, url: server.url, secret: "s", event, timeoutMs: 2000, now })).rejects.toThrow(/no reply/);
    server.handle(() => undefined);
    await expect(callWebhook({ egress, url: server.url, secret: "s", event, timeoutMs: 300, now })).rejects.toThrow(/no answer within 300 ms/);
  });
});

describe("typebot", () => {
  it("starts a chat, maps text, image and choice bubbles, continues it and ends when no input is asked", async () => {
    server = await startLocalServer((req, res) => {
      if (req.path === "/api/v1/typebots/atendimento/startChat") {
        return sendJson(res, {
          sessionId: "sess-1",
          messages: [
            { id: "a", type: "text", content: { type: "richText", richText: [{ type: "p", children: [{ text: "Olá, " }, { text: "tudo bem?" }] }, { type: "p", children: [{ text: "Sou o robô." }] }] } },
            { id: "b", type: "image", content: { url: "https://example.com/logo.png" } },
          ],
          input: { type: "choice input", items: [{ id: "1", content: "Vendas" }, { id: "2", content: "Suporte" }] },
        });
      }
      if (req.path === "/api/v1/sessions/sess-1/continueChat") {
        return sendJson(res, { messages: [{ id: "c", type: "text", content: { type: "markdown", markdown: "Até logo" } }] });
      }
      sendJson(res, { message: "not found" }, 404);
    });
    const settings = { egress, url: `${server.url}/`, slug: "atendimento", timeoutMs: 2000 };
    const started = await typebotStart(settings, undefined);
    expect(started).toEqual({
      replies: [
        { kind: "text", text: "Olá, tudo bem?\nSou o robô." },
        { kind: "image", url: "https://example.com/logo.png" },
        { kind: "text", text: "*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte" },
      ],
      handover: false,
      session: { sessionId: "sess-1" },
    });
    expect(server.requests[0]!.json).toEqual({ isStreamEnabled: false });
    const next = await typebotContinue(settings, "sess-1", "Vendas");
    expect(next).toMatchObject({ replies: [{ kind: "text", text: "Até logo" }], handover: true, session: null });
    expect(server.requests[1]!.json).toEqual({ message: { type: "text", text: "Vendas" } });
  });

  it("fails on a malformed answer or a start without a session", async () => {
    server = await startLocalServer((_req, res) => sendJson(res, { messages: "nope" }));
    await expect(typebotStart({ egress, url: server.url, slug: "x", timeoutMs: 2000 }, undefined)).rejects.toThrow(/malformed/);
    server.handle((_req, res) => sendJson(res, { messages: [] }));
    await expect(typebotStart({ egress, url: server.url, slug: "x", timeoutMs: 2000 }, undefined)).rejects.toThrow(/no session/);
  });
});

describe("dialogflow", () => {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const account = { client_email: "bot@projeto.iam.gserviceaccount.com", private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString() };

  it("exchanges a service-account JWT signed with RS256 for a token, detects intent and hands over at the end of the conversation", async () => {
    const now = new Date("2026-03-01T12:00:00Z");
    server = await startLocalServer((req, res) => {
      if (req.path === "/token") {
        const form = new URLSearchParams(req.body.toString());
        const [header, claims, signature] = (form.get("assertion") ?? "").split(".");
        const verified = createVerify("RSA-SHA256").update(`${header}.${claims}`).verify(publicKey, Buffer.from(signature ?? "", "base64url"));
        const body = JSON.parse(Buffer.from(claims ?? "", "base64url").toString()) as Record<string, unknown>;
        const ok = verified && form.get("grant_type") === "urn:ietf:params:oauth:grant-type:jwt-bearer" && body.iss === account.client_email && body.aud === `${server!.url}/token` && body.iat === now.getTime() / 1000;
        return ok ? sendJson(res, { access_token: "ya29.token", expires_in: 3600 }) : sendJson(res, { error: "invalid_grant" }, 400);
      }
      if (req.headers.authorization !== "Bearer ya29.token") return sendJson(res, { error: "unauthenticated" }, 401);
      const text = (req.json as { queryInput: { text: { text: string } } }).queryInput.text.text;
      if (text === "tchau") return sendJson(res, { queryResult: { fulfillmentText: "Até mais!", diagnosticInfo: { end_conversation: true } } });
      sendJson(res, { queryResult: { fulfillmentText: "ignored", fulfillmentMessages: [{ text: { text: ["Olá! Em que posso ajudar?"] } }] } });
    });
    const input = { egress, apiUrl: server.url, tokenUrl: `${server.url}/token`, account, projectName: "meu-projeto", language: "pt-BR", sessionId: "ticket-9", timeoutMs: 2000, now };
    expect(await dialogflowDetect({ ...input, text: "oi" })).toEqual({ replies: [{ kind: "text", text: "Olá! Em que posso ajudar?" }], handover: false });
    const detect = server.requests[1]!;
    expect(detect.path).toBe("/v2/projects/meu-projeto/agent/sessions/ticket-9:detectIntent");
    expect(detect.json).toEqual({ queryInput: { text: { text: "oi", languageCode: "pt-BR" } } });
    expect(await dialogflowDetect({ ...input, text: "tchau" })).toEqual({ replies: [{ kind: "text", text: "Até mais!" }], handover: true });
  });

  it("fails when the token endpoint refuses, the key is unusable or the answer has no result", async () => {
    server = await startLocalServer((req, res) => (req.path === "/token" ? sendJson(res, { error: "invalid_grant" }, 400) : sendJson(res, {})));
    const input = { egress, apiUrl: server.url, tokenUrl: `${server.url}/token`, account, projectName: "p", language: "en", sessionId: "s", text: "hi", timeoutMs: 2000, now: new Date() };
    await expect(dialogflowDetect(input)).rejects.toThrow(/HTTP 400/);
    await expect(dialogflowDetect({ ...input, account: { ...account, private_key: "-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----" } })).rejects.toThrow(/not a usable RSA key/);
    server.handle((req, res) => (req.path === "/token" ? sendJson(res, { access_token: "t" }) : sendJson(res, { nothing: true })));
    await expect(dialogflowDetect(input)).rejects.toThrow(/no queryResult/);
  });
});
