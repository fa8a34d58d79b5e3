import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { type Socket, io as connect } from "socket.io-client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CLIENT_EVENTS, type Connection, companyEvent } from "@conversa/shared";
import { connections, contacts, tickets, userQueues, users } from "../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../test/build-test-app.ts";
import { createConnectionRow, createQueue } from "../../test/engine-harness.ts";
import { bearer, createTenant, createUser, loginAs } from "../../test/factories.ts";

let t: TestApp;
let url: string;
const sockets: Socket[] = [];

beforeEach(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  await t.close();
});

function open(token: string | undefined): Socket {
  const socket = connect(url, { auth: token ? { token } : {}, transports: ["websocket"], reconnection: false, forceNew: true });
  sockets.push(socket);
  return socket;
}

function ready(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once("ready", () => resolve());
    socket.once("connect_error", reject);
  });
}

function connectError(socket: Socket): Promise<string> {
  return new Promise((resolve) => socket.once("connect_error", (error: Error) => resolve(error.message)));
}

function until(predicate: () => Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const start = Date.now();
  return new Promise((resolve, reject) => {
    const tick = async () => {
      if (await predicate()) return resolve();
      if (Date.now() - start > timeoutMs) return reject(new Error("condition not met in time"));
      setTimeout(tick, 50);
    };
    void tick();
  });
}

describe("the realtime handshake", () => {
  it("refuses a socket without a token or with a forged one", async () => {
    expect(await connectError(open(undefined))).toBe("ERR_SESSION_EXPIRED");
    expect(await connectError(open("not.a.token"))).toBe("ERR_SESSION_EXPIRED");
  });

  it("accepts a valid token, signals ready and marks the user online", async () => {
    const a = await createTenant(t.app, t.db);
    const socket = open(a.agentToken);

    await ready(socket);

    await until(async () => (await t.db.select({ online: users.online }).from(users).where(eq(users.id, a.agent.id)))[0]?.online === true);
  });

  it("marks the user offline when their last socket disconnects", async () => {
    const a = await createTenant(t.app, t.db);
    const socket = open(a.agentToken);
    await ready(socket);
    await until(async () => (await t.db.select({ online: users.online }).from(users).where(eq(users.id, a.agent.id)))[0]?.online === true);

    socket.disconnect();

    await until(async () => (await t.db.select({ online: users.online }).from(users).where(eq(users.id, a.agent.id)))[0]?.online === false);
  });
});

describe("company-{id}-auth", () => {
  it("tells the old session's socket when the account logs in elsewhere, and drops it", async () => {
    const a = await createTenant(t.app, t.db);
    const user = await createUser(t.db, { companyId: a.company.id });
    const first = await loginAs(t.app, user.email);
    const socket = open(first.token);
    await ready(socket);
    const received = new Promise((resolve) => socket.on(companyEvent(a.company.id, "auth"), resolve));
    const dropped = new Promise((resolve) => socket.on("disconnect", resolve));

    await loginAs(t.app, user.email);

    expect(await received).toEqual({ action: "update", user: { id: user.id } });
    await dropped;
  });
});

