import { and, asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { contacts, messages, tickets, userRatings } from "../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../test/build-test-app.ts";
import {
  type FakeDriver,
  addOption,
  attachFakeDriver,
  createConnectionRow,
  createQueue,
  eventually,
  inbound,
  linkQueues,
  queueStill,
  setSetting,
} from "../../test/engine-harness.ts";
import { createCompany, createUser } from "../../test/factories.ts";
import { companies } from "../db/schema/index.ts";
import { loadTickets } from "../modules/tickets/tickets.repository.ts";
import { acceptTicket, resolveTicket, runExpireTicketJob, runTransferWaitingJob, transferTicket } from "./lifecycle.ts";

let t: TestApp;
let companyId: number;
let connection: Awaited<ReturnType<typeof createConnectionRow>>;
let driver: FakeDriver;

beforeEach(async () => {
  t = await buildTestApp({}, { start: true });
  const company = await createCompany(t.db);
  companyId = company.id;
  connection = await createConnectionRow(t.db, companyId, { greetingMessage: "Olá! Escolha um setor:", complationMessage: "Atendimento encerrado. Obrigado!" });
  driver = await attachFakeDriver(t, connection);
});
afterEach(async () => {
  await t.close();
});

const engine = () => t.platform.engine;
const ticketsOf = () => t.db.select().from(tickets).where(eq(tickets.companyId, companyId)).orderBy(asc(tickets.id));
const messagesOf = (ticketId: number) => t.db.select().from(messages).where(eq(messages.ticketId, ticketId)).orderBy(asc(messages.id));
const sentBodies = (count: number) => eventually(() => driver.bodies(), (b) => b.length >= count);
const agent = async () => {
  const user = await createUser(t.db, { companyId, profile: "user", name: "Carla" });
  return { ctx: { companyId, userId: user.id, profile: "user" as const, isSuper: false }, user };
};

describe("an inbound message", () => {
  it("creates a pending ticket without user or queue, the contact and the message, and publishes them", async () => {
    await engine().handleInbound(inbound(connection, "5511999990001", "Oi, preciso de ajuda"));

    const [ticket] = await ticketsOf();
    expect(ticket).toMatchObject({ status: "pending", userId: null, queueId: null, unreadMessages: 1, lastMessage: "Oi, preciso de ajuda", whatsappId: connection.id });
    const [contact] = await t.db.select().from(contacts).where(eq(contacts.companyId, companyId));
    expect(contact).toMatchObject({ number: "5511999990001", name: "Cliente 0001" });
    expect(await messagesOf(ticket!.id)).toEqual([expect.objectContaining({ body: "Oi, preciso de ajuda", fromMe: false, read: false })]);
    expect(t.published.map((e) => e.name)).toEqual(expect.arrayContaining(["message.created", "ticket.updated"]));
  });

  it("stores a redelivered message once", async () => {
    const message = inbound(connection, "5511999990002", "duplicado");
    await engine().handleInbound(message);
    await engine().handleInbound(message);
    const [ticket] = await ticketsOf();
    expect(await messagesOf(ticket!.id)).toHaveLength(1);
    expect(ticket!.unreadMessages).toBe(1);
  });

  it("creates one ticket for 50 messages of a new contact arriving together", async () => {
    await Promise.all(Array.from({ length: 50 }, (_, i) => engine().handleInbound(inbound(connection, "5511999990003", `mensagem ${i}`))));
    const all = await ticketsOf();
    expect(all).toHaveLength(1);
    expect(await messagesOf(all[0]!.id)).toHaveLength(50);
    expect(all[0]!.unreadMessages).toBe(50);
  });

  it("numbers each company's tickets 1, 2, 3… without the gaps that concurrent messages of one contact used to leave", async () => {
    const other = await createCompany(t.db);
    const otherConnection = await createConnectionRow(t.db, other.id);
    await engine().handleInbound(inbound(otherConnection, "5511999990100", "primeiro de outra empresa"));
    await Promise.all(Array.from({ length: 20 }, (_, i) => engine().handleInbound(inbound(connection, "5511999990101", `mensagem ${i}`))));
    await engine().handleInbound(inbound(connection, "5511999990102", "segundo"));
    await Promise.all(Array.from({ length: 5 }, (_, i) => engine().handleInbound(inbound(connection, `551199999011${i}`, "outro"))));
    const all = await ticketsOf();
    // Tickets created together may take their numbers in another order than their ids.
    expect(all.map((ticket) => ticket.number).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(await loadTickets(t.db, companyId, [all[1]!.id])).toEqual([expect.objectContaining({ number: all[1]!.number })]);
  });

  it("ignores group messages while CheckMsgIsGroup is enabled, and files them under the group otherwise", async () => {
    const group = { chat: { number: "120363000000001", isGroup: true, name: "Equipe" }, sender: { number: "5511988887777", name: "Ana" } };
    await engine().handleInbound(inbound(connection, "x", "no grupo", group));
    expect(await ticketsOf()).toHaveLength(0);

    await setSetting(t.db, companyId, "CheckMsgIsGroup", "disabled");
    await engine().handleInbound(inbound(connection, "x", "no grupo", group));
    const [ticket] = await ticketsOf();
    expect(ticket).toMatchObject({ isGroup: true });
    expect((await messagesOf(ticket!.id))[0]).toMatchObject({ participant: "5511988887777" });
  });

  it("keeps the name a group participant gave WhatsApp with each message, and none for a participant without one", async () => {
    await setSetting(t.db, companyId, "CheckMsgIsGroup", "disabled");
    const chat = { number: "120363000000001", isGroup: true, name: "Equipe" };
    await engine().handleInbound(inbound(connection, "x", "oi", { chat, sender: { number: "5511988887777", name: "Ana Souza" } }));
    await engine().handleInbound(inbound(connection, "x", "olá", { chat, sender: { number: "5511977776666" } }));
    await engine().handleInbound(inbound(connection, "5511966665555", "direto", { sender: { number: "5511966665555", name: "Bruno" } }));
    const [group, person] = await ticketsOf();
    expect((await messagesOf(group!.id)).map((m) => [m.participant, m.participantName])).toEqual([
      ["5511988887777", "Ana Souza"],
      ["5511977776666", null],
    ]);
    expect((await messagesOf(person!.id)).map((m) => [m.participant, m.participantName])).toEqual([[null, null]]);
    const created = t.published.flatMap((e) => (e.name === "message.created" ? [[e.payload.message.body, e.payload.message.participantName]] : []));
    expect(created).toEqual([
      ["oi", "Ana Souza"],
      ["olá", null],
      ["direto", null],
    ]);
  });

  it("keeps a message of an unknown kind as text with its raw kind", async () => {
    await engine().handleInbound(inbound(connection, "5511999990004", "[poll]", { kind: "unknown", rawType: "pollCreationMessage" }));
    const [ticket] = await ticketsOf();
    expect((await messagesOf(ticket!.id))[0]).toMatchObject({ mediaType: "chat", rawType: "pollCreationMessage", body: "[poll]" });
  });

  it("stores inbound media checked by content and links a quoted message", async () => {
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c636000010000050001a5f645400000000049454e44ae426082", "hex");
    const first = inbound(connection, "5511999990005", "primeira");
    await engine().handleInbound(first);
    await engine().handleInbound(
      inbound(connection, "5511999990005", "foto", { kind: "image", quotedWid: first.wid, media: { mimetype: "image/png", filename: "../../etc/passwd.png", download: async () => png } }),
    );
    const [ticket] = await ticketsOf();
    const [, photo] = await messagesOf(ticket!.id);
    expect(photo).toMatchObject({ mediaType: "image", mediaMime: "image/png", mediaName: "passwd.png" });
    expect(photo!.mediaUrl).toMatch(/^[a-f0-9]{32}\.png$/);
    expect(photo!.quotedMsgId).not.toBeNull();
  });
});

describe("the bot phase", () => {
  it("sends the queue menu, repeats it on anything else, and routes the chosen queue with its greeting", async () => {
    const sales = await createQueue(t.db, companyId, { name: "Vendas", greetingMessage: "Bem-vindo a Vendas!", orderQueue: 1 });
    const support = await createQueue(t.db, companyId, { name: "Suporte", greetingMessage: "Bem-vindo ao Suporte!", orderQueue: 2 });
    await linkQueues(t.db, companyId, connection.id, [sales.id, support.id]);

    await engine().handleInbound(inbound(connection, "5511999990010", "oi"));
    const [menu] = await sentBodies(1);
    expect(menu).toBe("Olá! Escolha um setor:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte");

    await engine().handleInbound(inbound(connection, "5511999990010", "talvez"));
    await sentBodies(2);
    await engine().handleInbound(inbound(connection, "5511999990010", "2"));
    const bodies = await sentBodies(3);
    expect(bodies[2]).toBe("Bem-vindo ao Suporte!");
    const [ticket] = await ticketsOf();
    expect(ticket).toMatchObject({ queueId: support.id, status: "pending", chatbot: false });
  });

  it("stops sending the menu after maxUseBotQueues", async () => {
    const a = await createQueue(t.db, companyId, { name: "A" });
    const b = await createQueue(t.db, companyId, { name: "B" });
    await linkQueues(t.db, companyId, connection.id, [a.id, b.id]);
    for (const body of ["oi", "?", "??", "???", "????"]) await engine().handleInbound(inbound(connection, "5511999990011", body));
    await sentBodies(3);
    await queueStill(t.db);
    expect(driver.sent).toHaveLength(3);
    const [ticket] = await ticketsOf();
    expect(ticket).toMatchObject({ queueId: null, chatbot: false, status: "pending" });
  });

  it("counts messages a customer sends at once one after the other: maxUseBotQueues still caps the menus", async () => {
    const a = await createQueue(t.db, companyId, { name: "A" });
    const b = await createQueue(t.db, companyId, { name: "B" });
    await linkQueues(t.db, companyId, connection.id, [a.id, b.id]);
    await Promise.all(["oi", "?", "??", "???", "????", "?????", "??????", "???????"].map((body) => engine().handleInbound(inbound(connection, "5511999990012", body))));
    await sentBodies(3);
    await queueStill(t.db);
    expect(driver.sent).toHaveLength(3);
    const [ticket] = await ticketsOf();
    expect(await messagesOf(ticket!.id)).toHaveLength(8 + 3);
  });

  it("walks a queue's option tree: a digit descends, 0 goes up, a leaf hands over to a person", async () => {
    const only = await createQueue(t.db, companyId, { name: "Financeiro", greetingMessage: "Financeiro:" });
    await linkQueues(t.db, companyId, connection.id, [only.id]);
    const boletos = await addOption(t.db, companyId, only.id, { title: "Boletos", message: "Sobre boletos:", option: 1 });
    await addOption(t.db, companyId, only.id, { title: "Notas", message: "Enviaremos a nota.", option: 2 });
    await addOption(t.db, companyId, only.id, { title: "Segunda via", message: "Um atendente enviará a segunda via.", option: 1, parentId: boletos.id });

    await engine().handleInbound(inbound(connection, "5511999990012", "oi"));
    expect((await sentBodies(1))[0]).toBe("Financeiro:\n\n*[ 1 ]* - Boletos\n*[ 2 ]* - Notas\n\n*[ # ]* - Menu inicial");
    await engine().handleInbound(inbound(connection, "5511999990012", "1"));
    expect((await sentBodies(2))[1]).toBe("Sobre boletos:\n\n*[ 1 ]* - Segunda via\n\n*[ 0 ]* - Voltar\n*[ # ]* - Menu inicial");
    await engine().handleInbound(inbound(connection, "5511999990012", "0"));
    expect((await sentBodies(3))[2]).toContain("*[ 2 ]* - Notas");
    await engine().handleInbound(inbound(connection, "5511999990012", "1"));
    await sentBodies(4);
    await engine().handleInbound(inbound(connection, "5511999990012", "1"));
    expect((await sentBodies(5))[4]).toBe("Um atendente enviará a segunda via.");
    const [ticket] = await ticketsOf();
    expect(ticket).toMatchObject({ queueId: only.id, chatbot: false, status: "pending" });
  });

  it("with one queue takes it at once and greets when sendGreetingMessageOneQueues is enabled", async () => {
    const only = await createQueue(t.db, companyId, { name: "Geral", greetingMessage: "Olá, você está na fila Geral." });
    await linkQueues(t.db, companyId, connection.id, [only.id]);
    await engine().handleInbound(inbound(connection, "5511999990013", "bom dia"));
    expect(await sentBodies(1)).toEqual(["Olá, você está na fila Geral."]);
    expect((await ticketsOf())[0]).toMatchObject({ queueId: only.id });
  });

  it("holds a new company to the default week at once: at 03:00 on a Tuesday the customer gets the out-of-hours message, not the menu", async () => {
    await setSetting(t.db, companyId, "scheduleType", "company");
    const { connections } = await import("../db/schema/index.ts");
    await t.db.update(connections).set({ outOfHoursMessage: "Estamos fechados agora." }).where(eq(connections.id, connection.id));
    // 2026-11-24 is a Tuesday; 06:00 UTC is 03:00 in São Paulo.
    t.platform.engine.deps.now = () => new Date("2026-11-24T06:00:00Z");
    await engine().handleInbound(inbound(connection, "5511999990015", "oi"));
    t.platform.engine.deps.now = undefined;
    expect(await sentBodies(1)).toEqual(["Estamos fechados agora."]);
  });

  it("outside the company's hours sends the out-of-hours message once an hour and keeps the ticket waiting", async () => {
    await setSetting(t.db, companyId, "scheduleType", "company");
    const closedAllWeek = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"].map((d) => ({ weekday: d, weekdayEn: d, startTime: "00:00", endTime: "00:00" }));
    await t.db.update(companies).set({ schedules: closedAllWeek }).where(eq(companies.id, companyId));
    const { connections } = await import("../db/schema/index.ts");
    await t.db.update(connections).set({ outOfHoursMessage: "Estamos fechados agora." }).where(eq(connections.id, connection.id));

    await engine().handleInbound(inbound(connection, "5511999990014", "oi"));
    await engine().handleInbound(inbound(connection, "5511999990014", "alô?"));
    expect(await sentBodies(1)).toEqual(["Estamos fechados agora."]);
    await queueStill(t.db);
    expect(driver.sent).toHaveLength(1);
    expect((await ticketsOf())[0]).toMatchObject({ status: "pending", queueId: null });
  });
});

describe("the ticket lifecycle", () => {
  async function openTicket(number: string) {
    await engine().handleInbound(inbound(connection, number, "olá"));
    const [ticket] = await ticketsOf();
    return ticket!;
  }

  it("accept greets the customer by the attendant's name when sendGreetingAccepted is enabled", async () => {
    await setSetting(t.db, companyId, "sendGreetingAccepted", "enabled");
    const ticket = await openTicket("5511999990020");
    const { ctx } = await agent();
    const dto = await acceptTicket(engine().deps, ctx, ticket.id);
    expect(dto).toMatchObject({ status: "open", userId: ctx.userId });
    expect((await sentBodies(1))[0]).toBe("Olá *Cliente 0020*, meu nome é *Carla* e agora vou prosseguir com seu atendimento!");
  });

  it("resolve with userRating asks for a rating; the customer's 3 is recorded and the completion message sent", async () => {
    await setSetting(t.db, companyId, "userRating", "enabled");
    const ticket = await openTicket("5511999990021");
    const { ctx } = await agent();
    await acceptTicket(engine().deps, ctx, ticket.id);
    // The attendant opened the conversation and read it.
    await t.db.update(tickets).set({ unreadMessages: 0 }).where(eq(tickets.id, ticket.id));
    await resolveTicket(engine().deps, ctx, ticket.id);
    expect((await sentBodies(1))[0]).toContain("*1* - Insatisfeito\n*2* - Satisfeito\n*3* - Muito satisfeito");
    expect((await ticketsOf())[0]).toMatchObject({ status: "closed", awaitingRating: true });

    await engine().handleInbound(inbound(connection, "5511999990021", "3"));
    expect((await sentBodies(2))[1]).toBe("Atendimento encerrado. Obrigado!");
    const all = await ticketsOf();
    expect(all).toHaveLength(1);
    // The rating reply is the ticket's last word, not something left to read: no unread badge stays on it.
    expect(all[0]).toMatchObject({ status: "closed", awaitingRating: false, unreadMessages: 0 });
    expect((await messagesOf(ticket.id)).at(-2)).toMatchObject({ body: "3", read: true });
    const updates = t.published.flatMap((e) => (e.name === "ticket.updated" ? [e.payload.ticket] : []));
    expect(updates.at(-1)).toMatchObject({ unreadMessages: 0 });
    expect(await t.db.select({ rate: userRatings.rate, userId: userRatings.userId }).from(userRatings)).toEqual([{ rate: 3, userId: ctx.userId }]);
  });

  it("resolve without rating sends the completion message; a later message opens a new ticket", async () => {
    const ticket = await openTicket("5511999990022");
    const { ctx } = await agent();
    await acceptTicket(engine().deps, ctx, ticket.id);
    await resolveTicket(engine().deps, ctx, ticket.id);
    expect(await sentBodies(1)).toEqual(["Atendimento encerrado. Obrigado!"]);
    await engine().handleInbound(inbound(connection, "5511999990022", "voltei"));
    const all = await ticketsOf();
    expect(all.map((x) => x.status)).toEqual(["closed", "pending"]);
  });

  it("transfer to a queue without a user makes the ticket pending and tells the customer", async () => {
    await setSetting(t.db, companyId, "sendMsgTransfTicket", "enabled");
    const queue = await createQueue(t.db, companyId, { name: "Financeiro" });
    const ticket = await openTicket("5511999990023");
    const { ctx } = await agent();
    await acceptTicket(engine().deps, ctx, ticket.id);
    const dto = await transferTicket(engine().deps, ctx, ticket.id, { queueId: queue.id });
    expect(dto).toMatchObject({ status: "pending", userId: null, queueId: queue.id });
    expect((await sentBodies(1))[0]).toContain("Você foi transferido para o departamento *Financeiro*");
  });

  it("expiry closes a ticket whose customer went silent and sends the inactivity message; an early run waits", async () => {
    const { connections } = await import("../db/schema/index.ts");
    await t.db.update(connections).set({ expiresTicket: 30, expiresInactiveMessage: "Encerrado por inatividade." }).where(eq(connections.id, connection.id));
    const ticket = await openTicket("5511999990024");
    const rescheduled: Date[] = [];
    await runExpireTicketJob(engine().deps, { companyId, ticketId: ticket.id }, async (at) => void rescheduled.push(at));
    expect(rescheduled).toHaveLength(1);
    expect((await ticketsOf())[0]!.status).toBe("pending");

    const later = { ...engine().deps, now: () => new Date(Date.now() + 31 * 60_000) };
    await runExpireTicketJob(later, { companyId, ticketId: ticket.id }, async () => undefined);
    expect((await ticketsOf())[0]!.status).toBe("closed");
    expect(await sentBodies(1)).toEqual(["Encerrado por inatividade."]);
  });

  it("moves a pending ticket nobody accepted to the transfer queue", async () => {
    const target = await createQueue(t.db, companyId, { name: "Plantão" });
    const { connections } = await import("../db/schema/index.ts");
    await t.db.update(connections).set({ timeToTransfer: 5, transferQueueId: target.id }).where(eq(connections.id, connection.id));
    const ticket = await openTicket("5511999990025");
    await runTransferWaitingJob(engine().deps, { companyId, ticketId: ticket.id });
    expect((await ticketsOf())[0]).toMatchObject({ queueId: target.id, status: "pending" });
  });
});

describe("outbound delivery", () => {
  it("a send while disconnected is delivered once after the connection comes back", async () => {
    await setSetting(t.db, companyId, "sendGreetingAccepted", "enabled");
    await engine().handleInbound(inbound(connection, "5511999990030", "oi"));
    const [ticket] = await ticketsOf();
    driver.connected = false;
    const { ctx } = await agent();
    await acceptTicket(engine().deps, ctx, ticket!.id);
    // The send was tried while disconnected, and is waiting for its retry.
    await eventually(() => driver.refusedDisconnected, (refused) => refused >= 1);
    expect(driver.sent).toHaveLength(0);
    const [pending] = (await messagesOf(ticket!.id)).filter((m) => m.fromMe);
    expect(pending).toMatchObject({ sendStatus: "pending", ack: 0 });

    driver.connected = true;
    await sentBodies(1);
    const [sent] = await eventually(
      async () => (await messagesOf(ticket!.id)).filter((m) => m.fromMe),
      (rows) => rows[0]?.sendStatus === "sent",
    );
    expect(sent).toMatchObject({ sendStatus: "sent", ack: 1 });
    expect(driver.sent).toHaveLength(1);
  });

  it("acks move a sent message forward only", async () => {
    await setSetting(t.db, companyId, "sendGreetingAccepted", "enabled");
    await engine().handleInbound(inbound(connection, "5511999990031", "oi"));
    const [ticket] = await ticketsOf();
    const { ctx } = await agent();
    await acceptTicket(engine().deps, ctx, ticket!.id);
    const [sent] = await sentBodies(1).then(() => driver.sent);
    await eventually(async () => (await messagesOf(ticket!.id)).find((m) => m.fromMe)?.wid, (wid) => wid === sent!.idempotencyKey);
    await engine().handleAck({ companyId, connectionId: connection.id, wid: sent!.idempotencyKey, ack: 3 });
    await engine().handleAck({ companyId, connectionId: connection.id, wid: sent!.idempotencyKey, ack: 2 });
    const [row] = await t.db.select().from(messages).where(and(eq(messages.ticketId, ticket!.id), eq(messages.fromMe, true)));
    expect(row!.ack).toBe(3);
  });
});
