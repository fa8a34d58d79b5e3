import { and, asc, eq } from "drizzle-orm";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cloudSendAttempts, connections, messages, tickets } from "../../db/schema/index.ts";
import { idempotencyKeyOf, queueOutboundMessage } from "../../engine/outbound.ts";
import { SecretBox } from "../../lib/secret-box.ts";
import type { StoredMedia } from "../../media/media-store.ts";
import { PNG } from "../../modules/queues/upload-fixtures.ts";
import { type TestApp, buildTestApp, testConfig } from "../../../test/build-test-app.ts";
import { eventually, inbound } from "../../../test/engine-harness.ts";
import { bearer, createCloudConnection, createTenant } from "../../../test/factories.ts";
import { type FakeGraph, type FakeGraphFailure, startFakeGraph } from "../../../test/fake-graph.ts";
import { CLOUD_RECHECK_MS, CLOUD_SEND_CONFIRM_MS, CloudDriver, type CloudDriverDeps, UNKNOWN_DELIVERY_REASON } from "./cloud-driver.ts";

const CUSTOMER = "5511977776666";
const PHONE_ID = "1000000001";

let t: TestApp;
let fake: FakeGraph;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let connectionId: number;
let ticketId: number;
let inboundWid: string;

beforeEach(async () => {
  fake = await startFakeGraph();
  t = await buildTestApp({ whatsappCloudApiUrl: fake.url }, { start: true });
  tenant = await createTenant(t.app, t.db);
  const { connection } = await createCloudConnection(t.db, { companyId: tenant.company.id });
  connectionId = connection.id;
  await t.platform.channels.start(tenant.company.id, connectionId);
  expect(await statusOf()).toMatchObject({ status: "CONNECTED", number: "5511999990000" });
  // The customer wrote first: the conversation (and its 24-hour window) is open.
  const first = inbound({ id: connectionId, companyId: tenant.company.id }, CUSTOMER, "Oi");
  inboundWid = first.wid;
  await t.platform.engine.handleInbound(first);
  const [ticket] = await t.db.select().from(tickets).where(eq(tickets.companyId, tenant.company.id));
  ticketId = ticket!.id;
  fake.requests.length = 0;
});
afterEach(async () => {
  await t.close();
  await fake.close();
});

async function statusOf() {
  const [row] = await t.db.select({ status: connections.status, number: connections.number, statusReason: connections.statusReason }).from(connections).where(eq(connections.id, connectionId));
  return row;
}

async function outbound() {
  return t.db
    .select()
    .from(messages)
    .where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true)))
    .orderBy(asc(messages.id));
}

/** Queues a message as the attendant's composer does and waits until it is sent or failed. */
async function sendAndSettle(input: { body: string; media?: StoredMedia; asVoice?: boolean; quotedMsgId?: number }) {
  const message = await queueOutboundMessage(t.platform.engine.deps, { companyId: tenant.company.id, ticketId, userId: tenant.admin.id, ...input }, { outsideWindow: "refuse" });
  return eventually(
    async () => (await outbound()).find((row) => row.id === message.id)!,
    (row) => row.sendStatus !== "pending",
    20_000,
  );
}

/** The requests of sends: a session check (`GET /{phoneNumberId}`) a late start may still make is left out. */
const sendRequests = () => fake.requests.filter((request) => !(request.method === "GET" && request.path === `/${PHONE_ID}`));
const messagePosts = () => fake.requests.filter((request) => request.method === "POST" && request.path === `/${PHONE_ID}/messages`);

/** Replaces the platform's driver of the official line with one on the test's clock and timers, and starts the session on it. */
async function driveWith(options: Pick<CloudDriverDeps, "now" | "startTimer">) {
  const box = new SecretBox(testConfig().dataEncryptionKey);
  t.platform.channels.registerDriver(new CloudDriver({ db: t.db, box, sink: t.platform.channels.onEvent, graphUrl: fake.url, log: pino({ level: "silent" }), ...options }));
  await t.platform.channels.start(tenant.company.id, connectionId);
  fake.requests.length = 0;
}

function failNextSend(failure: FakeGraphFailure) {
  fake.failNext(`/${PHONE_ID}/messages`, failure);
}

