import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SIMULATOR_LIMITS, type SimulatorConnection, type SimulatorMessagesPage } from "@conversa/shared";
import { ChannelNotConnectedError, type InboundMessage } from "../../channels/types.ts";
import { connections, simulatorMessages } from "../../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { bearer, createCompany, createSimulatorConnection, createUser, loginAs } from "../../../test/factories.ts";

let t: TestApp;
let received: InboundMessage[];
let acks: { wid: string; ack: number }[];
/** The session the simulator is used with: an admin of the company of the last connection made. */
let session: Record<string, string> | undefined;

beforeEach(async () => {
  t = await buildTestApp();
  received = [];
  acks = [];
  session = undefined;
  t.platform.channels.setInboundHandler({
    handleInbound: async (message) => {
      received.push(message);
    },
    handleAck: async ({ wid, ack }) => {
      acks.push({ wid, ack });
    },
    handleSendFailed: async () => undefined,
  });
});
afterEach(async () => {
  await t.close();
});

const CUSTOMER = "5511911112222";

/** A logged-in user of the company, as the headers of their requests. */
async function sessionOf(companyId: number, profile: "admin" | "supervisor" | "user" = "admin"): Promise<Record<string, string>> {
  const user = await createUser(t.db, { companyId, profile });
  return bearer((await loginAs(t.app, user.email)).token);
}

async function simulatorConnection(options: { companyName?: string; name?: string } = {}) {
  const company = await createCompany(t.db, { name: options.companyName });
  const connection = await createSimulatorConnection(t.db, { companyId: company.id, name: options.name });
  session = await sessionOf(company.id);
  return { company, connection };
}

/** A request to the simulator with the current session (an admin of a new company when there is none yet). */
async function simulate(options: { method: "GET" | "POST" | "PUT"; url: string; payload?: object; headers?: Record<string, string> }) {
  session ??= await sessionOf((await createCompany(t.db)).id);
  return t.app.inject({ ...options, headers: { ...session, ...options.headers } });
}

async function listed(id: number): Promise<SimulatorConnection | undefined> {
  const response = await simulate({ method: "GET", url: "/simulator/connections" });
  const list: SimulatorConnection[] = response.json();
  return list.find((c) => c.id === id);
}

/** Starts the session through the channel manager and pairs it through the API. */
async function connected(options: { companyName?: string } = {}) {
  const tenant = await simulatorConnection(options);
  await t.platform.channels.start(tenant.company.id, tenant.connection.id);
  const qrcode = (await listed(tenant.connection.id))?.qrcode;
  const scan = await simulate({ method: "POST", url: `/simulator/connections/${tenant.connection.id}/scan`, payload: { qrcode, number: "5511900001111" } });
  expect(scan.statusCode).toBe(200);
  await vi.waitFor(async () => expect((await listed(tenant.connection.id))?.status).toBe("CONNECTED"));
  return tenant;
}

function sendInbound(id: number | string, payload: unknown) {
  return simulate({ method: "POST", url: `/simulator/connections/${id}/messages`, payload: payload as object });
}

async function storedCount(connectionId: number) {
  return (await t.db.select().from(simulatorMessages).where(eq(simulatorMessages.connectionId, connectionId))).length;
}

describe("simulator routes", () => {
  it("do not exist when the simulator is off", async () => {
    const off = await buildTestApp({ simulator: false });
    try {
      const response = await off.app.inject({ method: "GET", url: "/simulator/connections" });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: "ERR_NOT_FOUND" });
      expect(off.platform.simulator).toBeUndefined();
      expect(off.platform.channels.hasDriver("simulator")).toBe(false);
    } finally {
      await off.close();
    }
  });
});