describe("company isolation", () => {
  it("never delivers an event of company A to a socket of company B, whatever it asks to join", async () => {
    const a = await createTenant(t.app, t.db);
    const b = await createTenant(t.app, t.db);
    const socketA = open(a.agentToken);
    const socketB = open(b.adminToken);
    await Promise.all([ready(socketA), ready(socketB)]);
    const seenByB: string[] = [];
    socketB.onAny((event: string) => seenByB.push(event));
    // B tries to join A's rooms by every name a client can send.
    socketB.emit(CLIENT_EVENTS.joinNotification, a.company.id);
    socketB.emit(CLIENT_EVENTS.joinTickets, `c${a.company.id}:status:open`);
    socketB.emit(CLIENT_EVENTS.joinChatBox, `c${a.company.id}`);
    socketB.emit("join", `c${a.company.id}`);
    const aSaw = new Promise((resolve) => socketA.on(companyEvent(a.company.id, "settings"), resolve));

    const response = await t.app.inject({
      method: "PUT",
      url: "/settings/userRating",
      headers: { authorization: `Bearer ${a.adminToken}` },
      payload: { value: "enabled" },
    });

    expect(response.statusCode).toBe(200);
    expect(await aSaw).toEqual({ action: "update", setting: { key: "userRating", value: "enabled" } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seenByB.filter((event) => event.startsWith(`company-${a.company.id}-`))).toEqual([]);
  });
});

/** Emits a join and waits for the server's acknowledgement. */
function join(socket: Socket, event: string, arg?: unknown): Promise<{ ok: boolean; error?: string }> {
  return new Promise((resolve) => (arg === undefined ? socket.emit(event, resolve) : socket.emit(event, arg, resolve)));
}

interface Seen {
  event: string;
  payload: Record<string, unknown>;
}

/** The ticket an event of the ticket or appMessage channel is about. */
function ticketIdOf(seen: Seen): number | undefined {
  const { payload } = seen;
  if (typeof payload.ticketId === "number") return payload.ticketId;
  const ticket = payload.ticket as { id?: number } | undefined;
  if (ticket?.id !== undefined) return ticket.id;
  const message = payload.message as { ticketId?: number } | undefined;
  return message?.ticketId;
}

/**
 * A company with queues Vendas and Suporte, a connection, and four accounts: an admin, a user of
 * Vendas, a user of Suporte and a user with no queue but allTicket enabled; an open ticket in each
 * queue and one without a queue, open without an attendant.
 */
async function visibilityWorld(options: { jobs?: boolean } = {}) {
  if (options.jobs) {
    // Sending a message queues its send job: these tests run the job queue.
    await t.close();
    t = await buildTestApp({}, { start: true });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }
  const a = await createTenant(t.app, t.db);
  const companyId = a.company.id;
  const sales = await createQueue(t.db, companyId, { name: "Vendas" });
  const support = await createQueue(t.db, companyId, { name: "Suporte" });
  const connection = await createConnectionRow(t.db, companyId);
  const supportUser = await createUser(t.db, { companyId, name: "Sara Suporte" });
  const allTicketUser = await createUser(t.db, { companyId, name: "Tito Todos" });
  await t.db.update(users).set({ allTicket: "enabled" }).where(eq(users.id, allTicketUser.id));
  await t.db.insert(userQueues).values([
    { companyId, userId: a.agent.id, queueId: sales.id },
    { companyId, userId: supportUser.id, queueId: support.id },
  ]);
  let n = 0;
  const ticket = async (queueId: number | null) => {
    n += 1;
    const [contact] = await t.db.insert(contacts).values({ companyId, name: `Cliente ${n}`, number: `5511988${String(n).padStart(6, "0")}` }).returning();
    const [row] = await t.db.insert(tickets).values({ companyId, contactId: contact!.id, whatsappId: connection.id, queueId, status: "open" }).returning();
    return row!;
  };
  const inSales = await ticket(sales.id);
  const inSupport = await ticket(support.id);
  const noQueue = await ticket(null);
  const tokens = {
    admin: a.adminToken,
    sales: a.agentToken,
    support: (await loginAs(t.app, supportUser.email)).token,
    allTicket: (await loginAs(t.app, allTicketUser.email)).token,
  };
  return { a, companyId, sales, support, connection, supportUser, allTicketUser, inSales, inSupport, noQueue, tokens };
}

type World = Awaited<ReturnType<typeof visibilityWorld>>;
type Account = keyof World["tokens"];
const ACCOUNTS: Account[] = ["admin", "sales", "support", "allTicket"];

/** Connects an account, records every company event it receives. */
async function watch(world: World, account: Account) {
  const socket = open(world.tokens[account]);
  const seen: Seen[] = [];
  socket.onAny((event: string, payload: Record<string, unknown>) => seen.push({ event, payload }));
  await ready(socket);
  return { socket, seen };
}

const ticketEvents = (seen: Seen[], world: World) =>
  seen.filter((entry) => entry.event === companyEvent(world.companyId, "ticket") || entry.event === companyEvent(world.companyId, "appMessage"));

/** Per ticket id, the `channel:action` of every ticket and message event, in order. */
function eventsByTicket(seen: Seen[], world: World): Map<number, string[]> {
  const byTicket = new Map<number, string[]>();
  for (const entry of ticketEvents(seen, world)) {
    const id = ticketIdOf(entry);
    if (id === undefined) continue;
    const list = byTicket.get(id) ?? [];
    list.push(`${entry.event.endsWith("-ticket") ? "ticket" : "appMessage"}:${String(entry.payload.action)}`);
    byTicket.set(id, list);
  }
  return byTicket;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 250));

