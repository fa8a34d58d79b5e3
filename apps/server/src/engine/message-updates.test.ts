import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type TestApp, buildTestApp } from "../../test/build-test-app.ts";
import { statementsOf } from "../../test/statements.ts";
import { attachFakeDriver, createConnectionRow } from "../../test/engine-harness.ts";
import { createCompany, createUser } from "../../test/factories.ts";
import { campaignShipping, campaigns, contacts, messages, tickets } from "../db/schema/index.ts";
import { loadMessage } from "../modules/messages/index.ts";
import { recordSent } from "./message-updates.ts";
import { runSendMessageJob } from "./outbound.ts";

let t: TestApp;
let companyId: number;
let connection: Awaited<ReturnType<typeof createConnectionRow>>;
let attendantId: number;
let sequence = 0;

// The job queue is not started: nothing but the change under test sends statements.
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  const company = await createCompany(t.db);
  companyId = company.id;
  connection = await createConnectionRow(t.db, companyId);
  attendantId = (await createUser(t.db, { companyId, profile: "user", name: "Carla" })).id;
  t.published.length = 0;
});

/** An open ticket with a customer's message and the attendant's reply quoting it, sent with `wid` at ack 1. */
async function sentReply() {
  sequence += 1;
  const number = `55119${String(7_000_000 + sequence).padStart(8, "0")}`;
  const [contact] = await t.db.insert(contacts).values({ companyId, number, name: "Cliente", whatsappId: connection.id }).returning();
  const [ticket] = await t.db.insert(tickets).values({ companyId, contactId: contact!.id, whatsappId: connection.id, status: "open", userId: attendantId }).returning();
  const base = { companyId, ticketId: ticket!.id, contactId: contact!.id, whatsappId: connection.id };
  const [question] = await t.db.insert(messages).values({ ...base, wid: `IN-${sequence}`, body: "Chegou?", fromMe: false }).returning();
  const wid = `OUT-${sequence}`;
  const [reply] = await t.db
    .insert(messages)
    .values({ ...base, wid, body: "Saiu hoje", fromMe: true, read: true, ack: 1, sendStatus: "sent", quotedMsgId: question!.id, userId: attendantId })
    .returning();
  return { ticket: ticket!, reply: reply!, wid };
}

const engine = () => t.platform.engine;
const routing = (ticket: { id: number; queueId: number | null; userId: number | null }) => ({ id: ticket.id, status: "open", queueId: ticket.queueId, userId: ticket.userId });

describe("a network ack", () => {
  it("is recorded and announced in one statement, the message as the conversation reads it", async () => {
    const { ticket, reply, wid } = await sentReply();
    expect(await statementsOf(t, () => engine().handleAck({ companyId, connectionId: connection.id, wid, ack: 3 }))).toBe(1);

    const expected = await loadMessage(t.db, companyId, reply.id);
    expect(expected).toMatchObject({ ack: 3, quotedMsg: { body: "Chegou?" } });
    expect(t.published).toEqual([{ name: "message.updated", payload: { companyId, message: expected, ticket: routing(ticket) } }]);
  });

  it("never moves back, and an unknown wid or another company's changes nothing", async () => {
    const { reply, wid } = await sentReply();
    await engine().handleAck({ companyId, connectionId: connection.id, wid, ack: 3 });
    t.published.length = 0;
    await engine().handleAck({ companyId, connectionId: connection.id, wid, ack: 2 });
    await engine().handleAck({ companyId, connectionId: connection.id, wid: "OUT-unknown", ack: 4 });
    const other = await createCompany(t.db);
    await engine().handleAck({ companyId: other.id, connectionId: connection.id, wid, ack: 4 });
    expect(t.published).toEqual([]);
    expect((await t.db.select().from(messages).where(eq(messages.id, reply.id)))[0]!.ack).toBe(3);
  });

  it("of a campaign's message or confirmation request announces the campaign; of any other message, no campaign is asked", async () => {
    const [campaign] = await t.db.insert(campaigns).values({ companyId, name: "Promo", status: "EM_ANDAMENTO", whatsappId: connection.id }).returning();
    const text = await sentReply();
    const confirmation = await sentReply();
    await t.db.insert(campaignShipping).values([
      { companyId, campaignId: campaign!.id, number: "5511900000001", whatsappId: connection.id, claimedAt: new Date(), messageId: text.reply.id },
      { companyId, campaignId: campaign!.id, number: "5511900000002", whatsappId: connection.id, claimedAt: new Date(), confirmationMessageId: confirmation.reply.id },
    ]);
    const plain = await sentReply();
    const announced = () => t.published.filter((event) => event.name === "record.changed").map((event) => (event.payload as { record: { id: number } }).record.id);

    for (const sent of [text, confirmation]) {
      t.published.length = 0;
      await engine().handleAck({ companyId, connectionId: connection.id, wid: sent.wid, ack: 2 });
      expect(announced()).toEqual([campaign!.id]);
    }
    t.published.length = 0;
    expect(await statementsOf(t, () => engine().handleAck({ companyId, connectionId: connection.id, wid: plain.wid, ack: 2 }))).toBe(1);
    expect(announced()).toEqual([]);
  });
});

