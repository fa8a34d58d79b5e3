import { mkdtempSync, rmSync } from "node:fs";
import { readdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EXTERNAL_API_LIMITS } from "@conversa/shared";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { FakeDriver, createConnectionRow, eventually } from "../../../test/engine-harness.ts";
import { ChannelNotConnectedError } from "../../channels/types.ts";
import { bearer, createTenant } from "../../../test/factories.ts";
import { companies, connections, contacts, messages, plans, tickets } from "../../db/schema/index.ts";
import { acceptTicket } from "../../engine/lifecycle.ts";
import { hitRateLimits } from "../../db/rate-limit.ts";
import { PNG } from "../queues/upload-fixtures.ts";

/** A driver whose network knows every number but those listed as absent. */
class NetworkDriver extends FakeDriver {
  readonly absent = new Set<string>();
  override async checkNumber(connectionId: number, number: string): Promise<{ exists: boolean; number?: string }> {
    if (!this.connected) throw new ChannelNotConnectedError(connectionId);
    return this.absent.has(number) ? { exists: false } : { exists: true, number };
  }
}

const TOKEN_A = "tokenA0123456789abcdefghijklmnop";
const TOKEN_B = "tokenB0123456789abcdefghijklmnop";
const NUMBER = "5511988887777";

let t: TestApp;
let dataDir: string;
let a: Awaited<ReturnType<typeof createTenant>>;
let b: Awaited<ReturnType<typeof createTenant>>;
let driver: NetworkDriver;
let connectionA: typeof connections.$inferSelect;
let connectionB: typeof connections.$inferSelect;

beforeEach(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "conversa-extapi-"));
  t = await buildTestApp({ dataDir }, { start: true });
  a = await createTenant(t.app, t.db);
  b = await createTenant(t.app, t.db);
  connectionA = await createConnectionRow(t.db, a.company.id, { token: TOKEN_A });
  connectionB = await createConnectionRow(t.db, b.company.id, { token: TOKEN_B });
  driver = new NetworkDriver();
  t.platform.channels.registerDriver(driver);
  await t.platform.channels.start(a.company.id, connectionA.id);
  await t.platform.channels.start(b.company.id, connectionB.id);
});
afterEach(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const send = (token: string | undefined, payload: object, extraHeaders: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: "/api/messages/send", headers: { ...(token === undefined ? {} : bearer(token)), ...extraHeaders }, payload });