async function sendAs(token: string, ticketId: number, body: string): Promise<number> {
  const response = await t.app.inject({ method: "POST", url: `/messages/${ticketId}`, headers: bearer(token), payload: { body } });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { id: number }[])[0]!.id;
}

describe("ticket visibility on the socket", () => {
  it("delivers every ticket and message event only to the sockets of users who may open the ticket", async () => {
    const world = await visibilityWorld({ jobs: true });
    const all = [world.inSales, world.inSupport, world.noQueue];
    const visible: Record<Account, number[]> = {
      admin: all.map((ticket) => ticket.id),
      sales: [world.inSales.id],
      support: [world.inSupport.id],
      allTicket: [world.noQueue.id],
    };
    const watchers = Object.fromEntries(await Promise.all(ACCOUNTS.map(async (account) => [account, await watch(world, account)] as const))) as Record<
      Account,
      Awaited<ReturnType<typeof watch>>
    >;
    for (const account of ACCOUNTS) {
      const { socket } = watchers[account];
      expect(await join(socket, CLIENT_EVENTS.joinNotification)).toEqual({ ok: true });
      for (const status of ["open", "pending", "closed"]) expect(await join(socket, CLIENT_EVENTS.joinTickets, status)).toEqual({ ok: true });
      for (const ticket of all) {
        const allowed = visible[account].includes(ticket.id);
        expect(await join(socket, CLIENT_EVENTS.joinChatBox, ticket.id)).toEqual(allowed ? { ok: true } : { ok: false, error: "ERR_NO_PERMISSION" });
        expect(await join(socket, CLIENT_EVENTS.joinChatBox, ticket.uuid)).toEqual(allowed ? { ok: true } : { ok: false, error: "ERR_NO_PERMISSION" });
      }
    }

    for (const ticket of all) {
      const messageId = await sendAs(world.tokens.admin, ticket.id, `Olá ${ticket.id}`);
      expect((await t.app.inject({ method: "DELETE", url: `/messages/${messageId}`, headers: bearer(world.tokens.admin) })).statusCode).toBe(200);
      expect((await t.app.inject({ method: "PUT", url: `/tickets/${ticket.id}`, headers: bearer(world.tokens.admin), payload: { status: "closed" } })).statusCode).toBe(200);
      const read = await t.app.inject({ method: "GET", url: `/messages/${ticket.id}`, headers: bearer(world.tokens.admin) });
      expect(read.statusCode).toBe(200);
      await t.db.update(tickets).set({ unreadMessages: 2 }).where(eq(tickets.id, ticket.id));
      expect((await t.app.inject({ method: "GET", url: `/messages/${ticket.id}`, headers: bearer(world.tokens.admin) })).statusCode).toBe(200);
      expect((await t.app.inject({ method: "DELETE", url: `/tickets/${ticket.id}`, headers: bearer(world.tokens.admin) })).statusCode).toBe(204);
    }
    await until(async () => (eventsByTicket(watchers.admin.seen, world).get(world.noQueue.id) ?? []).includes("ticket:delete"));
    await settle();

    const adminEvents = eventsByTicket(watchers.admin.seen, world);
    for (const ticket of all) {
      // The admin sees every kind of event for every ticket, so that the comparison below can fail.
      expect(new Set(adminEvents.get(ticket.id))).toEqual(new Set(["appMessage:create", "appMessage:update", "ticket:update", "ticket:delete", "ticket:updateUnread"]));
    }
    for (const account of ACCOUNTS) {
      const events = eventsByTicket(watchers[account].seen, world);
      expect([...events.keys()].sort(), account).toEqual([...visible[account]].sort());
      for (const id of visible[account]) expect(events.get(id), `${account} / ticket ${id}`).toEqual(adminEvents.get(id));
    }
  });

  it("stops a user's chat-box and list events when the ticket is transferred out of her queue", async () => {
    const world = await visibilityWorld({ jobs: true });
    const sales = await watch(world, "sales");
    const support = await watch(world, "support");
    for (const { socket } of [sales, support]) {
      await join(socket, CLIENT_EVENTS.joinNotification);
      await join(socket, CLIENT_EVENTS.joinTickets, "open");
    }
    expect(await join(sales.socket, CLIENT_EVENTS.joinChatBox, world.inSales.id)).toEqual({ ok: true });

    const moved = await t.app.inject({ method: "PUT", url: `/tickets/${world.inSales.id}`, headers: bearer(world.tokens.admin), payload: { queueId: world.support.id } });
    expect(moved.statusCode).toBe(200);
    await until(async () => ticketEvents(support.seen, world).some((entry) => ticketIdOf(entry) === world.inSales.id));
    await settle();
    // She is told the ticket is gone from her lists, and nothing of it after.
    expect(ticketEvents(sales.seen, world).map((entry) => entry.payload)).toEqual([{ action: "delete", ticketId: world.inSales.id }]);
    sales.seen.length = 0;

    const accepted = await t.app.inject({ method: "PUT", url: `/tickets/${world.inSales.id}`, headers: bearer(world.tokens.support), payload: { status: "open" } });
    expect(accepted.statusCode).toBe(200);
    await sendAs(world.tokens.support, world.inSales.id, "Depois da transferência");
    await until(async () => ticketEvents(support.seen, world).some((entry) => entry.payload.action === "create"));
    await settle();
    expect(ticketEvents(sales.seen, world)).toEqual([]);
    expect(await join(sales.socket, CLIENT_EVENTS.joinChatBox, world.inSales.id)).toEqual({ ok: false, error: "ERR_NO_PERMISSION" });
  });

  it("gives a user the events of her new queues and takes away those of the queues she left", async () => {
    const world = await visibilityWorld({ jobs: true });
    const sales = await watch(world, "sales");
    await join(sales.socket, CLIENT_EVENTS.joinNotification);
    await join(sales.socket, CLIENT_EVENTS.joinTickets, "open");

    const changed = await t.app.inject({
      method: "PUT",
      url: `/users/${world.a.agent.id}`,
      headers: bearer(world.tokens.admin),
      payload: { name: world.a.agent.name, email: world.a.agent.email, queueIds: [world.support.id] },
    });
    expect(changed.statusCode).toBe(200);
    await settle();
    sales.seen.length = 0;

    await sendAs(world.tokens.admin, world.inSales.id, "Vendas");
    await sendAs(world.tokens.admin, world.inSupport.id, "Suporte");
    await until(async () => ticketEvents(sales.seen, world).some((entry) => ticketIdOf(entry) === world.inSupport.id));
    await settle();
    expect(new Set(ticketEvents(sales.seen, world).map(ticketIdOf))).toEqual(new Set([world.inSupport.id]));
  });
});

