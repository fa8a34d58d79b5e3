import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { type Socket, io as connect } from "socket.io-client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CLIENT_EVENTS, type Ticket, companyEvent } from "@conversa/shared";
import { companies, contacts, tags, ticketTags, tickets, users } from "../../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { bearer, createPlan, createTenant, createUser, createVendasAndSuporte, loginAs } from "../../../test/factories.ts";

let t: TestApp;
let a: Awaited<ReturnType<typeof createTenant>>;
let b: Awaited<ReturnType<typeof createTenant>>;

beforeEach(async () => {
  t = await buildTestApp();
  a = await createTenant(t.app, t.db);
  b = await createTenant(t.app, t.db);
});
afterEach(async () => {
  await t.close();
});

interface LanePage {
  tickets: Ticket[];
  count: number;
  hasMore: boolean;
}

const lane = (token: string | undefined, query: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url: "/ticket/kanban", query, headers: token ? bearer(token) : {} });
const laneOf = async (token: string, query: Record<string, string> = {}) => {
  const response = await lane(token, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LanePage>();
};
const namesIn = (page: LanePage) => page.tickets.map((ticket) => ticket.contact.name).sort();

async function insertTag(companyId: number, name: string, kanban = 0) {
  const [row] = await t.db.insert(tags).values({ companyId, name, kanban }).returning();
  return row!;
}

let seq = 0;
/** A ticket of `name` (its contact's name), with tags; open unless told. */
async function ticketOf(companyId: number, name: string, tagIds: number[] = [], values: Partial<typeof tickets.$inferInsert> = {}) {
  seq += 1;
  const [contact] = await t.db.insert(contacts).values({ companyId, name, number: `55119${String(seq).padStart(8, "0")}` }).returning();
  const [ticket] = await t.db.insert(tickets).values({ companyId, contactId: contact!.id, status: "open", lastMessage: `last of ${name}`, ...values }).returning();
  if (tagIds.length) await t.db.insert(ticketTags).values(tagIds.map((tagId) => ({ companyId, ticketId: ticket!.id, tagId })));
  return ticket!;
}

describe("GET /ticket/kanban", () => {
  it("answers 'Em aberto' with the open and pending tickets without a kanban tag, and a lane with its tag's tickets", async () => {
    const doing = await insertTag(a.company.id, "Fazendo", 1);
    const done = await insertTag(a.company.id, "Feito", 1);
    const vip = await insertTag(a.company.id, "VIP");
    await ticketOf(a.company.id, "Open plain");
    await ticketOf(a.company.id, "Pending VIP", [vip.id], { status: "pending" });
    await ticketOf(a.company.id, "Closed plain", [], { status: "closed" });
    await ticketOf(a.company.id, "Doing VIP", [doing.id, vip.id]);
    await ticketOf(a.company.id, "Doing pending", [doing.id], { status: "pending" });
    await ticketOf(a.company.id, "Doing closed", [doing.id], { status: "closed" });
    await ticketOf(b.company.id, "Other company", []);

    const open = await laneOf(a.adminToken, { untagged: "true", showAll: "true" });
    const doingLane = await laneOf(a.adminToken, { showAll: "true", tagId: String(doing.id) });
    const doneLane = await laneOf(a.adminToken, { showAll: "true", tagId: String(done.id) });

    expect(namesIn(open)).toEqual(["Open plain", "Pending VIP"]);
    expect(open).toMatchObject({ count: 2, hasMore: false });
    expect(namesIn(doingLane)).toEqual(["Doing VIP", "Doing pending"]);
    expect(doingLane.count).toBe(2);
    expect(doneLane).toEqual({ tickets: [], count: 0, hasMore: false });
    expect(open.tickets.find((ticket) => ticket.contact.name === "Open plain")).toMatchObject({ lastMessage: "last of Open plain", contact: { number: expect.any(String) }, uuid: expect.any(String) });
  });

  it("answers the whole board without tagId or untagged: every open and pending ticket she may see, each with its tags", async () => {
    const doing = await insertTag(a.company.id, "Fazendo", 1);
    const vip = await insertTag(a.company.id, "VIP");
    const { vendas, suporte } = await createVendasAndSuporte(t.db, a.company.id, a.agent.id);
    await ticketOf(a.company.id, "Vendas plain", [], { queueId: vendas.id });
    await ticketOf(a.company.id, "Vendas doing", [doing.id, vip.id], { queueId: vendas.id, status: "pending" });
    await ticketOf(a.company.id, "Vendas closed", [doing.id], { queueId: vendas.id, status: "closed" });
    await ticketOf(a.company.id, "Suporte doing", [doing.id], { queueId: suporte.id });
    await ticketOf(b.company.id, "Other company", [], {});

    const board = await laneOf(a.agentToken);

    expect(namesIn(board)).toEqual(["Vendas doing", "Vendas plain"]);
    expect(board).toMatchObject({ count: 2, hasMore: false });
    const tagsOf = (name: string) => board.tickets.find((ticket) => ticket.contact.name === name)!.tags.map((tag) => tag.name).sort();
    expect(tagsOf("Vendas doing")).toEqual(["Fazendo", "VIP"]);
    expect(tagsOf("Vendas plain")).toEqual([]);
    expect(namesIn(await laneOf(a.adminToken, { showAll: "true" }))).toEqual(["Suporte doing", "Vendas doing", "Vendas plain"]);
  });

  it("pages a lane by 40, newest activity first, with the lane's count", async () => {
    const base = Date.parse("2026-01-10T12:00:00Z");
    for (let i = 0; i < 45; i++) await ticketOf(a.company.id, `Card ${String(i).padStart(2, "0")}`, [], { updatedAt: new Date(base + i * 60_000) });

    const first = await laneOf(a.adminToken, { untagged: "true" });
    const second = await laneOf(a.adminToken, { untagged: "true", pageNumber: "2" });

    expect(first).toMatchObject({ count: 45, hasMore: true });
    expect(first.tickets).toHaveLength(40);
    expect(first.tickets[0]!.contact.name).toBe("Card 44");
    expect(second).toMatchObject({ count: 45, hasMore: false });
    expect(second.tickets.map((ticket) => ticket.contact.name)).toEqual(["Card 04", "Card 03", "Card 02", "Card 01", "Card 00"]);
  });

  it("shows an attendant what her inbox shows: her queues' tickets and her own, tickets without a queue only with allTicket", async () => {
    const doing = await insertTag(a.company.id, "Fazendo", 1);
    const { vendas, suporte } = await createVendasAndSuporte(t.db, a.company.id, a.agent.id);
    await ticketOf(a.company.id, "Vendas card", [], { queueId: vendas.id });
    await ticketOf(a.company.id, "Vendas doing", [doing.id], { queueId: vendas.id, status: "pending" });
    await ticketOf(a.company.id, "Suporte card", [], { queueId: suporte.id });
    await ticketOf(a.company.id, "Suporte doing", [doing.id], { queueId: suporte.id });
    await ticketOf(a.company.id, "Own in Suporte", [doing.id], { queueId: suporte.id, userId: a.agent.id });
    await ticketOf(a.company.id, "No queue", []);

    expect(namesIn(await laneOf(a.agentToken, { untagged: "true" }))).toEqual(["Vendas card"]);
    expect(namesIn(await laneOf(a.agentToken, { tagId: String(doing.id) }))).toEqual(["Own in Suporte", "Vendas doing"]);
    // showAll is the manager's permission: an attendant asking for it still gets her own view.
    expect(namesIn(await laneOf(a.agentToken, { untagged: "true", showAll: "true" }))).toEqual(["Vendas card"]);
    expect((await laneOf(a.agentToken, { tagId: String(doing.id), showAll: "true" })).count).toBe(2);

    await t.db.update(users).set({ allTicket: "enabled" }).where(eq(users.id, a.agent.id));
    expect(namesIn(await laneOf(a.agentToken, { untagged: "true" }))).toEqual(["No queue", "Vendas card"]);

    // queueIds narrows the board to those queues (and the tickets without a queue), never beyond what she may open.
    expect(namesIn(await laneOf(a.agentToken, { untagged: "true", queueIds: JSON.stringify([vendas.id]) }))).toEqual(["No queue", "Vendas card"]);
    expect(namesIn(await laneOf(a.agentToken, { queueIds: JSON.stringify([suporte.id]), tagId: String(doing.id) }))).toEqual(["Own in Suporte"]);
  });

  it("shows an admin her inbox (her queues, her tickets, tickets without a queue) and every ticket with showAll", async () => {
    const { vendas, suporte } = await createVendasAndSuporte(t.db, a.company.id, a.agent.id);
    await ticketOf(a.company.id, "Vendas card", [], { queueId: vendas.id });
    await ticketOf(a.company.id, "Suporte mine", [], { queueId: suporte.id, userId: a.admin.id });
    await ticketOf(a.company.id, "No queue", []);

    expect(namesIn(await laneOf(a.adminToken, { untagged: "true" }))).toEqual(["No queue", "Suporte mine"]);
    expect(namesIn(await laneOf(a.adminToken, { untagged: "true", showAll: "true" }))).toEqual(["No queue", "Suporte mine", "Vendas card"]);
    expect(namesIn(await laneOf(a.adminToken, { untagged: "true", showAll: "true", queueIds: JSON.stringify([vendas.id]) }))).toEqual(["No queue", "Vendas card"]);
  });

  it("answers 404 ERR_NO_TAG_FOUND for a lane that is not one of the company's kanban tags", async () => {
    const plain = await insertTag(a.company.id, "VIP");
    const foreign = await insertTag(b.company.id, "Lane of B", 1);
    await ticketOf(b.company.id, "B card", [foreign.id]);
    for (const tagId of [plain.id, foreign.id, 2147483647]) {
      const response = await lane(a.adminToken, { tagId: String(tagId), showAll: "true" });
      expect([response.statusCode, response.json().error], String(tagId)).toEqual([404, "ERR_NO_TAG_FOUND"]);
      expect(response.body).not.toContain("B card");
    }
  });

  it("refuses the board when the plan switches kanban off", async () => {
    await ticketOf(a.company.id, "Card");
    const plan = await createPlan(t.db, { useKanban: false });
    await t.db.update(companies).set({ planId: plan.id }).where(eq(companies.id, a.company.id));

    const response = await lane(a.agentToken);

    expect([response.statusCode, response.json().error]).toEqual([403, "ERR_PLAN_FEATURE_DISABLED"]);
    expect(response.body).not.toContain("Card");
  });

  it("answers 401 without a session and 400 for bad parameters", async () => {
    expect((await lane(undefined)).statusCode).toBe(401);
    const bad: Record<string, string>[] = [
      { queueIds: "[1," },
      { queueIds: '["x"]' },
      { tagId: "0" },
      { tagId: "abc" },
      { pageNumber: "0" },
      { showAll: "yes" },
      { untagged: "yes" },
      { untagged: "true", tagId: "1" },
    ];
    for (const query of bad) {
      const response = await lane(a.adminToken, query);
      expect([response.statusCode, response.json().error], JSON.stringify(query)).toEqual([400, "ERR_VALIDATION"]);
    }
  });
});

describe("a move seen on the board", () => {
  it("moves the card from 'Em aberto' to the lane, then back, and other boards are told", async () => {
    const doing = await insertTag(a.company.id, "Fazendo", 1);
    const ticket = await ticketOf(a.company.id, "Moving card");
    t.published.length = 0;

    await t.app.inject({ method: "PUT", url: `/ticket-tags/${ticket.id}/${doing.id}`, headers: bearer(a.adminToken) });
    expect(namesIn(await laneOf(a.adminToken, { untagged: "true" }))).toEqual([]);
    expect(namesIn(await laneOf(a.adminToken, { tagId: String(doing.id) }))).toEqual(["Moving card"]);

    await t.app.inject({ method: "DELETE", url: `/ticket-tags/${ticket.id}`, headers: bearer(a.adminToken) });
    expect(namesIn(await laneOf(a.adminToken, { untagged: "true" }))).toEqual(["Moving card"]);
    expect(namesIn(await laneOf(a.adminToken, { tagId: String(doing.id) }))).toEqual([]);

    const updates = t.published.flatMap((event) => (event.name === "ticket.updated" ? [event.payload.ticket.tags.map((tag) => tag.id)] : []));
    expect(updates).toEqual([[doing.id], []]);
  });
});

describe("boards follow moves live", () => {
  const sockets: Socket[] = [];
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });

  /** A socket following the open and pending tickets, as the board does; the ticket events it receives. */
  async function board(url: string, token: string) {
    const socket = connect(url, { auth: { token }, transports: ["websocket"], reconnection: false, forceNew: true });
    sockets.push(socket);
    const received: unknown[] = [];
    socket.on(companyEvent(a.company.id, "ticket"), (payload: unknown) => received.push(payload));
    await new Promise<void>((resolve, reject) => {
      socket.once("ready", () => resolve());
      socket.once("connect_error", reject);
    });
    for (const status of ["open", "pending"]) await new Promise((resolve) => socket.emit(CLIENT_EVENTS.joinTickets, status, resolve));
    return received;
  }

  it("tells the boards of those who may open the ticket, and no one else", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const doing = await insertTag(a.company.id, "Fazendo", 1);
    const { vendas } = await createVendasAndSuporte(t.db, a.company.id, a.agent.id);
    const outsider = await createUser(t.db, { companyId: a.company.id, profile: "user", name: "Olga Outra" });
    const ticket = await ticketOf(a.company.id, "Live card", [], { queueId: vendas.id });
    const seenByAgent = await board(url, a.agentToken);
    const seenByOutsider = await board(url, (await loginAs(t.app, outsider.email)).token);

    const moved = await t.app.inject({ method: "PUT", url: `/ticket-tags/${ticket.id}/${doing.id}`, headers: bearer(a.adminToken) });
    expect(moved.statusCode).toBe(200);

    const deadline = Date.now() + 3000;
    while (seenByAgent.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(seenByAgent).toEqual([{ action: "update", ticket: expect.objectContaining({ id: ticket.id, tags: [expect.objectContaining({ id: doing.id })] }) }]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seenByOutsider).toEqual([]);
  });
});