describe("CloudDriver.start", () => {
  it("reports CONNECTED with the display number's digits after checking GET /{phoneNumberId} with the token", async () => {
    await t.platform.channels.start(tenant.company.id, connectionId);
    expect(fake.requests).toEqual([expect.objectContaining({ method: "GET", path: `/${PHONE_ID}` })]);
    expect(fake.requests[0]!.headers.authorization).toBe("Bearer fake-token");
    expect(await statusOf()).toEqual({ status: "CONNECTED", number: "5511999990000", statusReason: null });
  });

  it("reports DISCONNECTED with ERR_CLOUD_UNREACHABLE when the Graph API fails, and checks again later until it answers", async () => {
    const timers: { task: () => void; ms: number; cancelled: boolean }[] = [];
    const startTimer: CloudDriverDeps["startTimer"] = (task, ms) => {
      const timer = { task, ms, cancelled: false };
      timers.push(timer);
      return { cancel: () => (timer.cancelled = true) };
    };
    await driveWith({ startTimer });
    fake.failNext(`/${PHONE_ID}`, { status: 503, error: { code: 2, message: "Service temporarily unavailable" } });
    fake.failNext(`/${PHONE_ID}`, { status: 503, error: { code: 2, message: "Service temporarily unavailable" } });
    await t.platform.channels.start(tenant.company.id, connectionId);
    expect(await statusOf()).toMatchObject({ status: "DISCONNECTED", statusReason: "ERR_CLOUD_UNREACHABLE" });
    expect(timers.filter((timer) => !timer.cancelled).map((timer) => timer.ms)).toEqual([CLOUD_RECHECK_MS[0]]);

    timers.at(-1)!.task();
    await eventually(() => timers.length, (count) => count === 2);
    expect(timers[1]!.ms).toBe(CLOUD_RECHECK_MS[1]);
    timers[1]!.task();
    expect(await eventually(statusOf, (row) => row?.status === "CONNECTED")).toMatchObject({ statusReason: null, number: "5511999990000" });
    expect(fake.requests.filter((request) => request.path === `/${PHONE_ID}`)).toHaveLength(3);
  });

  it("reports DISCONNECTED with ERR_CLOUD_TOKEN_INVALID when the token was sealed with another key", async () => {
    const other = new SecretBox("another-data-encryption-key-long-enough-0123456789");
    await t.db.update(connections).set({ cloudAccessToken: other.seal("fake-token") }).where(eq(connections.id, connectionId));
    await t.platform.channels.start(tenant.company.id, connectionId);
    expect(await statusOf()).toMatchObject({ status: "DISCONNECTED", statusReason: "ERR_CLOUD_TOKEN_INVALID" });
    expect(fake.requests).toHaveLength(0);
  });
});