describe("records on the socket", () => {
  it("sends attendants a user as GET /users/list shows it, and admins the whole record", async () => {
    const world = await visibilityWorld();
    const admin = await watch(world, "admin");
    const agent = await watch(world, "sales");
    const userEvent = (seen: Seen[]) => seen.find((entry) => entry.event === companyEvent(world.companyId, "user") && entry.payload.action === "update" && "profile" in (entry.payload.user as object));

    const changed = await t.app.inject({
      method: "PUT",
      url: `/users/${world.supportUser.id}`,
      headers: bearer(world.tokens.admin),
      payload: { name: "Sara S.", email: world.supportUser.email },
    });
    expect(changed.statusCode).toBe(200);
    await until(async () => userEvent(admin.seen) !== undefined && userEvent(agent.seen) !== undefined);

    expect(userEvent(admin.seen)!.payload.user).toMatchObject({ id: world.supportUser.id, email: world.supportUser.email, allTicket: "desabled", super: false });
    const list = await t.app.inject({ method: "GET", url: "/users/list", headers: bearer(world.tokens.sales) });
    const listed = (list.json() as { id: number }[]).find((user) => user.id === world.supportUser.id);
    expect(userEvent(agent.seen)!.payload.user).toEqual(listed);
    expect(Object.keys(userEvent(agent.seen)!.payload.user as object).sort()).toEqual(["id", "name", "online", "profile", "queues"]);
  });

  it("sends the pairing QR code only to admins, on the socket and over HTTP", async () => {
    const world = await visibilityWorld();
    const admin = await watch(world, "admin");
    const agent = await watch(world, "sales");
    await t.db.update(connections).set({ qrcode: "2@PAIRING-SECRET", status: "qrcode" }).where(eq(connections.id, world.connection.id));
    const adminList = await t.app.inject({ method: "GET", url: "/whatsapp", headers: bearer(world.tokens.admin) });
    const connection = (adminList.json() as Connection[]).find((row) => row.id === world.connection.id)!;
    expect(connection.qrcode).toBe("2@PAIRING-SECRET");

    t.platform.events.publish("connection.updated", { companyId: world.companyId, connection });
    const connectionEvents = (seen: Seen[]) => seen.filter((entry) => entry.event.endsWith("-whatsapp") || entry.event.endsWith("-whatsappSession"));
    await until(async () => connectionEvents(admin.seen).length === 2 && connectionEvents(agent.seen).length === 2);

    expect(JSON.stringify(connectionEvents(admin.seen))).toContain("PAIRING-SECRET");
    expect(JSON.stringify(connectionEvents(agent.seen))).not.toContain("PAIRING-SECRET");
    expect(connectionEvents(agent.seen).map((entry) => entry.payload.whatsapp ?? entry.payload.session)).toEqual([
      { ...connection, qrcode: null },
      { ...connection, qrcode: null },
    ]);
    for (const url of ["/whatsapp", `/whatsapp/${world.connection.id}`]) {
      const response = await t.app.inject({ method: "GET", url, headers: bearer(world.tokens.sales) });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain("PAIRING-SECRET");
    }
  });
});

