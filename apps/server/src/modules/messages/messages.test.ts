import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { connections, contacts, messages, tickets, userQueues } from "../../db/schema/index.ts";
import { acceptTicket } from "../../engine/lifecycle.ts";
import { loadTicket } from "../tickets/index.ts";
import { loadMessage } from "./index.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { type FakeDriver, attachFakeDriver, createConnectionRow, createQueue, eventually, inbound } from "../../../test/engine-harness.ts";
import { bearer, createTenant, createUser, loginAs } from "../../../test/factories.ts";

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c636000010000050001a5f645400000000049454e44ae426082", "hex");

let t: TestApp;
let a: Awaited<ReturnType<typeof createTenant>>;
let b: Awaited<ReturnType<typeof createTenant>>;
let driver: FakeDriver;
let ticketId: number;
let connectionId: number;

beforeEach(async () => {
  t = await buildTestApp({}, { start: true });
  a = await createTenant(t.app, t.db);
  b = await createTenant(t.app, t.db);
  const connection = await createConnectionRow(t.db, a.company.id);
  connectionId = connection.id;
  driver = await attachFakeDriver(t, connection);
  await t.platform.engine.handleInbound(inbound(connection, "5511966660001", "Olá, tudo bem?"));
  const [ticket] = await t.db.select().from(tickets).where(eq(tickets.companyId, a.company.id));
  ticketId = ticket!.id;
  await acceptTicket(t.platform.engine.deps, { companyId: a.company.id, userId: a.admin.id, profile: "admin", isSuper: false }, ticketId);
});
afterEach(async () => {
  await t.close();
});

type UploadFile = { name: string; content: Buffer; type: string };