describe("CloudDriver.send", () => {
  it("sends text through POST /{phoneNumberId}/messages with preview_url when the text has a link, keyed for the status webhooks", async () => {
    const linked = await sendAndSettle({ body: "Veja https://conversa.example.com/pedido" });
    const plain = await sendAndSettle({ body: "Obrigado" });

    expect(messagePosts().map((request) => request.body)).toEqual([
      {
        messaging_product: "whatsapp",
        recipient_type: "individual",
        to: CUSTOMER,
        type: "text",
        text: { body: "Veja https://conversa.example.com/pedido", preview_url: true },
        biz_opaque_callback_data: idempotencyKeyOf(tenant.company.id, linked.id),
      },
      expect.objectContaining({ type: "text", text: { body: "Obrigado", preview_url: false } }),
    ]);
    expect(messagePosts()[0]!.headers.authorization).toBe("Bearer fake-token");
    expect(linked).toMatchObject({ sendStatus: "sent", ack: 1, wid: expect.stringMatching(/^wamid\./) as unknown });
    expect(plain.wid).not.toBe(linked.wid);
    const attempts = await t.db.select().from(cloudSendAttempts).where(eq(cloudSendAttempts.connectionId, connectionId));
    expect(attempts.map((attempt) => attempt.wid).sort()).toEqual([linked.wid, plain.wid].sort());
  });

  it("uploads a media to /{phoneNumberId}/media first, then sends it by id with its caption; a voice note goes as audio", async () => {
    const picture = await t.platform.media.save(tenant.company.id, PNG, "foto.png");
    const sent = await sendAndSettle({ body: "A foto", media: picture });
    expect(sent.sendStatus).toBe("sent");
    const [upload, send] = sendRequests();
    expect(upload).toMatchObject({ method: "POST", path: `/${PHONE_ID}/media`, body: { messaging_product: "whatsapp", type: "image/png", file: { name: "foto.png", size: PNG.length } } });
    expect(send!.body).toMatchObject({ type: "image", image: { id: expect.stringMatching(/^media-/) as unknown, caption: "A foto" } });

    fake.requests.length = 0;
    const voice = await t.platform.channels.send(connectionId, {
      idempotencyKey: "CVVOICE1",
      to: CUSTOMER,
      isGroup: false,
      body: "",
      media: { path: (await t.platform.media.resolve(tenant.company.id, picture.fileName))!.path, mimetype: "audio/ogg", filename: "voz.ogg", asVoice: true },
    });
    expect(voice.wid).toMatch(/^wamid\./);
    expect(sendRequests().map((request) => request.path)).toEqual([`/${PHONE_ID}/media`, `/${PHONE_ID}/messages`]);
    expect(sendRequests()[1]!.body).toMatchObject({ type: "audio", audio: { id: expect.stringMatching(/^media-/) as unknown } });
    expect(sendRequests()[1]!.body).not.toHaveProperty("audio.caption");
  });

  it("sends a reply with context.message_id of the quoted message", async () => {
    const [quoted] = await t.db.select().from(messages).where(eq(messages.wid, inboundWid));
    await sendAndSettle({ body: "Respondendo", quotedMsgId: quoted!.id });
    expect(messagePosts()[0]!.body).toMatchObject({ type: "text", context: { message_id: inboundWid } });
  });

  it("sends a template with its language and body parameters", async () => {
    const { wid } = await t.platform.channels.send(connectionId, {
      idempotencyKey: "CVTEMPLATE1",
      to: CUSTOMER,
      isGroup: false,
      body: "Olá Ana",
      template: { name: "boas_vindas", language: "pt_BR", parameters: ["Ana"] },
    });
    expect(wid).toMatch(/^wamid\./);
    expect(messagePosts()[0]!.body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: CUSTOMER,
      type: "template",
      template: { name: "boas_vindas", language: { code: "pt_BR" }, components: [{ type: "body", parameters: [{ type: "text", text: "Ana" }] }] },
      biz_opaque_callback_data: "CVTEMPLATE1",
    });
  });

  it("answers the recorded id of a send already made, without calling again", async () => {
    const message = { idempotencyKey: "CVTWICE1", to: CUSTOMER, isGroup: false, body: "uma vez" };
    const first = await t.platform.channels.send(connectionId, message);
    const second = await t.platform.channels.send(connectionId, message);
    expect(second).toEqual(first);
    expect(messagePosts()).toHaveLength(1);
  });
});

describe("Graph API errors of a send", () => {
  it("disconnects the connection with ERR_CLOUD_TOKEN_INVALID on an expired token, and keeps the message to retry", async () => {
    failNextSend({ status: 401, error: { code: 190, error_subcode: 463, message: "Error validating access token: Session has expired" } });
    const message = await queueOutboundMessage(t.platform.engine.deps, { companyId: tenant.company.id, ticketId, userId: tenant.admin.id, body: "Vai esperar" }, { outsideWindow: "refuse" });
    await eventually(statusOf, (row) => row?.status === "DISCONNECTED");
    expect(await statusOf()).toMatchObject({ statusReason: "ERR_CLOUD_TOKEN_INVALID" });
    const row = await eventually(
      async () => (await outbound()).find((candidate) => candidate.id === message.id)!,
      (candidate) => candidate.sendError !== null,
    );
    expect(row).toMatchObject({ sendStatus: "pending", sendError: `connection ${connectionId} is not connected` });
    // Meta answered: nothing was sent, so a later try may call again.
    expect(await t.db.select().from(cloudSendAttempts).where(eq(cloudSendAttempts.connectionId, connectionId))).toEqual([]);

    // The admin's retry checks the token again and the message goes.
    await t.platform.channels.start(tenant.company.id, connectionId);
    const sent = await eventually(
      async () => (await outbound()).find((candidate) => candidate.id === message.id)!,
      (candidate) => candidate.sendStatus === "sent",
      20_000,
    );
    expect(sent.wid).toMatch(/^wamid\./);
    expect(messagePosts()).toHaveLength(2);
  }, 40_000);

  it("retries a rate-limited send, which then goes once", async () => {
    failNextSend({ status: 400, error: { code: 131056, message: "(#131056) (Business Account, Consumer Account) pair rate limit hit" } });
    const sent = await sendAndSettle({ body: "Depois do limite" });
    expect(sent).toMatchObject({ sendStatus: "sent", sendError: null });
    expect(messagePosts()).toHaveLength(2);
  }, 30_000);

  it.each([
    [131047, "Re-engagement message", /re-engagement required/],
    [131026, "Message undeliverable", /could not be delivered/],
  ])("fails the message at once on code %i with a readable reason, and the conversation moves on", async (code, title, reason) => {
    failNextSend({ status: 400, error: { code, message: title, error_data: { details: "details from Meta" } } });
    const failed = await sendAndSettle({ body: "Recusada" });
    const next = await sendAndSettle({ body: "Seguinte" });

    expect(failed).toMatchObject({ sendStatus: "failed", sendRetryUntil: null, wid: null });
    expect(failed.sendError).toMatch(reason);
    expect(failed.sendError).toContain(`code ${code}`);
    expect(next.sendStatus).toBe("sent");
    expect(messagePosts().map((request) => (request.body as { text: { body: string } }).text.body)).toEqual(["Recusada", "Seguinte"]);
  });
});