describe("presence", () => {
  it("writes and broadcasts a user's presence at most once per window however often the client reports it", async () => {
    const world = await visibilityWorld();
    const admin = await watch(world, "admin");
    const agent = await watch(world, "sales");
    const onlineEvents = () =>
      admin.seen.filter((entry) => entry.event === companyEvent(world.companyId, "user") && entry.payload.action === "presence" && entry.payload.userId === world.a.agent.id);
    await until(async () => onlineEvents().length === 1);
    const [before] = await t.db.select({ lastSeenAt: users.lastSeenAt }).from(users).where(eq(users.id, world.a.agent.id));

    for (let i = 0; i < 300; i += 1) agent.socket.emit(CLIENT_EVENTS.userStatus);
    // A second socket of the same user (another tab) reports too.
    const other = open(world.tokens.sales);
    await ready(other);
    for (let i = 0; i < 300; i += 1) other.emit(CLIENT_EVENTS.userStatus);
    await join(other, CLIENT_EVENTS.joinNotification);
    await settle();

    expect(onlineEvents()).toHaveLength(1);
    const [after] = await t.db.select({ lastSeenAt: users.lastSeenAt, online: users.online }).from(users).where(eq(users.id, world.a.agent.id));
    expect(after).toEqual({ lastSeenAt: before!.lastSeenAt, online: true });
  });
});