function multipart(token: string, fields: Record<string, string>, file?: UploadFile | UploadFile[]) {
  const boundary = "----conversa-test-boundary";
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const each of Array.isArray(file) ? file : file ? [file] : []) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="medias"; filename="${each.name}"\r\nContent-Type: ${each.type}\r\n\r\n`));
    parts.push(each.content, Buffer.from("\r\n"));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { ...bearer(token), "content-type": `multipart/form-data; boundary=${boundary}` } };
}

describe("GET /messages/:ticketId", () => {
  it("answers the conversation and marks the ticket read", async () => {
    const response = await t.app.inject({ method: "GET", url: `/messages/${ticketId}`, headers: bearer(a.adminToken) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ count: 1, hasMore: false, ticket: { id: ticketId, status: "open" }, messages: [{ body: "Olá, tudo bem?", fromMe: false }] });
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect(ticket!.unreadMessages).toBe(0);
    expect(t.published).toContainEqual({ name: "ticket.read", payload: { companyId: a.company.id, ticketId, queueId: null, userId: a.admin.id } });
  });

  it("answers 401 without a session, 404 for another company's ticket and 400 for a bad page", async () => {
    expect((await t.app.inject({ method: "GET", url: `/messages/${ticketId}` })).statusCode).toBe(401);
    const other = await t.app.inject({ method: "GET", url: `/messages/${ticketId}`, headers: bearer(b.adminToken) });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ error: "ERR_NO_TICKET_FOUND" });
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect(ticket!.unreadMessages).toBe(1);
    const bad = await t.app.inject({ method: "GET", url: `/messages/${ticketId}?pageNumber=-1`, headers: bearer(a.adminToken) });
    expect(bad.json()).toMatchObject({ error: "ERR_VALIDATION" });
  });

  it("refuses a user-profile account outside the ticket's queue", async () => {
    const { queues } = await import("../../db/schema/index.ts");
    const [queue] = await t.db.insert(queues).values({ companyId: a.company.id, name: "Vendas", color: "#00ff00" }).returning();
    await t.db.update(tickets).set({ queueId: queue!.id, userId: null }).where(eq(tickets.id, ticketId));
    const response = await t.app.inject({ method: "GET", url: `/messages/${ticketId}`, headers: bearer(a.agentToken) });
    expect(response.json()).toMatchObject({ error: "ERR_NO_PERMISSION", message: "Acesso não permitido" });
  });
});

describe("POST /messages/:ticketId", () => {
  it("stores the message, sends it through the connection and publishes it", async () => {
    // Held, the send cannot overtake the answer: the reply shows the message as stored, still pending.
    const release = driver.hold();
    const response = await t.app.inject({ method: "POST", url: `/messages/${ticketId}`, headers: bearer(a.adminToken), payload: { body: "Tudo ótimo!", signMessage: true } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([expect.objectContaining({ body: "*Ana Admin*:\nTudo ótimo!", fromMe: true, ack: 0, sendStatus: "pending" })]);
    // The event carries the message and the ticket exactly as they are read apart.
    const [sent] = response.json() as { id: number }[];
    const created = t.published.find((event) => event.name === "message.created" && (event.payload as { message: { id: number } }).message.id === sent!.id)!;
    expect(created.payload).toEqual({ companyId: a.company.id, message: await loadMessage(t.db, a.company.id, sent!.id), ticket: await loadTicket(t.db, a.company.id, ticketId) });
    release();
    await eventually(() => driver.bodies(), (bodies) => bodies.includes("*Ana Admin*:\nTudo ótimo!"));
    expect(t.published.map((e) => e.name)).toContain("message.created");
  });

  it("sends an image uploaded as multipart, checked by its content", async () => {
    const response = await t.app.inject({ method: "POST", url: `/messages/${ticketId}`, ...multipart(a.adminToken, { body: "veja" }, { name: "foto.png", content: PNG, type: "image/png" }) });
    expect(response.statusCode).toBe(200);
    const [sent] = response.json();
    expect(sent).toMatchObject({ mediaType: "image", mediaName: "foto.png", body: "veja" });
    const media = await t.app.inject({ method: "GET", url: sent.mediaUrl, headers: bearer(a.adminToken) });
    expect(media.statusCode).toBe(200);
    expect(media.headers["content-type"]).toBe("image/png");
    expect(media.rawPayload.equals(PNG)).toBe(true);
    const otherCompany = await t.app.inject({ method: "GET", url: sent.mediaUrl, headers: bearer(b.adminToken) });
    expect(otherCompany.statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: sent.mediaUrl })).statusCode).toBe(401);
  });

  it("sends each file with its own caption, in order, signed, and the text after them when the first file has its caption", async () => {
    const files = [
      { name: "fachada.png", content: PNG, type: "image/png" },
      { name: "planta.png", content: PNG, type: "image/png" },
      { name: "notas.txt", content: Buffer.from("notas"), type: "text/plain" },
    ];
    const fields = { body: "veja", signMessage: "true", captions: JSON.stringify(["A fachada", "", "As notas"]) };
    const response = await t.app.inject({ method: "POST", url: `/messages/${ticketId}`, ...multipart(a.adminToken, fields, files) });
    expect(response.statusCode).toBe(200);
    const signed = (text: string) => `*${a.admin.name}*:\n${text}`;
    expect(response.json().map((m: { mediaName: string | null; body: string }) => [m.mediaName, m.body])).toEqual([
      ["fachada.png", signed("A fachada")],
      ["planta.png", ""],
      ["notas.txt", signed("As notas")],
      [null, signed("veja")],
    ]);
    const order = [signed("A fachada"), "", signed("As notas"), signed("veja")];
    const bodies = await eventually(() => driver.bodies(), (sent) => sent.length >= 4);
    expect(bodies).toEqual(order);
  });

  it("takes the text as the first file's caption when the captions leave it empty", async () => {
    const files = [{ name: "a.png", content: PNG, type: "image/png" }, { name: "b.png", content: PNG, type: "image/png" }];
    const response = await t.app.inject({ method: "POST", url: `/messages/${ticketId}`, ...multipart(a.adminToken, { body: "veja", captions: JSON.stringify(["", "segunda"]) }, files) });
    expect(response.statusCode).toBe(200);
    expect(response.json().map((m: { body: string }) => m.body)).toEqual(["veja", "segunda"]);
  });

  it.each([
    ["one caption for two files", JSON.stringify(["só uma"])],
    ["captions that are not a list of texts", JSON.stringify([1, 2])],
    ["captions that are not JSON", "[oops"],
  ])("refuses %s with ERR_VALIDATION and stores nothing", async (_case, captions) => {
    const files = [{ name: "a.png", content: PNG, type: "image/png" }, { name: "b.png", content: PNG, type: "image/png" }];
    const response = await t.app.inject({ method: "POST", url: `/messages/${ticketId}`, ...multipart(a.adminToken, { captions }, files) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_VALIDATION", details: [{ path: "/captions" }] });
    expect(await t.db.select().from(messages).where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true)))).toHaveLength(0);
  });

  it("refuses a renamed executable and leaves nothing behind", async () => {
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(64)]);
    const response = await t.app.inject({ method: "POST", url: `/messages/${ticketId}`, ...multipart(a.adminToken, {}, { name: "foto.png", content: elf, type: "image/png" }) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_MEDIA_TYPE_NOT_ALLOWED" });
    expect(await t.db.select().from(messages).where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true)))).toHaveLength(0);
  });

  it("keeps no file of a refused multipart send, and keeps the files of one queued while the connection is down", async () => {
    const files = [{ name: "a.png", content: PNG, type: "image/png" }, { name: "b.png", content: PNG, type: "image/png" }];
    // The company's counted bytes, from before the sends (the test's media folder may hold other files).
    const before = (await t.platform.media.usageOf(a.company.id)).usedBytes;
    const used = async () => (await t.platform.media.usageOf(a.company.id)).usedBytes - before;
    await t.db.update(tickets).set({ status: "closed" }).where(eq(tickets.id, ticketId));
    const refused = await t.app.inject({ method: "POST", url: `/messages/${ticketId}`, ...multipart(a.adminToken, { body: "veja" }, files) });
    expect(refused.json()).toMatchObject({ error: "ERR_TICKET_NOT_OPEN" });
    expect(await used()).toBe(0);

    await t.db.update(tickets).set({ status: "open" }).where(eq(tickets.id, ticketId));
    await t.db.update(connections).set({ status: "DISCONNECTED" }).where(eq(connections.id, connectionId));
    driver.connected = false;
    const queued = await t.app.inject({ method: "POST", url: `/messages/${ticketId}`, ...multipart(a.adminToken, { body: "veja" }, files) });
    expect(queued.json()).toMatchObject({ error: "ERR_WAPP_NOT_INITIALIZED", details: { queued: true } });
    const stored = await t.db.select({ file: messages.mediaUrl }).from(messages).where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true)));
    expect(stored).toHaveLength(2);
    for (const { file } of stored) expect(await t.platform.media.resolve(a.company.id, file!)).toMatchObject({ size: PNG.length });
    expect(await used()).toBe(2 * PNG.length);
  });

  it("keeps the message queued and answers ERR_WAPP_NOT_INITIALIZED when the connection is down", async () => {
    await t.db.update(connections).set({ status: "DISCONNECTED" }).where(eq(connections.id, connectionId));
    driver.connected = false;
    const response = await t.app.inject({ method: "POST", url: `/messages/${ticketId}`, headers: bearer(a.adminToken), payload: { body: "Está aí?" } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_WAPP_NOT_INITIALIZED", details: { queued: true } });
    const [queued] = await t.db.select().from(messages).where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true)));
    expect(queued).toMatchObject({ body: "Está aí?", sendStatus: "pending" });
  });

  it.each([
    ["an empty body", { body: "   " }],
    ["an unknown field", { body: "x", companyId: 99 }],
    ["a wrong type", { body: 42 }],
  ])("answers 400 ERR_VALIDATION for %s", async (_label, payload) => {
    const response = await t.app.inject({ method: "POST", url: `/messages/${ticketId}`, headers: bearer(a.adminToken), payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_VALIDATION" });
  });

  it("refuses an attendant's message on an open ticket another attendant holds, naming who holds it; its holder and admins may write", async () => {
    const sales = await createQueue(t.db, a.company.id, { name: "Vendas" });
    await t.db.insert(userQueues).values({ companyId: a.company.id, userId: a.agent.id, queueId: sales.id });
    const colleague = await createUser(t.db, { companyId: a.company.id, profile: "user", name: "Carla Colega" });
    await t.db.insert(userQueues).values({ companyId: a.company.id, userId: colleague.id, queueId: sales.id });
    const colleagueToken = (await loginAs(t.app, colleague.email)).token;
    // The colleague took the ticket the agent can still open (both work in its queue).
    await t.db.update(tickets).set({ queueId: sales.id, userId: colleague.id }).where(eq(tickets.id, ticketId));
    const outbound = () => t.db.select({ body: messages.body }).from(messages).where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true)));
    const storedBefore = (await t.platform.media.usageOf(a.company.id)).usedBytes;

    const refused = await t.app.inject({ method: "POST", url: `/messages/${ticketId}`, headers: bearer(a.agentToken), payload: { body: "Eu atendo!" } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: "ERR_TICKET_HELD_BY_OTHER", details: { userId: colleague.id, userName: "Carla Colega" } });
    const media = await t.app.inject({ method: "POST", url: `/messages/${ticketId}`, ...multipart(a.agentToken, { body: "veja" }, { name: "foto.png", content: PNG, type: "image/png" }) });
    expect(media.json()).toMatchObject({ error: "ERR_TICKET_HELD_BY_OTHER" });
    expect(await outbound()).toEqual([]);
    expect((await t.platform.media.usageOf(a.company.id)).usedBytes).toBe(storedBefore);

    expect((await t.app.inject({ method: "POST", url: `/messages/${ticketId}`, headers: bearer(colleagueToken), payload: { body: "Sou a Carla" } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "POST", url: `/messages/${ticketId}`, headers: bearer(a.adminToken), payload: { body: "Sou a supervisora" } })).statusCode).toBe(200);
    expect((await outbound()).map((m) => m.body).sort()).toEqual(["Sou a Carla", "Sou a supervisora"]);
  });

  it("answers ERR_TICKET_NOT_OPEN on a pending ticket and 404 on another company's", async () => {
    await t.db.update(tickets).set({ status: "pending" }).where(eq(tickets.id, ticketId));
    const pending = await t.app.inject({ method: "POST", url: `/messages/${ticketId}`, headers: bearer(a.adminToken), payload: { body: "oi" } });
    expect(pending.json()).toMatchObject({ error: "ERR_TICKET_NOT_OPEN" });
    const other = await t.app.inject({ method: "POST", url: `/messages/${ticketId}`, headers: bearer(b.adminToken), payload: { body: "oi" } });
    expect(other.statusCode).toBe(404);
  });
});

describe("DELETE /messages/:id", () => {
  it("deletes the author's sent message on the network and keeps its body", async () => {
    const [sent] = (await t.app.inject({ method: "POST", url: `/messages/${ticketId}`, headers: bearer(a.adminToken), payload: { body: "apagar" } })).json();
    await eventually(async () => (await t.db.select().from(messages).where(eq(messages.id, sent.id)))[0]?.sendStatus, (s) => s === "sent");

    const response = await t.app.inject({ method: "DELETE", url: `/messages/${sent.id}`, headers: bearer(a.adminToken) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ isDeleted: true, body: "apagar" });
    expect(driver.deleted).toHaveLength(1);
  });

  it("refuses the customer's messages and other companies'", async () => {
    const [customer] = await t.db.select().from(messages).where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, false)));
    const own = await t.app.inject({ method: "DELETE", url: `/messages/${customer!.id}`, headers: bearer(a.adminToken) });
    expect(own.json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    const other = await t.app.inject({ method: "DELETE", url: `/messages/${customer!.id}`, headers: bearer(b.adminToken) });
    expect(other.json()).toMatchObject({ error: "ERR_NO_MESSAGE_FOUND" });
  });
});

/**
 * Queues Vendas and Suporte; the agent works in Vendas only. The ticket of beforeEach becomes the agent's
 * open ticket in Vendas; the same contact has an earlier Vendas conversation and an earlier Suporte one on
 * the same connection, one on another connection, and another contact has a Suporte ticket.
 */
async function conversations() {
  const vendas = await createQueue(t.db, a.company.id, { name: "Vendas" });
  const suporte = await createQueue(t.db, a.company.id, { name: "Suporte" });
  await t.db.insert(userQueues).values({ companyId: a.company.id, userId: a.agent.id, queueId: vendas.id });
  await t.db.update(tickets).set({ queueId: vendas.id, userId: a.agent.id, status: "open" }).where(eq(tickets.id, ticketId));
  const [current] = await t.db.select().from(tickets).where(eq(tickets.id, ticketId));
  const contactId = current!.contactId;
  const other = await createConnectionRow(t.db, a.company.id);
  const [stranger] = await t.db.insert(contacts).values({ companyId: a.company.id, name: "Cliente do Suporte", number: "5511966660099" }).returning();
  const hour = 3_600_000;
  const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * hour);
  async function pastTicket(values: { contactId: number; whatsappId: number; queueId: number; status?: string; userId?: number | null }, body: string, hoursAgo: number) {
    const [row] = await t.db
      .insert(tickets)
      .values({ companyId: a.company.id, status: "closed", userId: null, createdAt: at(hoursAgo), updatedAt: at(hoursAgo), ...values })
      .returning();
    const [message] = await t.db
      .insert(messages)
      .values({ companyId: a.company.id, ticketId: row!.id, contactId: values.contactId, whatsappId: values.whatsappId, wid: `WID-PAST-${hoursAgo}`, body, fromMe: false, read: true, createdAt: at(hoursAgo), updatedAt: at(hoursAgo) })
      .returning();
    return { ticket: row!, message: message! };
  }
  const earlierSales = await pastTicket({ contactId, whatsappId: connectionId, queueId: vendas.id }, "Conversa antiga de Vendas", 30);
  const earlierSupport = await pastTicket({ contactId, whatsappId: connectionId, queueId: suporte.id }, "SEGREDO da conversa antiga do Suporte", 20);
  const otherConnection = await pastTicket({ contactId, whatsappId: other.id, queueId: vendas.id }, "Conversa pela outra conexão", 10);
  const strangerSupport = await pastTicket({ contactId: stranger!.id, whatsappId: connectionId, queueId: suporte.id, status: "open", userId: a.admin.id }, "SEGREDO do Suporte", 5);
  const [own] = await t.db.select().from(messages).where(eq(messages.ticketId, ticketId));
  return { vendas, suporte, earlierSales, earlierSupport, otherConnection, strangerSupport, own: own! };
}

async function storedMessageCount() {
  return (await t.db.select().from(messages).where(eq(messages.companyId, a.company.id))).length;
}

describe("POST /messages/:ticketId with a quote", () => {
  it("refuses a quote of another conversation with ERR_NO_MESSAGE_FOUND, without revealing or storing anything, and quotes one of the same conversation", async () => {
    const c = await conversations();
    const before = await storedMessageCount();
    for (const quoted of [c.strangerSupport.message, c.otherConnection.message, c.earlierSupport.message]) {
      const response = await t.app.inject({ method: "POST", url: `/messages/${ticketId}`, headers: bearer(a.agentToken), payload: { body: "Veja isto", quotedMsg: { id: quoted.id } } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: "ERR_NO_MESSAGE_FOUND" });
      expect(response.body).not.toContain("SEGREDO");
    }
    // An admin may open every ticket, yet a quote still has to be of the same conversation.
    const admin = await t.app.inject({ method: "POST", url: `/messages/${ticketId}`, headers: bearer(a.adminToken), payload: { body: "Veja isto", quotedMsg: { id: c.strangerSupport.message.id } } });
    expect(admin.json()).toMatchObject({ error: "ERR_NO_MESSAGE_FOUND" });
    expect(await storedMessageCount()).toBe(before);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(driver.sent).toHaveLength(0);
    for (const quoted of [c.own, c.earlierSales.message]) {
      const response = await t.app.inject({ method: "POST", url: `/messages/${ticketId}`, headers: bearer(a.agentToken), payload: { body: "Respondendo", quotedMsg: { id: quoted.id } } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([expect.objectContaining({ quotedMsg: expect.objectContaining({ id: quoted.id, body: quoted.body }) })]);
    }
    const adminQuote = await t.app.inject({ method: "POST", url: `/messages/${ticketId}`, headers: bearer(a.adminToken), payload: { body: "Do suporte", quotedMsg: { id: c.earlierSupport.message.id } } });
    expect(adminQuote.statusCode).toBe(200);
    await eventually(() => driver.sent.length, (n) => n >= 3);
    expect(driver.sent.map((m) => m.quoted?.body).sort()).toEqual(["Conversa antiga de Vendas", "Olá, tudo bem?", "SEGREDO da conversa antiga do Suporte"]);
  });
});

describe("GET /messages/:ticketId: earlier conversations", () => {
  it("shows an attendant only the earlier tickets she may open, with the count and pages to match", async () => {
    const c = await conversations();
    const agent = await t.app.inject({ method: "GET", url: `/messages/${ticketId}`, headers: bearer(a.agentToken) });
    expect(agent.statusCode).toBe(200);
    expect(agent.json()).toMatchObject({ count: 2, hasMore: false });
    expect(agent.json().messages.map((m: { body: string }) => m.body)).toEqual(["Conversa antiga de Vendas", "Olá, tudo bem?"]);
    expect(agent.body).not.toContain("SEGREDO");

    const admin = await t.app.inject({ method: "GET", url: `/messages/${ticketId}`, headers: bearer(a.adminToken) });
    expect(admin.json().messages.map((m: { body: string }) => m.body)).toEqual(["Conversa antiga de Vendas", c.earlierSupport.message.body, "Olá, tudo bem?"]);
  });

  it("keeps the pages right when the hidden earlier ticket has many messages", async () => {
    const c = await conversations();
    const old = new Date(Date.now() - 40 * 3_600_000);
    await t.db.insert(messages).values(
      Array.from({ length: 25 }, (_, i) => ({ companyId: a.company.id, ticketId: c.earlierSupport.ticket.id, contactId: c.earlierSupport.ticket.contactId, whatsappId: connectionId, body: `SEGREDO ${i}`, fromMe: false, read: true, createdAt: new Date(old.getTime() + i * 1000) })),
    );
    const page = await t.app.inject({ method: "GET", url: `/messages/${ticketId}?pageNumber=1`, headers: bearer(a.agentToken) });
    expect(page.json()).toMatchObject({ count: 2, hasMore: false });
    expect(page.json().messages).toHaveLength(2);
    const second = await t.app.inject({ method: "GET", url: `/messages/${ticketId}?pageNumber=2`, headers: bearer(a.agentToken) });
    expect(second.json().messages).toEqual([]);
  });
});
