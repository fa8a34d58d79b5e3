import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type TestApp, buildTestApp } from "../../test/build-test-app.ts";
import { statementsOf } from "../../test/statements.ts";
import { createConnectionRow, inbound } from "../../test/engine-harness.ts";
import { createCompany, createUser } from "../../test/factories.ts";
import { campaignShipping, campaigns, contacts, messages, tickets } from "../db/schema/index.ts";
import { loadMessage } from "../modules/messages/index.ts";
import { loadTicket } from "../modules/tickets/index.ts";

let t: TestApp;
let companyId: number;
let connection: Awaited<ReturnType<typeof createConnectionRow>>;
let attendantId: number;
let sequence = 0;

// The job queue is not started: nothing but the message under test sends statements.
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

const newNumber = () => `55119${String(6_000_000 + (sequence += 1)).padStart(8, "0")}`;

/** A contact named by the customer, with a ticket in the given state on the test's connection. */
async function conversation(status: "open" | "pending", options: { userId?: number | null; name?: string; on?: { id: number } } = {}) {
  const number = newNumber();
  const on = options.on ?? connection;
  const [contact] = await t.db.insert(contacts).values({ companyId, number, name: options.name ?? `Cliente ${number.slice(-4)}`, whatsappId: on.id }).returning();
  const userId = options.userId === undefined ? attendantId : options.userId;
  const [ticket] = await t.db.insert(tickets).values({ companyId, contactId: contact!.id, whatsappId: on.id, status, userId, lastMessage: "antes" }).returning();
  return { number, contact: contact!, ticket: ticket! };
}

const messagesOf = (ticketId: number) => t.db.select().from(messages).where(and(eq(messages.companyId, companyId), eq(messages.ticketId, ticketId))).orderBy(asc(messages.id));
const ticketRow = async (id: number) => (await t.db.select().from(tickets).where(eq(tickets.id, id)))[0]!;
const engine = () => t.platform.engine;

describe("a customer's text in a conversation an attendant holds", () => {
  it("is stored in one statement, with the ticket's last message, unread count and customer time, and the events the general pipeline publishes", async () => {
    const { number, ticket } = await conversation("open");
    const message = inbound(connection, number, "Ainda estou esperando");

    expect(await statementsOf(t, () => engine().handleInbound(message))).toBe(1);

    const [stored] = await messagesOf(ticket.id);
    expect(stored).toMatchObject({ body: "Ainda estou esperando", fromMe: false, read: false, ack: 0, mediaType: "chat", wid: message.wid, contactId: ticket.contactId, whatsappId: connection.id });
    expect(stored!.createdAt.getTime()).toBe(message.timestamp.getTime());
    const after = await ticketRow(ticket.id);
    expect(after).toMatchObject({ status: "open", userId: attendantId, lastMessage: "Ainda estou esperando", unreadMessages: 1 });
    expect(after.lastCustomerMessageAt).not.toBeNull();

    // The events carry exactly what the general pipeline reads back after its transaction.
    const expectedMessage = await loadMessage(t.db, companyId, stored!.id);
    const expectedTicket = await loadTicket(t.db, companyId, ticket.id);
    expect(t.published.map((event) => event.name)).toEqual(["message.created", "ticket.updated"]);
    expect(t.published[0]!.payload).toEqual({ companyId, message: expectedMessage, ticket: expectedTicket });
    expect(t.published[1]!.payload).toEqual({ companyId, ticket: expectedTicket });
  });

  it("counts every message unread and links a quoted one", async () => {
    const { number, ticket } = await conversation("open");
    const first = inbound(connection, number, "primeira");
    await engine().handleInbound(first);
    await engine().handleInbound(inbound(connection, number, "segunda", { quotedWid: first.wid }));
    const [one, two] = await messagesOf(ticket.id);
    expect(two!.quotedMsgId).toBe(one!.id);
    expect(await ticketRow(ticket.id)).toMatchObject({ unreadMessages: 2, lastMessage: "segunda" });
    const event = t.published.filter((e) => e.name === "message.created").at(-1)!;
    expect(event.payload).toMatchObject({ message: { quotedMsg: { id: one!.id, body: "primeira" } } });
  });

  it("stores a redelivery once, publishing nothing for it", async () => {
    const { number, ticket } = await conversation("open");
    const message = inbound(connection, number, "uma vez");
    await engine().handleInbound(message);
    t.published.length = 0;
    expect(await statementsOf(t, () => engine().handleInbound({ ...message }))).toBe(1);
    expect(await messagesOf(ticket.id)).toHaveLength(1);
    expect(await ticketRow(ticket.id)).toMatchObject({ unreadMessages: 1 });
    expect(t.published).toEqual([]);
  });

  it("takes a pending ticket reserved for someone the same way, and records the contact's latest connection", async () => {
    const other = await createConnectionRow(t.db, companyId, { isDefault: false });
    const { number, ticket, contact } = await conversation("pending", { on: other });
    await t.db.update(contacts).set({ whatsappId: connection.id }).where(eq(contacts.id, contact.id));
    expect(await statementsOf(t, () => engine().handleInbound(inbound(other, number, "oi")))).toBe(1);
    expect(await messagesOf(ticket.id)).toHaveLength(1);
    expect((await t.db.select().from(contacts).where(eq(contacts.id, contact.id)))[0]!.whatsappId).toBe(other.id);
  });

  it("keeps the official line's window at the customer's own time, never moving it back for a late older message", async () => {
    const cloud = await createConnectionRow(t.db, companyId, { provider: "cloud", isDefault: false });
    const { number, ticket } = await conversation("open", { on: cloud });
    const sentAt = new Date(Date.now() - 60 * 60_000);
    await engine().handleInbound(inbound(cloud, number, "de uma hora atrás", { timestamp: sentAt }));
    expect((await ticketRow(ticket.id)).lastCustomerMessageAt?.getTime()).toBe(sentAt.getTime());
    await engine().handleInbound(inbound(cloud, number, "mais antiga ainda", { timestamp: new Date(sentAt.getTime() - 60_000) }));
    expect((await ticketRow(ticket.id)).lastCustomerMessageAt?.getTime()).toBe(sentAt.getTime());
  });

  it("asks the reply claimers only about a number some campaign reached", async () => {
    const claim = vi.spyOn(t.platform.engine.deps.replyClaimers, "claim");
    try {
      const plain = await conversation("open");
      await engine().handleInbound(inbound(connection, plain.number, "sem campanha"));
      expect(claim).not.toHaveBeenCalled();

      const reached = await conversation("open");
      const [campaign] = await t.db.insert(campaigns).values({ companyId, name: "Promo", status: "FINALIZADA", whatsappId: connection.id }).returning();
      await t.db.insert(campaignShipping).values({ companyId, campaignId: campaign!.id, number: reached.number, whatsappId: connection.id, claimedAt: new Date() });
      await engine().handleInbound(inbound(connection, reached.number, "recebi a campanha"));
      expect(claim).toHaveBeenCalledTimes(1);
      expect(claim.mock.calls[0]![0]).toMatchObject({ companyId, connectionId: connection.id, number: reached.number, ticketId: reached.ticket.id });
    } finally {
      claim.mockRestore();
    }
  });
});