function mediaSend(token: string, fields: Record<string, string>, files: { name: string; content: Buffer; type: string }[]) {
  const boundary = "----conversa-external-api";
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const file of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="medias"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`), file.content, Buffer.from("\r\n"));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return t.app.inject({ method: "POST", url: "/api/messages/send", payload: Buffer.concat(parts), headers: { ...bearer(token), "content-type": `multipart/form-data; boundary=${boundary}` } });
}

const messagesOf = (companyId: number) => t.db.select().from(messages).where(eq(messages.companyId, companyId));
const contactsOf = (companyId: number) => t.db.select().from(contacts).where(eq(contacts.companyId, companyId));
const mediaFilesOf = async (companyId: number) => readdir(path.join(dataDir, "media", String(companyId))).catch(() => [] as string[]);

describe("POST /api/messages/send: authentication by the connection's token", () => {
  it("answers 401 ERR_INVALID_API_TOKEN without a token, with a wrong one or with a user's session token, storing nothing", async () => {
    for (const token of [undefined, "wrong-token", TOKEN_A.slice(0, -1), `${TOKEN_A}x`, a.adminToken]) {
      const response = await send(token, { number: NUMBER, body: "Olá" });
      expect(response.statusCode, String(token)).toBe(401);
      expect(response.json()).toMatchObject({ error: "ERR_INVALID_API_TOKEN" });
    }
    const basic = await send(undefined, { number: NUMBER, body: "Olá" }, { authorization: `Basic ${TOKEN_A}` });
    expect(basic.statusCode).toBe(401);
    expect(await messagesOf(a.company.id)).toEqual([]);
    expect(await contactsOf(a.company.id)).toEqual([]);
  });

  it("sends through the token's own connection and company: another company's token writes only there", async () => {
    const response = await send(TOKEN_B, { number: NUMBER, body: "Olá de B" });
    expect(response.statusCode, response.body).toBe(200);
    expect(await messagesOf(a.company.id)).toEqual([]);
    const [message] = await messagesOf(b.company.id);
    expect(message).toMatchObject({ body: "Olá de B", whatsappId: connectionB.id, fromMe: true, userId: null });
  });

  it("names one connection by its token: no second connection, of any company, can have it", async () => {
    await expect(createConnectionRow(t.db, a.company.id, { token: TOKEN_B, isDefault: false })).rejects.toThrow();
    const response = await send(TOKEN_B, { number: NUMBER, body: "Olá" });
    expect(response.statusCode, response.body).toBe(200);
    expect(await messagesOf(b.company.id)).toHaveLength(1);
    expect(await messagesOf(a.company.id)).toEqual([]);
  });

  it("refuses a token shorter than 32 characters, even one stored before the rule", async () => {
    const short = "short-token-2019";
    await t.db.update(connections).set({ token: short }).where(eq(connections.id, connectionA.id));
    const response = await send(short, { number: NUMBER, body: "Olá" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: "ERR_INVALID_API_TOKEN" });
    expect(await messagesOf(a.company.id)).toEqual([]);
  });

  it("refuses the token of a disabled company, or of one past its due date", async () => {
    await t.db.update(companies).set({ status: false }).where(eq(companies.id, a.company.id));
    expect((await send(TOKEN_A, { number: NUMBER, body: "Olá" })).json()).toMatchObject({ error: "ERR_COMPANY_DISABLED" });
    await t.db.update(companies).set({ status: true, dueDate: new Date(Date.now() - 86_400_000) }).where(eq(companies.id, a.company.id));
    const expired = await send(TOKEN_A, { number: NUMBER, body: "Olá" });
    expect(expired.statusCode).toBe(402);
    expect(expired.json()).toMatchObject({ error: "ERR_SUBSCRIPTION_EXPIRED" });
    expect(await messagesOf(a.company.id)).toEqual([]);
  });

  it("answers ERR_WAPP_NOT_INITIALIZED for a connection that is not connected, storing nothing", async () => {
    driver.connected = false;
    const response = await send(TOKEN_A, { number: NUMBER, body: "Olá" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_WAPP_NOT_INITIALIZED" });
    await t.platform.channels.disconnect(a.company.id, connectionA.id);
    expect((await send(TOKEN_A, { number: NUMBER, body: "Olá" })).json()).toMatchObject({ error: "ERR_WAPP_NOT_INITIALIZED" });
    expect(await messagesOf(a.company.id)).toEqual([]);
    expect(await contactsOf(a.company.id)).toEqual([]);
  });

  it("refuses an address after too many wrong tokens, even with a right one, until the window passes", async () => {
    for (let i = 0; i < EXTERNAL_API_LIMITS.failedAuthPerWindow; i++) expect((await send(`guess-${i}`, { number: NUMBER, body: "x" })).statusCode).toBe(401);
    const refused = await send(TOKEN_A, { number: NUMBER, body: "Olá" });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: "ERR_RATE_LIMITED", details: { retryAfter: expect.any(Number) } });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Another address is not refused.
    const elsewhere = await t.app.inject({ method: "POST", url: "/api/messages/send", remoteAddress: "10.9.8.7", headers: bearer(TOKEN_A), payload: { number: NUMBER, body: "Olá" } });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });
});

describe("POST /api/messages/send: limits and gates", () => {
  it("is rate-limited per token: past the limit it answers 429 with Retry-After and stores nothing", async () => {
    const counter = { name: "external-api.send", subject: String(connectionA.id), rule: { max: EXTERNAL_API_LIMITS.sendsPerWindow, windowMs: EXTERNAL_API_LIMITS.windowMs } };
    await hitRateLimits(t.db, Array.from({ length: EXTERNAL_API_LIMITS.sendsPerWindow - 1 }, () => counter));
    expect((await send(TOKEN_A, { number: NUMBER, body: "a última que cabe" })).statusCode).toBe(200);
    const refused = await send(TOKEN_A, { number: NUMBER, body: "uma a mais" });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: "ERR_RATE_LIMITED" });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await messagesOf(a.company.id)).map((m) => m.body)).toEqual(["a última que cabe"]);
    // Another connection's token has its own count.
    expect((await send(TOKEN_B, { number: NUMBER, body: "Olá" })).statusCode).toBe(200);
  });

  it("answers 403 ERR_PLAN_FEATURE_DISABLED when the token's company's plan switches the external API off", async () => {
    await t.db.update(plans).set({ useExternalApi: false }).where(eq(plans.id, a.company.planId!));
    const response = await send(TOKEN_A, { number: NUMBER, body: "Olá" });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: "ERR_PLAN_FEATURE_DISABLED", details: { planFlag: "useExternalApi" } });
    expect(await messagesOf(a.company.id)).toEqual([]);
    expect((await send(TOKEN_B, { number: NUMBER, body: "Olá" })).statusCode).toBe(200);
  });

  it("answers 400 ERR_VALIDATION for bad input, storing nothing", async () => {
    for (const payload of [
      {},
      { number: NUMBER },
      { number: NUMBER, body: "   " },
      { number: "+55 (11) 98888-7777", body: "Olá" },
      { number: "1234", body: "Olá" },
      { number: 5511988887777, body: "Olá" },
      { number: NUMBER, body: "Olá", userId: 1 },
    ]) {
      const response = await send(TOKEN_A, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ error: "ERR_VALIDATION" });
    }
    const notJson = await t.app.inject({ method: "POST", url: "/api/messages/send", headers: { ...bearer(TOKEN_A), "content-type": "application/json" }, payload: "{not json" });
    expect(notJson.json()).toMatchObject({ error: "ERR_VALIDATION" });
    expect(await messagesOf(a.company.id)).toEqual([]);
  });

  it("answers ERR_WAPP_INVALID_CONTACT for a number that is not on the network, storing nothing", async () => {
    driver.absent.add(NUMBER);
    const response = await send(TOKEN_A, { number: NUMBER, body: "Olá" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_WAPP_INVALID_CONTACT" });
    expect(await contactsOf(a.company.id)).toEqual([]);
    expect(await messagesOf(a.company.id)).toEqual([]);
  });
});

describe("POST /api/messages/send: text", () => {
  it("creates the contact and a pending ticket, stores the message, publishes it and sends it", async () => {
    const response = await send(TOKEN_A, { number: NUMBER, body: "Seu pedido saiu para entrega" });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer).toEqual({ message: expect.any(String), messageId: expect.any(Number), messageIds: [answer.messageId], ticketId: expect.any(Number), contactId: expect.any(Number), ticketCreated: true });
    const [contact] = await contactsOf(a.company.id);
    expect(contact).toMatchObject({ id: answer.contactId, number: NUMBER, name: NUMBER, whatsappId: connectionA.id });
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.id, answer.ticketId));
    expect(ticket).toMatchObject({ companyId: a.company.id, contactId: contact!.id, whatsappId: connectionA.id, status: "pending", queueId: null, userId: null, lastMessage: "Seu pedido saiu para entrega" });
    const created = t.published.find((event) => event.name === "message.created");
    expect(created?.payload).toMatchObject({ companyId: a.company.id, message: { id: answer.messageId, body: "Seu pedido saiu para entrega", fromMe: true, userId: null }, ticket: { id: answer.ticketId } });
    expect(t.published.some((event) => event.name === "record.changed" && event.payload.channel === "contact" && event.payload.action === "create")).toBe(true);
    await eventually(() => driver.sent.map((s) => [s.to, s.body]), (sent) => sent.length === 1);
    expect(driver.sent[0]).toMatchObject({ to: NUMBER, body: "Seu pedido saiu para entrega", connectionId: connectionA.id });
    await eventually(async () => (await t.db.select().from(messages).where(eq(messages.id, answer.messageId)))[0]?.sendStatus, (status) => status === "sent");
  });

  it("reuses the contact's open ticket on the connection, even one an attendant holds", async () => {
    const first = (await send(TOKEN_A, { number: NUMBER, body: "primeira" })).json();
    await acceptTicket(t.platform.engine.deps, { companyId: a.company.id, userId: a.admin.id, profile: "admin", isSuper: false }, first.ticketId);
    const second = await send(TOKEN_A, { number: NUMBER, body: "segunda" });
    expect(second.json()).toMatchObject({ ticketId: first.ticketId, contactId: first.contactId, ticketCreated: false });
    expect(await t.db.select().from(tickets).where(eq(tickets.companyId, a.company.id))).toHaveLength(1);
    expect(await contactsOf(a.company.id)).toHaveLength(1);
  });

  it("opens a new ticket when the contact's last one was resolved", async () => {
    const first = (await send(TOKEN_A, { number: NUMBER, body: "primeira" })).json();
    await t.db.update(tickets).set({ status: "closed" }).where(eq(tickets.id, first.ticketId));
    const second = (await send(TOKEN_A, { number: NUMBER, body: "segunda" })).json();
    expect(second).toMatchObject({ contactId: first.contactId, ticketCreated: true });
    expect(second.ticketId).not.toBe(first.ticketId);
  });

  it("shows the message in the conversation to those who may open the ticket, and to no one else", async () => {
    const { ticketId, messageId } = (await send(TOKEN_A, { number: NUMBER, body: "visível" })).json();
    const admin = await t.app.inject({ method: "GET", url: `/messages/${ticketId}`, headers: bearer(a.adminToken) });
    expect(admin.json()).toMatchObject({ messages: [{ id: messageId, body: "visível", fromMe: true }] });
    // A pending ticket without a queue: an attendant without allTicket may not open it.
    const agent = await t.app.inject({ method: "GET", url: `/messages/${ticketId}`, headers: bearer(a.agentToken) });
    expect(agent.json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    const other = await t.app.inject({ method: "GET", url: `/messages/${ticketId}`, headers: bearer(b.adminToken) });
    expect(other.statusCode).toBe(404);
    const list = await t.app.inject({ method: "GET", url: "/tickets?status=pending", headers: bearer(a.adminToken) });
    expect(list.json().tickets.map((ticket: { id: number }) => ticket.id)).toContain(ticketId);
  });
});

describe("POST /api/messages/send: media", () => {
  it("stores each file (checked by content) as a message, the body as the first one's caption", async () => {
    const response = await mediaSend(TOKEN_A, { number: NUMBER, body: "Seu boleto" }, [
      { name: "boleto.png", content: PNG, type: "image/png" },
      { name: "foto.png", content: PNG, type: "application/octet-stream" },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer.messageIds).toHaveLength(2);
    const stored = await t.db.select().from(messages).where(and(eq(messages.companyId, a.company.id), eq(messages.ticketId, answer.ticketId))).orderBy(messages.id);
    expect(stored.map((m) => [m.body, m.mediaType, m.mediaName, m.mediaMime])).toEqual([
      ["Seu boleto", "image", "boleto.png", "image/png"],
      ["", "image", "foto.png", "image/png"],
    ]);
    await eventually(() => driver.sent.length, (count) => count === 2);
    // Each message is its own send job: they may reach the network in either order.
    expect(driver.sent.find((sent) => sent.media?.filename === "boleto.png")).toMatchObject({ to: NUMBER, body: "Seu boleto", media: { mimetype: "image/png" } });
    expect(driver.sent.find((sent) => sent.media?.filename === "foto.png")).toMatchObject({ to: NUMBER, body: "", media: { mimetype: "image/png" } });
    expect(await mediaFilesOf(a.company.id)).toHaveLength(2);
  });

  it("refuses a disguised file and keeps none of the files", async () => {
    const response = await mediaSend(TOKEN_A, { number: NUMBER, body: "x" }, [
      { name: "boleto.png", content: PNG, type: "image/png" },
      { name: "nota.png", content: Buffer.from("#!/bin/sh\necho not an image\n"), type: "image/png" },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_MEDIA_TYPE_NOT_ALLOWED" });
    expect(await messagesOf(a.company.id)).toEqual([]);
    expect(await mediaFilesOf(a.company.id)).toEqual([]);
  });

  it("answers 400 for a media send without a file, with a bad number or with an unknown field, keeping no file", async () => {
    expect((await mediaSend(TOKEN_A, { number: NUMBER, body: "x" }, [])).json()).toMatchObject({ error: "ERR_VALIDATION" });
    expect((await mediaSend(TOKEN_A, { number: "55 11 98888", body: "x" }, [{ name: "a.png", content: PNG, type: "image/png" }])).json()).toMatchObject({ error: "ERR_VALIDATION" });
    expect((await mediaSend(TOKEN_A, { number: NUMBER, userId: "1" }, [{ name: "a.png", content: PNG, type: "image/png" }])).json()).toMatchObject({ error: "ERR_VALIDATION" });
    expect(await messagesOf(a.company.id)).toEqual([]);
    expect(await mediaFilesOf(a.company.id)).toEqual([]);
  });

  it("keeps no file of a media send the network refuses after the files were stored", async () => {
    driver.absent.add(NUMBER);
    const response = await mediaSend(TOKEN_A, { number: NUMBER, body: "x" }, [
      { name: "a.png", content: PNG, type: "image/png" },
      { name: "b.png", content: PNG, type: "image/png" },
    ]);
    expect(response.json()).toMatchObject({ error: "ERR_WAPP_INVALID_CONTACT" });
    expect(await messagesOf(a.company.id)).toEqual([]);
    expect(await mediaFilesOf(a.company.id)).toEqual([]);
    expect((await t.platform.media.usageOf(a.company.id)).usedBytes).toBe(0);
  });
});