describe("a message the network took", () => {
  it("is marked sent with its wid and announced in one statement", async () => {
    const { ticket, reply } = await sentReply();
    await t.db.update(messages).set({ ack: 0, sendStatus: "pending", sendError: "rede instável", sendRetryUntil: new Date(Date.now() + 60_000) }).where(eq(messages.id, reply.id));

    expect(await statementsOf(t, () => recordSent(engine().deps, companyId, reply.id, "WID-NEW", new Date()))).toBe(1);

    const [row] = await t.db.select().from(messages).where(eq(messages.id, reply.id));
    expect(row).toMatchObject({ wid: "WID-NEW", ack: 1, sendStatus: "sent", sendError: null, sendRetryUntil: null });
    const expected = await loadMessage(t.db, companyId, reply.id);
    expect(t.published).toEqual([{ name: "message.updated", payload: { companyId, message: expected, ticket: routing(ticket) } }]);
  });
});

describe("a send job", () => {
  /** Pending replies of the chat of `ticket`, stored in this order. */
  async function pendingReplies(ticket: { id: number; contactId: number }, bodies: string[]) {
    const rows = [];
    for (const body of bodies) {
      const [row] = await t.db
        .insert(messages)
        .values({ companyId, ticketId: ticket.id, contactId: ticket.contactId, whatsappId: connection.id, body, fromMe: true, read: true, ack: 0, sendStatus: "pending", userId: attendantId })
        .returning();
      rows.push(row!);
    }
    return rows;
  }
  const statusOf = async (id: number) => (await t.db.select({ status: messages.sendStatus }).from(messages).where(eq(messages.id, id)))[0]?.status;

  it("sends the chat's one pending message with one read before the send and one write after it", async () => {
    const driver = await attachFakeDriver(t, connection);
    const { ticket } = await sentReply();
    const [pending] = await pendingReplies(ticket, ["Já vai"]);

    expect(await statementsOf(t, () => runSendMessageJob(engine().deps, { companyId, messageId: pending!.id }, { retryCount: 0 }))).toBe(2);

    expect(driver.bodies()).toEqual(["Já vai"]);
    expect(await statusOf(pending!.id)).toBe("sent");
    expect(t.published).toEqual([{ name: "message.updated", payload: { companyId, message: await loadMessage(t.db, companyId, pending!.id), ticket: routing(ticket) } }]);
  });

  it("sends the chat's earlier pending messages first and leaves the later ones to their own jobs", async () => {
    const driver = await attachFakeDriver(t, connection);
    const { ticket } = await sentReply();
    const [first, second, third] = await pendingReplies(ticket, ["um", "dois", "três"]);
    // The queue is not running here: the jobs still queued of the chat are none.
    const queuedOfChat = vi.spyOn(engine().deps.jobs, "queuedByKey").mockResolvedValue([]);
    try {
      await runSendMessageJob(engine().deps, { companyId, messageId: second!.id }, { retryCount: 0 });
      expect(driver.bodies()).toEqual(["um", "dois"]);
      expect(await statusOf(third!.id)).toBe("pending");
      // Having sent another's message, the job looks for that message's job, to complete it.
      expect(queuedOfChat).toHaveBeenCalledTimes(1);
      // The first message's own job finds it sent: nothing goes out twice.
      await runSendMessageJob(engine().deps, { companyId, messageId: first!.id }, { retryCount: 0 });
      await runSendMessageJob(engine().deps, { companyId, messageId: third!.id }, { retryCount: 0 });
      expect(driver.bodies()).toEqual(["um", "dois", "três"]);
      expect(queuedOfChat).toHaveBeenCalledTimes(1);
    } finally {
      queuedOfChat.mockRestore();
    }
  });
});
