import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { eventually } from "../../../test/engine-harness.ts";
import { type CloudConnectionSecrets, createCloudConnection, createCompany } from "../../../test/factories.ts";
import { type FakeGraph, signWebhook, startFakeGraph } from "../../../test/fake-graph.ts";
import { cloudSendAttempts, contacts, messages, tickets } from "../../db/schema/index.ts";
import { idempotencyKeyOf, runSendMessageJob } from "../../engine/outbound.ts";
import { PNG } from "../queues/upload-fixtures.ts";
import { CLOUD_WEBHOOK_JOB, runCloudWebhookJob } from "./cloud-webhooks.jobs.ts";

let fake: FakeGraph;
let t: TestApp;
let companyId: number;
let connectionId: number;
let secrets: CloudConnectionSecrets;
let sequence = 0;

beforeAll(async () => {
  fake = await startFakeGraph();
  t = await buildTestApp({ whatsappCloudApiUrl: fake.url }, { start: true });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(async () => {
  const company = await createCompany(t.db);
  companyId = company.id;
  const created = await createCloudConnection(t.db, { companyId, status: "CONNECTED" });
  connectionId = created.connection.id;
  secrets = created.secrets;
});

/** A customer number of its own for each call, so tests never share a conversation. */
const customer = () => `55119${String(7_000_000 + (sequence += 1)).padStart(8, "0")}`;
const widOf = (label: string) => `wamid.${label}.${(sequence += 1)}`;
const nowSeconds = () => String(Math.floor(Date.now() / 1000));

function notification(value: Record<string, unknown>, phoneNumberId = secrets.phoneNumberId) {
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: secrets.businessAccountId,
        changes: [{ field: "messages", value: { messaging_product: "whatsapp", metadata: { display_phone_number: "5511999990000", phone_number_id: phoneNumberId }, ...value } }],
      },
    ],
  };
}

function messagesValue(from: string, name: string, list: Record<string, unknown>[]) {
  return { contacts: [{ profile: { name }, wa_id: from }], messages: list.map((message) => ({ from, timestamp: nowSeconds(), ...message })) };
}

function post(body: unknown, options: { key?: string; secret?: string; signature?: string | null } = {}) {
  const raw = typeof body === "string" ? body : JSON.stringify(body);
  const signature = options.signature === undefined ? signWebhook(raw, options.secret ?? secrets.appSecret) : options.signature;
  return t.app.inject({
    method: "POST",
    url: `/webhooks/whatsapp-cloud/${options.key ?? secrets.webhookKey}`,
    headers: { "content-type": "application/json", ...(signature === null ? {} : { "x-hub-signature-256": signature }) },
    payload: raw,
  });
}

const jobCount = async () => {
  const result = await t.db.execute(sql`select count(*)::int as count from pgboss.job where name = ${CLOUD_WEBHOOK_JOB.name}`);
  const rows = (Array.isArray(result) ? result : (result as { rows: { count: number }[] }).rows) as { count: number }[];
  return Number(rows[0]?.count ?? 0);
};
const rowsOf = (company = companyId) => t.db.select().from(messages).where(eq(messages.companyId, company)).orderBy(asc(messages.id));
const rowByWid = async (wid: string) => (await t.db.select().from(messages).where(and(eq(messages.companyId, companyId), eq(messages.wid, wid))))[0];
const storedWid = (wid: string) => eventually(() => rowByWid(wid), (row) => row !== undefined);