describe("GET /simulator/connections", () => {
  it("lists only the simulator connections of the session's company, and no other provider", async () => {
    const b = await simulatorConnection({ companyName: "Beta Ltda", name: "Vendas" });
    const a = await simulatorConnection({ companyName: "Acme", name: "Atendimento" });
    const second = await createSimulatorConnection(t.db, { companyId: a.company.id, name: "Balcão", isDefault: false });
    await t.db.insert(connections).values({ companyId: a.company.id, name: "Real phone", provider: "beta" });

    const response = await simulate({ method: "GET", url: "/simulator/connections" });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      expect.objectContaining({ id: a.connection.id, companyId: a.company.id, companyName: "Acme", name: "Atendimento", status: "OPENING", isRunning: false, refuseSends: false }),
      expect.objectContaining({ id: second.id, name: "Balcão" }),
    ]);
    expect(response.body).not.toContain("Real phone");
    expect(response.body).not.toContain(`"id":${b.connection.id},`);
  });

  it("shows the QR code of a started session", async () => {
    const { company, connection } = await simulatorConnection();
    await t.platform.channels.start(company.id, connection.id);

    expect(await listed(connection.id)).toMatchObject({ status: "qrcode", qrcode: expect.stringMatching(/^SIMULATOR:/), retries: 0, isRunning: true });
  });

  it("answers 403 ERR_NO_PERMISSION to a user-profile account, with neither the connection nor its QR code", async () => {
    const { company, connection } = await simulatorConnection();
    await t.platform.channels.start(company.id, connection.id);
    await vi.waitFor(async () => expect((await listed(connection.id))?.qrcode).toMatch(/^SIMULATOR:/));

    const asUser = await simulate({ method: "GET", url: "/simulator/connections", headers: await sessionOf(company.id, "user") });
    expect({ status: asUser.statusCode, error: asUser.json<{ error: string }>().error }).toEqual({ status: 403, error: "ERR_NO_PERMISSION" });
    expect(asUser.body).not.toContain("SIMULATOR:");
    expect(asUser.body).not.toContain(`"id":${connection.id}`);
  });
});