describe("a customer's text the one statement leaves to the general pipeline", () => {
  it("a short text of a number a campaign reached, which the campaign's opt-out check must judge", async () => {
    const reached = await conversation("open");
    const [campaign] = await t.db.insert(campaigns).values({ companyId, name: "Promo", status: "FINALIZADA", whatsappId: connection.id }).returning();
    await t.db.insert(campaignShipping).values({ companyId, campaignId: campaign!.id, number: reached.number, whatsappId: connection.id, claimedAt: new Date() });
    const claim = vi.spyOn(t.platform.engine.deps.replyClaimers, "claim");
    try {
      expect(await statementsOf(t, () => engine().handleInbound(inbound(connection, reached.number, "ok")))).toBeGreaterThan(1);
      expect(claim).toHaveBeenCalledTimes(1);
    } finally {
      claim.mockRestore();
    }
    expect(await messagesOf(reached.ticket.id)).toEqual([expect.objectContaining({ body: "ok" })]);
    // A short text of a number no campaign reached takes the one statement.
    const plain = await conversation("open");
    expect(await statementsOf(t, () => engine().handleInbound(inbound(connection, plain.number, "ok")))).toBe(1);
  });

  it("a contact still named by its number takes the customer's name", async () => {
    const { number, ticket, contact } = await conversation("open", { name: "" });
    await t.db.update(contacts).set({ name: number }).where(eq(contacts.id, contact.id));
    await engine().handleInbound(inbound(connection, number, "oi", { sender: { number, name: "Ana Souza" } }));
    expect((await t.db.select().from(contacts).where(eq(contacts.id, contact.id)))[0]!.name).toBe("Ana Souza");
    expect(await messagesOf(ticket.id)).toHaveLength(1);
    expect(await ticketRow(ticket.id)).toMatchObject({ unreadMessages: 1, lastMessage: "oi" });
  });

  it("a new picture replaces the contact's", async () => {
    const { number, contact } = await conversation("open");
    await engine().handleInbound(inbound(connection, number, "foto nova", { profilePicUrl: "https://pps.whatsapp.net/v/nova.jpg" }));
    expect((await t.db.select().from(contacts).where(eq(contacts.id, contact.id)))[0]!.profilePicUrl).toBe("https://pps.whatsapp.net/v/nova.jpg");
  });

  it("a redelivered message whose conversation changed since is still stored once", async () => {
    const { number, ticket, contact } = await conversation("open");
    const message = inbound(connection, number, "de novo");
    await engine().handleInbound(message);
    await t.db.update(contacts).set({ name: number }).where(eq(contacts.id, contact.id));
    await engine().handleInbound({ ...message });
    expect(await messagesOf(ticket.id)).toHaveLength(1);
  });
});