describe("GET /webhooks/whatsapp-cloud/:webhookKey (Meta's subscription handshake)", () => {
  const handshake = (query: Record<string, string>, key = secrets.webhookKey) =>
    t.app.inject({ method: "GET", url: `/webhooks/whatsapp-cloud/${key}?${new URLSearchParams(query).toString()}` });

  it("echoes the challenge as text when the mode is subscribe and the verify token is the connection's", async () => {
    const response = await handshake({ "hub.mode": "subscribe", "hub.verify_token": secrets.verifyToken, "hub.challenge": "1158201444" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain/);
    expect(response.body).toBe("1158201444");
  });

  it("answers 403 to a wrong verify token, a wrong mode, a missing challenge and an unknown key", async () => {
    const answers = await Promise.all([
      handshake({ "hub.mode": "subscribe", "hub.verify_token": `${secrets.verifyToken}x`, "hub.challenge": "1" }),
      handshake({ "hub.mode": "unsubscribe", "hub.verify_token": secrets.verifyToken, "hub.challenge": "1" }),
      handshake({ "hub.mode": "subscribe", "hub.verify_token": secrets.verifyToken }),
      handshake({ "hub.mode": "subscribe", "hub.verify_token": secrets.verifyToken, "hub.challenge": "1" }, "a".repeat(32)),
    ]);
    for (const response of answers) {
      expect({ status: response.statusCode, error: response.json<{ error: string }>().error }).toEqual({ status: 403, error: "ERR_CLOUD_WEBHOOK_FORBIDDEN" });
      expect(response.body).not.toContain(secrets.verifyToken);
    }
  });
});

describe("POST /webhooks/whatsapp-cloud/:webhookKey (signature)", () => {
  it("accepts a notification signed with the connection's app secret: answered 200, then stored", async () => {
    const wid = widOf("SIGNED");
    const response = await post(notification(messagesValue(customer(), "Ana", [{ id: wid, type: "text", text: { body: "Olá" } }])));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: true });
    expect((await storedWid(wid))?.body).toBe("Olá");
  });

  it("answers 401 to a bad, a missing and another connection's signature, and to an unknown key; nothing stored, nothing queued", async () => {
    const other = await createCloudConnection(t.db, { companyId, isDefault: false });
    const wid = widOf("FORGED");
    const body = notification(messagesValue(customer(), "Eve", [{ id: wid, type: "text", text: { body: "forjada" } }]));
    const jobsBefore = await jobCount();
    const answers = [
      await post(body, { signature: `sha256=${"0".repeat(64)}` }),
      await post(body, { signature: null }),
      await post(body, { signature: "sha1=abc" }),
      await post(body, { secret: other.secrets.appSecret }),
      await post(body, { key: "b".repeat(32) }),
    ];
    for (const response of answers) {
      expect({ status: response.statusCode, error: response.json<{ error: string }>().error }).toEqual({ status: 401, error: "ERR_CLOUD_WEBHOOK_UNAUTHENTICATED" });
    }
    expect(await jobCount()).toBe(jobsBefore);
    expect(await rowByWid(wid)).toBeUndefined();
  });

  it("answers 5xx when the notification cannot be queued, so that Meta delivers it again; the redelivery is stored", async () => {
    const wid = widOf("QUEUE-DOWN");
    const body = notification(messagesValue(customer(), "Ana", [{ id: wid, type: "text", text: { body: "de novo" } }]));
    const realSend = t.platform.jobs.send.bind(t.platform.jobs);
    let refused = 0;
    // Only the webhook's queueing fails: the engine's own jobs of earlier notifications go on.
    const send = vi.spyOn(t.platform.jobs, "send").mockImplementation(async (definition, ...rest) => {
      if (definition.name !== CLOUD_WEBHOOK_JOB.name) return realSend(definition, ...rest);
      refused += 1;
      throw new Error("Connection terminated unexpectedly");
    });
    try {
      const failed = await post(body);
      expect(failed.statusCode).toBeGreaterThanOrEqual(500);
      expect(failed.json<{ error: string }>().error).not.toBe("ERR_VALIDATION");
      expect(refused).toBe(1);
    } finally {
      send.mockRestore();
    }
    expect(await rowByWid(wid)).toBeUndefined();
    expect((await post(body)).statusCode).toBe(200);
    expect((await storedWid(wid))?.body).toBe("de novo");
  });

  it("answers 400 to a signed body that is not JSON or not of Meta's shape, and queues nothing", async () => {
    const jobsBefore = await jobCount();
    const notJson = await post("{not json");
    const wrongShape = await post({ object: "whatsapp_business_account", entry: [{ changes: [{ field: "messages", value: { messages: [{ id: 5 }] } }] }] });
    for (const response of [notJson, wrongShape]) {
      expect({ status: response.statusCode, error: response.json<{ error: string }>().error }).toEqual({ status: 400, error: "ERR_VALIDATION" });
    }
    expect(await jobCount()).toBe(jobsBefore);
  });
});