describe("POST /simulator/connections/:id/scan", () => {
  it("pairs the session (PAIRING, then CONNECTED with the number) and publishes every change", async () => {
    const { company, connection } = await simulatorConnection();
    await t.platform.channels.start(company.id, connection.id);
    const qrcode = (await listed(connection.id))?.qrcode;

    const response = await simulate({ method: "POST", url: `/simulator/connections/${connection.id}/scan`, payload: { qrcode, number: "5511900001111" } });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: "PAIRING", qrcode: null });
    await vi.waitFor(async () => expect(await listed(connection.id)).toMatchObject({ status: "CONNECTED", number: "5511900001111" }));
    // The event is published just after the row is saved: wait for it rather than racing it.
    const published = () => t.published.flatMap((event) => (event.name === "connection.updated" && event.payload.companyId === company.id ? [event.payload.connection.status] : []));
    await vi.waitFor(() => expect(published()).toEqual(["OPENING", "qrcode", "PAIRING", "CONNECTED"]));
  });

  it("answers ERR_SIMULATOR_BAD_QR for a QR code that is not the one shown", async () => {
    const { company, connection } = await simulatorConnection();
    await t.platform.channels.start(company.id, connection.id);

    const response = await simulate({ method: "POST", url: `/simulator/connections/${connection.id}/scan`, payload: { qrcode: "SIMULATOR:0:forged", number: "5511900001111" } });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_SIMULATOR_BAD_QR", message: "This is not the QR code being shown" });
    expect((await listed(connection.id))?.status).toBe("qrcode");
  });

  it("answers ERR_SIMULATOR_BAD_QR when no QR code is shown", async () => {
    const { connection } = await simulatorConnection();
    const response = await simulate({ method: "POST", url: `/simulator/connections/${connection.id}/scan`, payload: { qrcode: "SIMULATOR:x", number: "5511900001111" } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_SIMULATOR_BAD_QR" });
  });

  it("answers 404 ERR_NO_WAPP_FOUND for an unknown connection and for a connection of another provider", async () => {
    const { company } = await simulatorConnection();
    const [beta] = await t.db.insert(connections).values({ companyId: company.id, name: "Real phone", provider: "beta" }).returning();

    for (const id of [999999, beta?.id]) {
      const response = await simulate({ method: "POST", url: `/simulator/connections/${id}/scan`, payload: { qrcode: "x", number: "5511900001111" } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: "ERR_NO_WAPP_FOUND" });
    }
  });

  it.each([
    ["an id of 0", "0", { qrcode: "x", number: "5511900001111" }],
    ["a number with letters", "1", { qrcode: "x", number: "55119abc" }],
    ["a short number", "1", { qrcode: "x", number: "1234" }],
    ["a missing QR code", "1", { number: "5511900001111" }],
    ["an unknown field", "1", { qrcode: "x", number: "5511900001111", companyId: 1 }],
  ])("answers 400 ERR_VALIDATION for %s", async (_label, id, payload) => {
    const response = await simulate({ method: "POST", url: `/simulator/connections/${id}/scan`, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_VALIDATION" });
  });
});

describe("POST /simulator/connections/:id/messages", () => {
  it("delivers the customer's message to the engine and answers the stored message", async () => {
    const { company, connection } = await connected();

    const response = await sendInbound(connection.id, { from: CUSTOMER, name: "Maria", body: "Olá, preciso de ajuda" });

    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ direction: "in", number: CUSTOMER, name: "Maria", kind: "chat", body: "Olá, preciso de ajuda", ack: 2, isDeleted: false });
    expect(received).toEqual([
      expect.objectContaining({ connectionId: connection.id, companyId: company.id, wid: body.wid, kind: "chat", body: "Olá, preciso de ajuda", chat: { number: CUSTOMER, isGroup: false, name: "Maria" } }),
    ]);
  });

  it("delivers a redelivery (same wid) again and stores it once", async () => {
    const { connection } = await connected();

    await sendInbound(connection.id, { from: CUSTOMER, body: "Oi", wid: "WID-7" });
    const again = await sendInbound(connection.id, { from: CUSTOMER, body: "Oi", wid: "WID-7" });

    expect(again.statusCode).toBe(201);
    expect(received.map((m) => m.wid)).toEqual(["WID-7", "WID-7"]);
    expect(await storedCount(connection.id)).toBe(1);
  });

  it("delivers media whose content the engine can download", async () => {
    const { connection } = await connected();
    const content = Buffer.from("%PDF-1.4 fake");

    const response = await sendInbound(connection.id, { from: CUSTOMER, kind: "document", body: "segue", media: { data: content.toString("base64"), mimetype: "application/pdf", filename: "boleto.pdf" } });

    expect(response.statusCode).toBe(201);
    expect(response.json().media).toEqual({ mimetype: "application/pdf", filename: "boleto.pdf", size: content.length, voice: false, url: null });
    expect(await received[0]?.media?.download()).toEqual(content);
  });

  it("answers 409 ERR_SIMULATOR_NOT_CONNECTED before the connection is paired", async () => {
    const { company, connection } = await simulatorConnection();
    await t.platform.channels.start(company.id, connection.id);

    const response = await sendInbound(connection.id, { from: CUSTOMER, body: "Oi" });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: "ERR_SIMULATOR_NOT_CONNECTED" });
    expect(received).toHaveLength(0);
  });

  it("answers 404 ERR_NO_WAPP_FOUND for an unknown connection", async () => {
    const response = await sendInbound(424242, { from: CUSTOMER, body: "Oi" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: "ERR_NO_WAPP_FOUND" });
  });

  it("answers 400 ERR_VALIDATION naming the problem for media over 16 MB", async () => {
    const { connection } = await connected();
    const data = Buffer.alloc(SIMULATOR_LIMITS.mediaMaxBytes + 1).toString("base64");

    const response = await sendInbound(connection.id, { from: CUSTOMER, kind: "video", media: { data, mimetype: "video/mp4" } });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_VALIDATION", details: [expect.objectContaining({ message: "Media is larger than 16 MB" })] });
    expect(received).toHaveLength(0);
    expect(await storedCount(connection.id)).toBe(0);
  });

  it.each([
    ["bad base64", { from: CUSTOMER, kind: "image", media: { data: "not base64!", mimetype: "image/png" } }],
    ["base64 of a wrong length", { from: CUSTOMER, kind: "image", media: { data: "AAA", mimetype: "image/png" } }],
    ["an unknown field", { from: CUSTOMER, body: "Oi", companyId: 2 }],
    ["an unknown field in media", { from: CUSTOMER, kind: "image", media: { data: "AAAA", mimetype: "image/png", path: "/etc/passwd" } }],
    ["an image without media", { from: CUSTOMER, kind: "image", body: "foto" }],
    ["text with media", { from: CUSTOMER, body: "Oi", media: { data: "AAAA", mimetype: "image/png" } }],
    ["an empty text", { from: CUSTOMER, body: "  " }],
    ["a location without coordinates", { from: CUSTOMER, kind: "location" }],
    ["a latitude out of range", { from: CUSTOMER, kind: "location", location: { latitude: 91, longitude: 0 } }],
    ["an unknown kind without rawType", { from: CUSTOMER, kind: "unknown", body: "?" }],
    ["a kind that does not exist", { from: CUSTOMER, kind: "poll", body: "?" }],
    ["a number with letters", { from: "55ab11911112222", body: "Oi" }],
    ["a bad group id", { from: CUSTOMER, body: "Oi", group: { id: "abc@g.us" } }],
    ["a bad wid", { from: CUSTOMER, body: "Oi", wid: "has spaces" }],
    ["a file name with a path", { from: CUSTOMER, kind: "document", media: { data: "AAAA", mimetype: "application/pdf", filename: "../x.pdf" } }],
    ["a bad mimetype", { from: CUSTOMER, kind: "document", media: { data: "AAAA", mimetype: "pdf" } }],
    ["a bad timestamp", { from: CUSTOMER, body: "Oi", timestamp: "yesterday" }],
  ])("answers 400 ERR_VALIDATION for %s", async (_label, payload) => {
    // Not paired: a body that passed validation would answer 409 instead.
    const { connection } = await simulatorConnection();
    const response = await sendInbound(connection.id, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_VALIDATION" });
    expect(received).toHaveLength(0);
  });

  it.each([["0"], ["99999999999"]])("answers 400 ERR_VALIDATION for the id %s", async (id) => {
    const response = await sendInbound(id, { from: CUSTOMER, body: "Oi" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_VALIDATION" });
  });

  it.each([["abc"], ["1.5"], ["-3"]])("answers 404 ERR_NOT_FOUND for %s, which is no id", async (id) => {
    const response = await sendInbound(id, { from: CUSTOMER, body: "Oi" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: "ERR_NOT_FOUND" });
  });
});

describe("POST /simulator/connections/:id/messages/batch", () => {
  it("delivers every message in order", async () => {
    const { connection } = await connected();
    const messages = Array.from({ length: 30 }, (_, i) => ({ from: `55119000${String(i).padStart(5, "0")}`, body: `msg ${i}` }));

    const response = await simulate({ method: "POST", url: `/simulator/connections/${connection.id}/messages/batch`, payload: { messages } });

    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ count: 30 });
    expect(received.map((m) => m.body)).toEqual(messages.map((m) => m.body));
    expect(response.json().wids).toEqual(received.map((m) => m.wid));
  });

  it.each([
    ["no messages", { messages: [] }],
    ["more than 500 messages", { messages: Array.from({ length: 501 }, () => ({ from: CUSTOMER, body: "x" })) }],
    ["one invalid message", { messages: [{ from: CUSTOMER, body: "ok" }, { from: "x", body: "bad" }] }],
  ])("answers 400 ERR_VALIDATION for %s and delivers nothing", async (_label, payload) => {
    const { connection } = await simulatorConnection();
    const response = await simulate({ method: "POST", url: `/simulator/connections/${connection.id}/messages/batch`, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_VALIDATION" });
    expect(received).toHaveLength(0);
  });
});

describe("conversations", () => {
  it("lists the chats with their last message and each thread in both directions with acks", async () => {
    const { connection } = await connected();
    await sendInbound(connection.id, { from: CUSTOMER, name: "Maria", body: "Oi" });
    await t.platform.channels.send(connection.id, { idempotencyKey: "reply-1", to: CUSTOMER, isGroup: false, body: "Olá Maria!" });
    await sendInbound(connection.id, { from: "5511933334444", name: "João", body: "Bom dia" });
    await vi.waitFor(() => expect(acks).toContainEqual({ wid: "reply-1", ack: 3 }));

    const chats = await simulate({ method: "GET", url: `/simulator/connections/${connection.id}/chats` });
    expect(chats.statusCode).toBe(200);
    expect(chats.json()).toEqual([
      expect.objectContaining({ number: "5511933334444", name: "João", isGroup: false, lastMessage: expect.objectContaining({ body: "Bom dia" }) }),
      expect.objectContaining({ number: CUSTOMER, name: "Maria", lastMessage: expect.objectContaining({ body: "Olá Maria!", direction: "out" }) }),
    ]);

    const thread = await simulate({ method: "GET", url: `/simulator/connections/${connection.id}/chats/${CUSTOMER}/messages` });
    expect(thread.statusCode).toBe(200);
    const page: SimulatorMessagesPage = thread.json();
    expect(page).toMatchObject({ count: 2, hasMore: false });
    expect(page.messages.map((m) => [m.direction, m.body, m.ack])).toEqual([
      ["in", "Oi", 2],
      ["out", "Olá Maria!", 2],
    ]);
  });

  it("pages a thread, newest page first, oldest first within a page", async () => {
    const { connection } = await connected();
    const messages = Array.from({ length: 5 }, (_, i) => ({ from: CUSTOMER, body: `m${i}` }));
    await simulate({ method: "POST", url: `/simulator/connections/${connection.id}/messages/batch`, payload: { messages } });

    const first: SimulatorMessagesPage = (await simulate({ method: "GET", url: `/simulator/connections/${connection.id}/chats/${CUSTOMER}/messages?pageSize=2` })).json();
    const last: SimulatorMessagesPage = (await simulate({ method: "GET", url: `/simulator/connections/${connection.id}/chats/${CUSTOMER}/messages?pageSize=2&pageNumber=3` })).json();

    expect(first).toMatchObject({ count: 5, hasMore: true });
    expect(first.messages.map((m) => m.body)).toEqual(["m3", "m4"]);
    expect(last.hasMore).toBe(false);
    expect(last.messages.map((m) => m.body)).toEqual(["m0"]);
  });

  it("lists a group conversation under the group id, with the participant", async () => {
    const { connection } = await connected();
    await sendInbound(connection.id, { from: CUSTOMER, name: "Maria", group: { id: "120363025246125486", name: "Família" }, body: "Oi grupo" });

    const page: SimulatorMessagesPage = (await simulate({ method: "GET", url: `/simulator/connections/${connection.id}/chats/120363025246125486/messages` })).json();

    expect(page.messages[0]).toMatchObject({ isGroup: true, name: "Família", participant: { number: CUSTOMER, name: "Maria" } });
  });

  it.each([
    ["a bad chat number", `/chats/abc/messages`],
    ["a page size over 200", `/chats/${CUSTOMER}/messages?pageSize=201`],
    ["page 0", `/chats/${CUSTOMER}/messages?pageNumber=0`],
  ])("answers 400 ERR_VALIDATION for %s", async (_label, suffix) => {
    const { connection } = await simulatorConnection();
    const response = await simulate({ method: "GET", url: `/simulator/connections/${connection.id}${suffix}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_VALIDATION" });
  });

  it("answers 404 ERR_NO_WAPP_FOUND for the chats of an unknown connection", async () => {
    const response = await simulate({ method: "GET", url: `/simulator/connections/999999/chats` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: "ERR_NO_WAPP_FOUND" });
  });
});

describe("POST /simulator/connections/:id/chats/:number/read", () => {
  it("reports ack 4 (read) for the company's messages the customer had not read", async () => {
    const { connection } = await connected();
    await t.platform.channels.send(connection.id, { idempotencyKey: "r1", to: CUSTOMER, isGroup: false, body: "a" });
    await t.platform.channels.send(connection.id, { idempotencyKey: "r2", to: CUSTOMER, isGroup: false, body: "b" });

    const response = await simulate({ method: "POST", url: `/simulator/connections/${connection.id}/chats/${CUSTOMER}/read` });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ read: 2 });
    expect(acks.filter((a) => a.ack === 4).map((a) => a.wid).sort()).toEqual(["r1", "r2"]);
  });

  it("answers 409 ERR_SIMULATOR_NOT_CONNECTED when the session is not running", async () => {
    const { connection } = await simulatorConnection();
    const response = await simulate({ method: "POST", url: `/simulator/connections/${connection.id}/chats/${CUSTOMER}/read` });
    expect(response.statusCode).toBe(409);
  });
});

describe("failure switches", () => {
  it("drops the network (DISCONNECTED, published) and a retry resumes CONNECTED with the kept pairing", async () => {
    const { company, connection } = await connected();
    t.published.length = 0;

    const response = await simulate({ method: "POST", url: `/simulator/connections/${connection.id}/disconnect` });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: "DISCONNECTED", isRunning: false });
    expect(t.published).toContainEqual({ name: "connection.updated", payload: { companyId: company.id, connection: expect.objectContaining({ status: "DISCONNECTED" }) } });
    await expect(t.platform.channels.send(connection.id, { idempotencyKey: "x", to: CUSTOMER, isGroup: false, body: "x" })).rejects.toBeInstanceOf(ChannelNotConnectedError);

    await t.platform.channels.start(company.id, connection.id);
    expect(await listed(connection.id)).toMatchObject({ status: "CONNECTED", number: "5511900001111" });
  });

  it("answers 409 ERR_SIMULATOR_NOT_CONNECTED when dropping a session that does not run", async () => {
    const { connection } = await simulatorConnection();
    const response = await simulate({ method: "POST", url: `/simulator/connections/${connection.id}/disconnect` });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: "ERR_SIMULATOR_NOT_CONNECTED" });
  });

  it("refuses sends while switched on", async () => {
    const { connection } = await connected();

    const on = await simulate({ method: "PUT", url: `/simulator/connections/${connection.id}/sends`, payload: { refuse: true } });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ refuseSends: true });
    await expect(t.platform.channels.send(connection.id, { idempotencyKey: "s1", to: CUSTOMER, isGroup: false, body: "x" })).rejects.toThrow(/refused/);

    await simulate({ method: "PUT", url: `/simulator/connections/${connection.id}/sends`, payload: { refuse: false } });
    await expect(t.platform.channels.send(connection.id, { idempotencyKey: "s1", to: CUSTOMER, isGroup: false, body: "x" })).resolves.toEqual({ wid: "s1" });
  });

  it("answers sends late while asked to, and at once when the switch is set again without a delay", async () => {
    const { connection } = await connected();
    const sends = `/simulator/connections/${connection.id}/sends`;
    const slow = await simulate({ method: "PUT", url: sends, payload: { refuse: false, answerDelayMs: 2_000 } });
    expect(slow.statusCode).toBe(200);
    expect(slow.json()).toMatchObject({ refuseSends: false });
    let answered = false;
    const send = t.platform.channels.send(connection.id, { idempotencyKey: "d1", to: CUSTOMER, isGroup: false, body: "x" }).then((result) => {
      answered = true;
      return result;
    });
    await vi.waitFor(async () => expect(await t.db.select().from(simulatorMessages).where(eq(simulatorMessages.wid, "d1"))).toHaveLength(1));
    expect(answered).toBe(false);
    await expect(send).resolves.toEqual({ wid: "d1" });

    // A minute's delay, switched off again: the next send must not wait it (the test would time out).
    await simulate({ method: "PUT", url: sends, payload: { refuse: false, answerDelayMs: 60_000 } });
    await simulate({ method: "PUT", url: sends, payload: { refuse: false } });
    await expect(t.platform.channels.send(connection.id, { idempotencyKey: "d2", to: CUSTOMER, isGroup: false, body: "x" })).resolves.toEqual({ wid: "d2" });
  });

  it.each([
    ["a string", { refuse: "yes" }],
    ["nothing", {}],
    ["an unknown field", { refuse: true, all: true }],
    ["a negative delay", { refuse: false, answerDelayMs: -1 }],
    ["a delay over a minute", { refuse: false, answerDelayMs: 60_001 }],
    ["a fractional delay", { refuse: false, answerDelayMs: 1.5 }],
  ])("answers 400 ERR_VALIDATION for the switch with %s", async (_label, payload) => {
    const { connection } = await simulatorConnection();
    const response = await simulate({ method: "PUT", url: `/simulator/connections/${connection.id}/sends`, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_VALIDATION" });
  });
});

describe("GET /simulator/media/:messageId", () => {
  it("serves the file the company sent", async () => {
    const { connection } = await connected();
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "sim-media-")), "foto.png");
    const content = Buffer.from("89504e470d0a1a0a", "hex");
    writeFileSync(file, content);
    await t.platform.channels.send(connection.id, { idempotencyKey: "img-1", to: CUSTOMER, isGroup: false, body: "", media: { path: file, mimetype: "image/png", filename: "foto.png" } });
    const page: SimulatorMessagesPage = (await simulate({ method: "GET", url: `/simulator/connections/${connection.id}/chats/${CUSTOMER}/messages` })).json();
    const url = page.messages[0]?.media?.url;
    expect(url).toMatch(/^\/simulator\/media\/\d+$/);

    const response = await simulate({ method: "GET", url: url ?? "" });

    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/png");
    expect(response.headers["content-disposition"]).toBe("inline; filename*=UTF-8''foto.png");
    expect(response.rawPayload).toEqual(content);
  });

  it("answers 404 for a message without stored media and for an unknown message", async () => {
    const { connection } = await connected();
    const inbound = (await sendInbound(connection.id, { from: CUSTOMER, kind: "image", media: { data: "AAAA", mimetype: "image/png" } })).json();

    for (const id of [inbound.id, 999999]) {
      const response = await simulate({ method: "GET", url: `/simulator/media/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: "ERR_NOT_FOUND" });
    }
  });

  it("answers 400 ERR_VALIDATION for a bad id and 404 ERR_NOT_FOUND for a path that is no id", async () => {
    const response = await simulate({ method: "GET", url: "/simulator/media/0" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_VALIDATION" });
    const noId = await simulate({ method: "GET", url: "/simulator/media/abc" });
    expect(noId.statusCode).toBe(404);
    expect(noId.json()).toMatchObject({ error: "ERR_NOT_FOUND" });
  });
});

describe("who may use the simulator", () => {
  /** Every simulator route, with a valid request for the connection (and an outbound media message id). */
  function everyRoute(connectionId: number, mediaId: number) {
    const chat = `/simulator/connections/${connectionId}/chats/${CUSTOMER}`;
    return [
      { method: "GET", url: "/simulator/connections" },
      { method: "POST", url: `/simulator/connections/${connectionId}/scan`, payload: { qrcode: "x", number: "5511900001111" } },
      { method: "POST", url: `/simulator/connections/${connectionId}/messages`, payload: { from: CUSTOMER, body: "oi" } },
      { method: "POST", url: `/simulator/connections/${connectionId}/messages/batch`, payload: { messages: [{ from: CUSTOMER, body: "oi" }] } },
      { method: "GET", url: `/simulator/connections/${connectionId}/chats` },
      { method: "GET", url: `${chat}/messages` },
      { method: "POST", url: `${chat}/read` },
      { method: "POST", url: `/simulator/connections/${connectionId}/disconnect` },
      { method: "PUT", url: `/simulator/connections/${connectionId}/sends`, payload: { refuse: false } },
      { method: "GET", url: `/simulator/media/${mediaId}` },
    ] as const;
  }

  async function sentImage(connectionId: number): Promise<number> {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "sim-media-")), "foto.png");
    writeFileSync(file, Buffer.from("89504e470d0a1a0a", "hex"));
    await t.platform.channels.send(connectionId, { idempotencyKey: "img-1", to: CUSTOMER, isGroup: false, body: "", media: { path: file, mimetype: "image/png", filename: "foto.png" } });
    const [row] = await t.db.select().from(simulatorMessages).where(eq(simulatorMessages.connectionId, connectionId));
    if (!row) throw new Error("no sent message");
    return row.id;
  }

  it("answers 401 on every route without a session, and with a forged token", async () => {
    const { connection } = await connected();
    const mediaId = await sentImage(connection.id);
    const routes = everyRoute(connection.id, mediaId);
    expect(routes.map((route) => `${route.method} ${route.url.replace(String(connection.id), ":id")}`).length).toBe(
      t.app.routeTable.filter((route) => route.url.startsWith("/simulator")).length,
    );

    for (const route of routes) {
      for (const headers of [{}, { authorization: "Bearer not.a.token" }]) {
        const response = await t.app.inject({ ...route, headers });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(response.json()).toMatchObject({ error: "ERR_SESSION_EXPIRED" });
      }
    }
    expect(await storedCount(connection.id)).toBe(1);
  });

  it("answers 404 to a user of another company on every route, and changes nothing", async () => {
    const { connection } = await connected();
    const mediaId = await sentImage(connection.id);
    const other = await createCompany(t.db);
    const otherSession = await sessionOf(other.id);

    for (const route of everyRoute(connection.id, mediaId)) {
      const response = await t.app.inject({ ...route, headers: otherSession });
      if (route.url === "/simulator/connections") {
        expect(response.json()).toEqual([]);
        continue;
      }
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(404);
      expect(response.json()).toMatchObject({ error: route.url.startsWith("/simulator/media") ? "ERR_NOT_FOUND" : "ERR_NO_WAPP_FOUND" });
    }
    expect(await storedCount(connection.id)).toBe(1);
    expect(received).toEqual([]);
    expect(t.platform.simulator?.isRefusingSends(connection.id)).toBe(false);
    expect((await simulate({ method: "GET", url: "/simulator/connections" })).json()[0]).toMatchObject({ status: "CONNECTED" });
  });

  it.each(["user", "supervisor"] as const)(
    "answers 403 ERR_NO_PERMISSION to a %s-profile account on every route, customers' and phone's alike, and changes nothing",
    async (profile) => {
      const { company, connection } = await connected();
      const mediaId = await sentImage(connection.id);
      await sendInbound(connection.id, { from: CUSTOMER, name: "Maria", body: "CUSTOMER-SECRET" });
      const headers = await sessionOf(company.id, profile);

      for (const route of everyRoute(connection.id, mediaId)) {
        const response = await t.app.inject({ ...route, headers });
        const what = `${route.method} ${route.url}`;
        expect({ status: response.statusCode, error: response.json<{ error: string }>().error }, what).toEqual({ status: 403, error: "ERR_NO_PERMISSION" });
        expect(response.body, what).not.toContain("CUSTOMER-SECRET");
        expect(response.body, what).not.toContain(CUSTOMER);
      }
      expect(received.map((message) => message.body)).toEqual(["CUSTOMER-SECRET"]);
      expect(await storedCount(connection.id)).toBe(2);
      expect((await simulate({ method: "GET", url: "/simulator/connections" })).json()[0]).toMatchObject({ status: "CONNECTED", refuseSends: false });
    },
  );

  it("lets an admin of the company play its customers and its phone", async () => {
    const { connection } = await connected();
    const mediaId = await sentImage(connection.id);

    for (const route of everyRoute(connection.id, mediaId)) {
      if (route.url.endsWith("/scan") || route.url.endsWith("/disconnect")) continue;
      const response = await simulate(route);
      expect(response.statusCode, `${route.method} ${route.url}: ${response.body}`).toBeLessThan(300);
    }
    expect(received.map((message) => message.body)).toEqual(["oi", "oi"]);

    const drop = await simulate({ method: "POST", url: `/simulator/connections/${connection.id}/disconnect` });
    expect(drop.statusCode).toBe(200);
  });

  it("lets a super user play the customers of their own company, whatever their profile", async () => {
    const { company, connection } = await connected();
    const superUser = await createUser(t.db, { companyId: company.id, profile: "user", isSuper: true });
    const headers = bearer((await loginAs(t.app, superUser.email)).token);

    const chats = await t.app.inject({ method: "GET", url: `/simulator/connections/${connection.id}/chats`, headers });
    expect(chats.statusCode, chats.body).toBe(200);
  });
});