describe("a send interrupted between the Graph API call and its bookkeeping", () => {
  it("never calls again: it waits for Meta's confirmation, then fails with the unknown delivery after CLOUD_SEND_CONFIRM_MS", async () => {
    let clock = Date.now();
    await driveWith({ now: () => new Date(clock) });

    // The interrupted try: its attempt row was committed, the call was made, its answer was never written down.
    const message = await queueOutboundMessage(
      t.platform.engine.deps,
      { companyId: tenant.company.id, ticketId, userId: tenant.admin.id, body: "Chegou?" },
      {
        outsideWindow: "refuse",
        inTransaction: async (tx, messageId) => {
          await tx.insert(cloudSendAttempts).values({ companyId: tenant.company.id, connectionId, idempotencyKey: idempotencyKeyOf(tenant.company.id, messageId), createdAt: new Date(clock) });
        },
      },
    );
    const waiting = await eventually(
      async () => (await outbound()).find((row) => row.id === message.id)!,
      (row) => row.sendError !== null,
    );
    expect(waiting).toMatchObject({ sendStatus: "pending", sendError: expect.stringMatching(/Waiting for Meta/) as unknown });

    clock += CLOUD_SEND_CONFIRM_MS + 1000;
    const failed = await eventually(
      async () => (await outbound()).find((row) => row.id === message.id)!,
      (row) => row.sendStatus !== "pending",
      30_000,
    );
    expect(failed).toMatchObject({ sendStatus: "failed", sendError: UNKNOWN_DELIVERY_REASON });
    expect(messagePosts()).toHaveLength(0);
  }, 40_000);
});

describe("read receipts, numbers and deletions", () => {
  it("marks the latest of the customer's messages read with status read", async () => {
    await t.platform.channels.markRead(connectionId, { number: CUSTOMER, isGroup: false }, ["wamid.OLD", "wamid.NEW"]);
    expect(messagePosts().map((request) => request.body)).toEqual([{ messaging_product: "whatsapp", status: "read", message_id: "wamid.NEW" }]);
  });

  it("takes any number as existing, by its digits (the Cloud API has no lookup)", async () => {
    await expect(t.platform.channels.checkNumber(connectionId, "+55 (11) 97777-6666")).resolves.toEqual({ exists: true, number: CUSTOMER });
    expect(sendRequests()).toHaveLength(0);
  });

  it("refuses deleting a sent message for everyone with ERR_CLOUD_DELETE_UNSUPPORTED, and keeps it", async () => {
    const sent = await sendAndSettle({ body: "Fica" });
    const response = await t.app.inject({ method: "DELETE", url: `/messages/${sent.id}`, headers: bearer(tenant.adminToken) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_CLOUD_DELETE_UNSUPPORTED" });
    expect((await outbound()).find((row) => row.id === sent.id)!.isDeleted).toBe(false);
  });

  it("logs out without calling Meta and reports DISCONNECTED", async () => {
    await t.platform.channels.disconnect(tenant.company.id, connectionId);
    expect(await statusOf()).toMatchObject({ status: "DISCONNECTED", statusReason: null });
    expect(sendRequests()).toHaveLength(0);
  });
});