describe("the inbound messages of a notification", () => {
  it("stores every type Meta sends, with the contact's name and the quoted message", async () => {
    const from = customer();
    fake.media.set("media-image", { data: PNG, mimeType: "image/png" });
    fake.media.set("media-voice", { data: Buffer.concat([Buffer.from("OggS"), Buffer.alloc(60)]), mimeType: "audio/ogg; codecs=opus" });
    fake.media.set("media-video", { data: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom"), Buffer.alloc(40)]), mimeType: "video/mp4" });
    fake.media.set("media-pdf", { data: Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n", "latin1"), mimeType: "application/pdf" });
    fake.media.set("media-sticker", { data: Buffer.concat([Buffer.from("RIFF"), Buffer.alloc(4), Buffer.from("WEBPVP8 "), Buffer.alloc(30)]), mimeType: "image/webp" });
    const ids = Object.fromEntries(
      ["text", "image", "audio", "video", "document", "sticker", "location", "contacts", "button_reply", "list_reply", "button", "reaction", "reaction_removed", "order"].map((kind) => [kind, widOf(kind)]),
    );
    const list = [
      { id: ids.text, type: "text", text: { body: "Quero saber do pedido" } },
      { id: ids.image, type: "image", image: { id: "media-image", mime_type: "image/png", sha256: "x", caption: "a foto" }, context: { from: "5511999990000", id: ids.text } },
      { id: ids.audio, type: "audio", audio: { id: "media-voice", mime_type: "audio/ogg; codecs=opus", voice: true } },
      { id: ids.video, type: "video", video: { id: "media-video", mime_type: "video/mp4" } },
      { id: ids.document, type: "document", document: { id: "media-pdf", mime_type: "application/pdf", filename: "boleto.pdf" } },
      { id: ids.sticker, type: "sticker", sticker: { id: "media-sticker", mime_type: "image/webp", animated: false } },
      { id: ids.location, type: "location", location: { latitude: -23.5505, longitude: -46.6333, name: "Loja Centro", address: "Praça da Sé, São Paulo" } },
      { id: ids.contacts, type: "contacts", contacts: [{ name: { formatted_name: "Bruno Lima", first_name: "Bruno" }, phones: [{ phone: "+55 11 98888-7777", wa_id: "5511988887777", type: "CELL" }] }] },
      { id: ids.button_reply, type: "interactive", interactive: { type: "button_reply", button_reply: { id: "yes", title: "Sim, confirmo" } } },
      { id: ids.list_reply, type: "interactive", interactive: { type: "list_reply", list_reply: { id: "row-2", title: "Segunda via", description: "do boleto" } } },
      { id: ids.button, type: "button", button: { payload: "STOP", text: "Parar promoções" } },
      { id: ids.reaction, type: "reaction", reaction: { message_id: ids.text, emoji: "👍" } },
      { id: ids.reaction_removed, type: "reaction", reaction: { message_id: ids.text } },
      { id: ids.order, type: "order", order: { catalog_id: "1", product_items: [] } },
    ];
    const response = await post(notification(messagesValue(from, "Maria Cliente", list)));
    expect(response.statusCode, response.body).toBe(200);
    await storedWid(ids.order!);

    const rows = new Map((await rowsOf()).map((row) => [row.wid, row]));
    const pick = (kind: string) => {
      const row = rows.get(ids[kind]!);
      return row && { body: row.body, mediaType: row.mediaType, mime: row.mediaMime, hasFile: row.mediaUrl !== null, rawType: row.rawType, quoted: row.quotedMsgId, data: row.data };
    };
    const textRow = rows.get(ids.text!)!;
    expect(pick("text")).toEqual({ body: "Quero saber do pedido", mediaType: "chat", mime: null, hasFile: false, rawType: null, quoted: null, data: null });
    expect(pick("image")).toEqual({ body: "a foto", mediaType: "image", mime: "image/png", hasFile: true, rawType: null, quoted: textRow.id, data: null });
    expect(pick("audio")).toEqual({ body: "", mediaType: "audio", mime: "audio/ogg", hasFile: true, rawType: null, quoted: null, data: { voice: true } });
    expect(pick("video")).toMatchObject({ mediaType: "video", mime: "video/mp4", hasFile: true });
    expect(pick("document")).toMatchObject({ body: "boleto.pdf", mediaType: "application", mime: "application/pdf", hasFile: true });
    expect(rows.get(ids.document!)?.mediaName).toBe("boleto.pdf");
    expect(pick("sticker")).toMatchObject({ mediaType: "sticker", mime: "image/webp", hasFile: true });
    expect(pick("location")).toMatchObject({
      body: "Loja Centro\nPraça da Sé, São Paulo",
      mediaType: "location",
      data: { location: { latitude: -23.5505, longitude: -46.6333, description: "Loja Centro\nPraça da Sé, São Paulo" } },
    });
    expect(pick("contacts")).toMatchObject({ body: "Bruno Lima", mediaType: "vcard", data: { vcard: { name: "Bruno Lima", numbers: ["5511988887777"] } } });
    expect((rows.get(ids.contacts!)?.data as { vcard: { raw: string } }).vcard.raw).toContain("TEL;type=CELL;waid=5511988887777:+5511988887777");
    expect(pick("button_reply")).toMatchObject({ body: "Sim, confirmo", mediaType: "chat" });
    expect(pick("list_reply")).toMatchObject({ body: "Segunda via", mediaType: "chat" });
    expect(pick("button")).toMatchObject({ body: "Parar promoções", mediaType: "chat" });
    expect(pick("reaction")).toMatchObject({ body: "👍", mediaType: "chat", quoted: textRow.id });
    expect(rows.has(ids.reaction_removed!)).toBe(false);
    expect(pick("order")).toMatchObject({ body: "[order]", mediaType: "chat", rawType: "order" });

    const [contact] = await t.db.select().from(contacts).where(and(eq(contacts.companyId, companyId), eq(contacts.number, from)));
    expect(contact?.name).toBe("Maria Cliente");
    // Every media was fetched as Meta documents it: GET /{mediaId}, then its URL, with the bearer token.
    const mediaCalls = fake.requests.filter((request) => request.path === "/media-image" || request.path === "/download/media-image");
    expect(mediaCalls.map((request) => [request.method, request.path, request.headers.authorization])).toEqual([
      ["GET", "/media-image", "Bearer fake-token"],
      ["GET", "/download/media-image", "Bearer fake-token"],
    ]);
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.id, textRow.ticketId));
    expect({ status: ticket?.status, whatsappId: ticket?.whatsappId }).toEqual({ status: "pending", whatsappId: connectionId });
  });

  it("refuses a disguised file like any upload: the message is stored without the file, with the reason", async () => {
    fake.media.set("media-disguised", { data: Buffer.from("<html><script>alert(1)</script></html>"), mimeType: "application/pdf" });
    const wid = widOf("DISGUISED");
    await post(notification(messagesValue(customer(), "Eve", [{ id: wid, type: "document", document: { id: "media-disguised", mime_type: "application/pdf", filename: "nota.pdf" } }])));
    const row = await storedWid(wid);
    expect({ mediaUrl: row?.mediaUrl, mediaType: row?.mediaType, error: (row?.data as { mediaError?: string } | null)?.mediaError }).toEqual({
      mediaUrl: null,
      mediaType: "application",
      error: expect.any(String),
    });
  });

  it("stores a redelivered message once, also when two deliveries are handled at the same time", async () => {
    const wid = widOf("REDELIVERED");
    const body = notification(messagesValue(customer(), "Ana", [{ id: wid, type: "text", text: { body: "uma vez" } }]));
    expect((await post(body)).statusCode).toBe(200);
    expect((await post(body)).statusCode).toBe(200);
    await storedWid(wid);
    const deps = {
      db: t.db,
      box: t.platform.auth.box,
      graphUrl: fake.url,
      sink: t.platform.channels.onVerifiedEvent,
      reconcileSend: (event: Parameters<typeof t.platform.engine.reconcileSend>[0]) => t.platform.engine.reconcileSend(event),
      log: { error: () => undefined, warn: () => undefined, info: () => undefined },
    };
    const payload = CLOUD_WEBHOOK_JOB.schema.parse({ companyId, connectionId, notification: body });
    const concurrentWid = widOf("CONCURRENT");
    const concurrent = CLOUD_WEBHOOK_JOB.schema.parse({ companyId, connectionId, notification: notification(messagesValue(customer(), "Bia", [{ id: concurrentWid, type: "text", text: { body: "juntas" } }])) });
    await Promise.all([runCloudWebhookJob(deps, payload), runCloudWebhookJob(deps, concurrent), runCloudWebhookJob(deps, concurrent), runCloudWebhookJob(deps, payload)]);
    // Wait for every job queued so far to finish before counting.
    await eventually(() => jobCountIn(["created", "retry", "active"]), (count) => count === 0);
    const all = await rowsOf();
    expect(all.filter((row) => row.wid === wid)).toHaveLength(1);
    expect(all.filter((row) => row.wid === concurrentWid)).toHaveLength(1);
  });

  it("starts the 24-hour window when the customer sent the message (Meta's timestamp), and a late older message never moves it back", async () => {
    const from = customer();
    const sentAt = Math.floor(Date.now() / 1000) - 23 * 3600;
    const wid = widOf("WINDOW");
    expect((await post(notification({ contacts: [{ profile: { name: "Dora" }, wa_id: from }], messages: [{ from, id: wid, timestamp: String(sentAt), type: "text", text: { body: "ontem" } }] }))).statusCode).toBe(200);
    const stored = await storedWid(wid);
    const windowStart = async () => (await t.db.select({ at: tickets.lastCustomerMessageAt }).from(tickets).where(eq(tickets.id, stored!.ticketId)))[0]?.at;
    expect((await windowStart())?.getTime()).toBe(sentAt * 1000);

    const older = widOf("OLDER");
    expect((await post(notification({ contacts: [{ profile: { name: "Dora" }, wa_id: from }], messages: [{ from, id: older, timestamp: String(sentAt - 3600), type: "text", text: { body: "anteontem" } }] }))).statusCode).toBe(200);
    await storedWid(older);
    expect((await windowStart())?.getTime()).toBe(sentAt * 1000);
  });

  it("stores the messages of a connection that is not connected (Meta sends only to configured apps)", async () => {
    const disconnected = await createCloudConnection(t.db, { companyId, status: "DISCONNECTED", isDefault: false, phoneNumberId: "1000000009" });
    const wid = widOf("OFFLINE");
    const body = notification(messagesValue(customer(), "Caio", [{ id: wid, type: "text", text: { body: "alguém aí?" } }]), "1000000009");
    expect((await post(body, { key: disconnected.secrets.webhookKey, secret: disconnected.secrets.appSecret })).statusCode).toBe(200);
    expect((await storedWid(wid))?.whatsappId).toBe(disconnected.connection.id);
  });

  it("leaves a change of another phone number of the same Meta app to that number's connection", async () => {
    const wid = widOf("OTHER-NUMBER");
    const marker = widOf("MARKER");
    const body = {
      object: "whatsapp_business_account",
      entry: [
        {
          id: secrets.businessAccountId,
          changes: [
            { field: "messages", value: { metadata: { phone_number_id: "1000000077" }, ...messagesValue(customer(), "X", [{ id: wid, type: "text", text: { body: "outro número" } }]) } },
            { field: "message_template_status_update", value: { event: "APPROVED", message_template_name: "boas_vindas" } },
            { field: "messages", value: { metadata: { phone_number_id: secrets.phoneNumberId }, ...messagesValue(customer(), "Y", [{ id: marker, type: "text", text: { body: "este" } }]) } },
          ],
        },
      ],
    };
    expect((await post(body)).statusCode).toBe(200);
    await storedWid(marker);
    expect(await rowByWid(wid)).toBeUndefined();
  });
});

const jobCountIn = async (states: string[]) => {
  const result = await t.db.execute(sql`select count(*)::int as count from pgboss.job where name = ${CLOUD_WEBHOOK_JOB.name} and state::text in (${sql.join(states.map((state) => sql`${state}`), sql`, `)})`);
  const rows = (Array.isArray(result) ? result : (result as { rows: { count: number }[] }).rows) as { count: number }[];
  return Number(rows[0]?.count ?? 0);
};

describe("the statuses of a notification", () => {
  /** An outbound message of a conversation of this connection, as a send leaves it. */
  async function outbound(values: Partial<typeof messages.$inferInsert>) {
    const first = widOf("FIRST");
    await post(notification(messagesValue(customer(), "Cliente", [{ id: first, type: "text", text: { body: "oi" } }])));
    const inbound = await storedWid(first);
    const [row] = await t.db
      .insert(messages)
      .values({ companyId, ticketId: inbound!.ticketId, contactId: inbound!.contactId, whatsappId: connectionId, body: "Resposta", fromMe: true, read: true, ack: 1, sendStatus: "sent", ...values })
      .returning();
    return row!;
  }
  const statusValue = (statuses: Record<string, unknown>[]) => ({ statuses: statuses.map((status) => ({ timestamp: nowSeconds(), recipient_id: "5511900000000", ...status })) });
  const ackOf = async (id: number) => (await t.db.select({ ack: messages.ack }).from(messages).where(eq(messages.id, id)))[0]?.ack;

  it("moves the ack to delivered (2) and read (3), and never back when statuses arrive out of order", async () => {
    const wid = widOf("OUT");
    const row = await outbound({ wid });
    await post(notification(statusValue([{ id: wid, status: "delivered" }])));
    await eventually(() => ackOf(row.id), (ack) => ack === 2);
    await post(notification(statusValue([{ id: wid, status: "read" }, { id: wid, status: "delivered" }])));
    await post(notification(statusValue([{ id: wid, status: "sent" }])));
    const marker = widOf("AFTER");
    await post(notification(messagesValue(customer(), "Z", [{ id: marker, type: "text", text: { body: "depois" } }])));
    await storedWid(marker);
    expect(await ackOf(row.id)).toBe(3);
    const acks = t.published.flatMap((event) => (event.name === "message.updated" && event.payload.message.id === row.id ? [event.payload.message.ack] : []));
    expect(acks).toEqual([2, 3]);
  });

  it("marks a message failed with Meta's reason and code", async () => {
    const wid = widOf("FAILED");
    const row = await outbound({ wid });
    await post(notification(statusValue([{ id: wid, status: "failed", errors: [{ code: 131047, title: "Re-engagement message", message: "Re-engagement message", error_data: { details: "Message failed to send because more than 24 hours have passed since the customer last replied to this number." } }] }])));
    const failed = await eventually(async () => (await t.db.select().from(messages).where(eq(messages.id, row.id)))[0], (message) => message?.sendStatus === "failed");
    expect(failed?.sendError).toBe("Re-engagement message: Message failed to send because more than 24 hours have passed since the customer last replied to this number. (131047)");
  });

  it("completes the bookkeeping of a send interrupted after the Graph API call: the message is sent with the status's id, and its retried job sends nothing", async () => {
    const row = await outbound({ ack: 0, sendStatus: "pending" });
    const key = idempotencyKeyOf(companyId, row.id);
    await t.db.insert(cloudSendAttempts).values({ companyId, connectionId, idempotencyKey: key });
    const wid = widOf("RECONCILED");
    await post(notification(statusValue([{ id: wid, status: "sent", biz_opaque_callback_data: key }])));
    const sent = await eventually(async () => (await t.db.select().from(messages).where(eq(messages.id, row.id)))[0], (message) => message?.sendStatus === "sent");
    expect({ wid: sent?.wid, ack: sent?.ack, error: sent?.sendError }).toEqual({ wid, ack: 1, error: null });
    const [attempt] = await t.db.select().from(cloudSendAttempts).where(eq(cloudSendAttempts.idempotencyKey, key));
    expect(attempt?.wid).toBe(wid);
    const calls = fake.requests.length;
    await runSendMessageJob(t.platform.engine.deps, { companyId, messageId: row.id }, { retryCount: 1 });
    expect(fake.requests.length).toBe(calls);
  });

  it("reconciles nothing of another company, whatever key a status carries", async () => {
    const other = await createCompany(t.db);
    const row = await outbound({ ack: 0, sendStatus: "pending" });
    const foreignKey = idempotencyKeyOf(other.id, row.id);
    await post(notification(statusValue([{ id: widOf("FOREIGN"), status: "sent", biz_opaque_callback_data: foreignKey }])));
    const marker = widOf("AFTER-FOREIGN");
    await post(notification(messagesValue(customer(), "Z", [{ id: marker, type: "text", text: { body: "depois" } }])));
    await storedWid(marker);
    const [after] = await t.db.select().from(messages).where(eq(messages.id, row.id));
    expect({ status: after?.sendStatus, wid: after?.wid }).toEqual({ status: "pending", wid: null });
  });
});

describe("company isolation", () => {
  it("a webhook of company A's connection creates nothing in company B, and A's notification is refused at B's key", async () => {
    const b = await createCompany(t.db);
    const bConnection = await createCloudConnection(t.db, { companyId: b.id });
    const count = async (id: number) => ({
      messages: (await t.db.select({ id: messages.id }).from(messages).where(eq(messages.companyId, id))).length,
      contacts: (await t.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.companyId, id))).length,
      tickets: (await t.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.companyId, id))).length,
    });
    const before = await count(b.id);
    const wid = widOf("A-ONLY");
    const body = notification(messagesValue(customer(), "Ana", [{ id: wid, type: "text", text: { body: "para A" } }]));
    expect((await post(body)).statusCode).toBe(200);
    const refused = await post(body, { key: bConnection.secrets.webhookKey });
    expect(refused.statusCode).toBe(401);
    const replayedAtB = await post(body, { key: bConnection.secrets.webhookKey, signature: signWebhook(JSON.stringify(body), secrets.appSecret) });
    expect(replayedAtB.statusCode).toBe(401);
    expect((await storedWid(wid))?.companyId).toBe(companyId);
    expect(await count(b.id)).toEqual(before);
  });
});
