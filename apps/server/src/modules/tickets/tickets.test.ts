import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { contacts, messages, tickets, userQueues, users } from "../../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { createConnectionRow, createQueue } from "../../../test/engine-harness.ts";
import { bearer, createTenant, createUser, loginAs } from "../../../test/factories.ts";

let t: TestApp;
let a: Awaited<ReturnType<typeof createTenant>>;
let b: Awaited<ReturnType<typeof createTenant>>;
let sales: { id: number };
let support: { id: number };
let connectionId: number;

beforeEach(async () => {
  t = await buildTestApp();
  a = await createTenant(t.app, t.db);
  b = await createTenant(t.app, t.db);
  sales = await createQueue(t.db, a.company.id, { name: "Vendas" });
  support = await createQueue(t.db, a.company.id, { name: "Suporte" });
  connectionId = (await createConnectionRow(t.db, a.company.id)).id;
  await t.db.insert(userQueues).values({ companyId: a.company.id, userId: a.agent.id, queueId: sales.id });
});
afterEach(async () => {
  await t.close();
});

let seq = 0;
async function ticket(values: Partial<typeof tickets.$inferInsert> & { contactName?: string; body?: string; companyId?: number } = {}) {
  seq += 1;
  const companyId = values.companyId ?? a.company.id;
  const [contact] = await t.db
    .insert(contacts)
    .values({ companyId, name: values.contactName ?? `Contato ${seq}`, number: `55119${String(seq).padStart(8, "0")}` })
    .returning();
  const { contactName: _n, body, ...rest } = values;
  const [row] = await t.db
    .insert(tickets)
    .values({ companyId, contactId: contact!.id, whatsappId: companyId === a.company.id ? connectionId : null, status: "pending", updatedAt: new Date(Date.now() + seq * 1000), ...rest })
    .returning();
  if (body) await t.db.insert(messages).values({ companyId, ticketId: row!.id, contactId: contact!.id, body });
  return row!;
}

const list = async (token: string, query = "") => {
  const response = await t.app.inject({ method: "GET", url: `/tickets${query}`, headers: bearer(token) });
  return { status: response.statusCode, body: response.json() };
};
const ids = (body: { tickets: { id: number }[] }) => body.tickets.map((x) => x.id).sort((x, y) => x - y);

describe("GET /tickets", () => {
  it("answers {tickets, count, hasMore}, newest first, only the company's", async () => {
    const first = await ticket({ queueId: sales.id });
    const second = await ticket({ queueId: sales.id });
    await ticket({ companyId: b.company.id });
    const { status, body } = await list(a.adminToken, "?showAll=true");
    expect(status).toBe(200);
    expect(body).toMatchObject({ count: 2, hasMore: false });
    expect(body.tickets.map((x: { id: number }) => x.id)).toEqual([second.id, first.id]);
    expect(body.tickets[0]).toMatchObject({ contact: { name: expect.any(String) }, queue: { id: sales.id, name: "Vendas" }, whatsapp: { id: connectionId } });
  });

  it("lists the pending tab longest waiting first (by creation), whatever the latest activity, and the open tab newest activity first", async () => {
    const hour = 3_600_000;
    // Waiting for 3 h, but the customer wrote again a moment ago; waiting for 1 h; for 2 h.
    const oldest = await ticket({ queueId: sales.id, createdAt: new Date(Date.now() - 3 * hour), updatedAt: new Date(Date.now() + 60_000) });
    const newest = await ticket({ queueId: sales.id, createdAt: new Date(Date.now() - hour), updatedAt: new Date(Date.now() - hour) });
    const middle = await ticket({ queueId: sales.id, createdAt: new Date(Date.now() - 2 * hour), updatedAt: new Date(Date.now() - 2 * hour) });
    const pending = await list(a.adminToken, "?showAll=true&status=pending");
    expect(pending.body.tickets.map((x: { id: number }) => x.id)).toEqual([oldest.id, middle.id, newest.id]);

    await t.db.update(tickets).set({ status: "open" }).where(eq(tickets.companyId, a.company.id));
    const open = await list(a.adminToken, "?showAll=true&status=open");
    expect(open.body.tickets.map((x: { id: number }) => x.id)).toEqual([oldest.id, newest.id, middle.id]);
  });

  it("lists one contact's tickets with contactId, only those the user may open", async () => {
    const first = await ticket({ queueId: sales.id, status: "closed" });
    const [contact] = await t.db.select({ id: tickets.contactId }).from(tickets).where(eq(tickets.id, first.id));
    const contactId = contact!.id;
    const later = await ticket({ queueId: sales.id, status: "open", contactId });
    await ticket({ queueId: support.id, status: "closed", contactId });
    await ticket({ queueId: sales.id });
    expect(ids((await list(a.adminToken, `?showAll=true&contactId=${contactId}`)).body)).toHaveLength(3);
    expect(ids((await list(a.agentToken, `?showAll=true&contactId=${contactId}`)).body)).toEqual([first.id, later.id].sort((x, y) => x - y));
    expect((await list(a.agentToken, "?contactId=abc")).status).toBe(400);
  });

  it("restricts a user-profile account to its queues, its own tickets, and no-queue tickets only with allTicket", async () => {
    const inSales = await ticket({ queueId: sales.id });
    await ticket({ queueId: support.id });
    const mine = await ticket({ queueId: support.id, userId: a.agent.id, status: "open" });
    const noQueue = await ticket({ queueId: null });
    expect(ids((await list(a.agentToken)).body)).toEqual([inSales.id, mine.id].sort((x, y) => x - y));
    await t.db.update(users).set({ allTicket: "enabled" }).where(eq(users.id, a.agent.id));
    expect(ids((await list(a.agentToken)).body)).toEqual([inSales.id, mine.id, noQueue.id].sort((x, y) => x - y));
  });

  it("lets showAll widen the list only for an admin", async () => {
    await ticket({ queueId: support.id });
    await ticket({ queueId: sales.id });
    expect((await list(a.agentToken, "?showAll=true")).body.count).toBe(1);
    await t.db.delete(userQueues).where(eq(userQueues.userId, a.admin.id));
    expect((await list(a.adminToken, "?showAll=true")).body.count).toBe(2);
  });

  it("combines status, queue, user, unread, tag and search filters instead of replacing one by another", async () => {
    const target = await ticket({ queueId: sales.id, status: "open", userId: a.admin.id, unreadMessages: 2, contactName: "Maria Silva", body: "quero um orçamento" });
    await ticket({ queueId: sales.id, status: "pending", unreadMessages: 2, contactName: "Maria Souza" });
    await ticket({ queueId: support.id, status: "open", userId: a.admin.id, contactName: "Maria Lima" });
    const q = `?status=open&queueIds=${encodeURIComponent(`[${sales.id}]`)}&users=${encodeURIComponent(`[${a.admin.id}]`)}&withUnreadMessages=true&searchParam=maria&showAll=true`;
    const combined = await list(a.adminToken, q);
    expect(combined.status, JSON.stringify(combined.body)).toBe(200);
    expect(ids(combined.body)).toEqual([target.id]);
    const bySearch = await list(a.adminToken, `?searchParam=${encodeURIComponent("ORÇAMENTO")}&showAll=true`);
    expect(bySearch.status, JSON.stringify(bySearch.body)).toBe(200);
    expect(ids(bySearch.body)).toEqual([target.id]);
    const { tags, ticketTags } = await import("../../db/schema/index.ts");
    const [tag] = await t.db.insert(tags).values({ companyId: a.company.id, name: "VIP" }).returning();
    await t.db.insert(ticketTags).values({ companyId: a.company.id, ticketId: target.id, tagId: tag!.id });
    const byTag = await list(a.adminToken, `?showAll=true&tags=${encodeURIComponent(`[${tag!.id}]`)}`);
    expect(byTag.status, JSON.stringify(byTag.body)).toBe(200);
    expect(ids(byTag.body)).toEqual([target.id]);
  });

  it("searches without regard to accents or case, in names and message text, whether the term is rare or common", async () => {
    const { SEARCH_PROBE_LIMIT } = await import("./tickets.list.ts");
    const joao = await ticket({ queueId: sales.id, contactName: "João Araújo" });
    const marcia = await ticket({ queueId: sales.id, contactName: "Bia", body: "A Márcia pediu um ORÇAMENTO" });
    await ticket({ queueId: sales.id, contactName: "Joana", body: "bom dia" });
    const search = async (term: string) => ids((await list(a.adminToken, `?searchParam=${encodeURIComponent(term)}&showAll=true`)).body);
    expect(await search("joao")).toEqual([joao.id]);
    expect(await search("ARAUJO")).toEqual([joao.id]);
    expect(await search("araujo JOAO")).toEqual([joao.id]);
    expect(await search("marcia")).toEqual([marcia.id]);
    expect(await search("orcamento")).toEqual([marcia.id]);
    expect(await search("Orçamento")).toEqual([marcia.id]);
    // A common term walks the tickets instead: the same rule holds.
    await t.db.insert(messages).values(Array.from({ length: SEARCH_PROBE_LIMIT }, (_, i) => ({ companyId: a.company.id, ticketId: joao.id, body: `orçamento nº ${i}` })));
    expect(await search("orcamento")).toEqual([joao.id, marcia.id].sort((x, y) => x - y));
  });

  it("carries on each ticket found by a message's text its newest matching message, and nothing on a name match", async () => {
    const byText = await ticket({ queueId: sales.id, contactName: "Bia", body: "o boleto venceu" });
    const [older] = await t.db.select().from(messages).where(eq(messages.ticketId, byText.id));
    const [newer] = await t.db
      .insert(messages)
      .values({ companyId: a.company.id, ticketId: byText.id, contactId: byText.contactId, body: "Segue o *BOLETO* atualizado", createdAt: new Date(older!.createdAt.getTime() + 60_000) })
      .returning();
    await t.db.insert(messages).values({ companyId: a.company.id, ticketId: byText.id, contactId: byText.contactId, body: "obrigada", createdAt: new Date(older!.createdAt.getTime() + 120_000) });
    const byName = await ticket({ queueId: sales.id, contactName: "Boleto Bancário", body: "boleto pago" });
    // Another queue than the agent's, and another company: newer matches that the agent may not see.
    await ticket({ queueId: support.id, contactName: "Caio", body: "boleto do Caio" });
    await ticket({ companyId: b.company.id, contactName: "Duda", body: "boleto de outra empresa" });

    const found = await list(a.adminToken, `?searchParam=${encodeURIComponent("bolêto")}&showAll=true`);
    expect(found.status).toBe(200);
    const match = (id: number) => found.body.tickets.find((x: { id: number }) => x.id === id)?.searchMatch;
    expect(match(byText.id)).toEqual({ messageId: newer!.id, body: "Segue o *BOLETO* atualizado", createdAt: newer!.createdAt.toISOString() });
    expect(found.body.tickets.find((x: { id: number }) => x.id === byName.id)).not.toHaveProperty("searchMatch");

    const agent = await list(a.agentToken, "?searchParam=boleto");
    expect(agent.body.tickets.map((x: { id: number; searchMatch?: { messageId: number } }) => [x.id, x.searchMatch?.messageId])).toEqual([
      [byName.id, undefined],
      [byText.id, newer!.id],
    ]);
    const unsearched = await list(a.adminToken, "?showAll=true");
    expect(unsearched.body.tickets.every((x: object) => !("searchMatch" in x))).toBe(true);
  });

  it("pages 40 at a time", async () => {
    for (let i = 0; i < 45; i++) await ticket({ queueId: sales.id });
    const page1 = (await list(a.adminToken, "?showAll=true")).body;
    const page2 = (await list(a.adminToken, "?showAll=true&pageNumber=2")).body;
    expect([page1.tickets.length, page1.hasMore, page2.tickets.length, page2.hasMore, page1.count]).toEqual([40, true, 5, false, 45]);
  });

  it("finds a common word as well as a rare one, through message text, name and number, newest activity first", async () => {
    const { SEARCH_PROBE_LIMIT } = await import("./tickets.list.ts");
    const busy = await ticket({ queueId: sales.id, contactName: "Ana" });
    const quiet = await ticket({ queueId: sales.id, contactName: "Bruno", body: "meu pedido chegou?" });
    const byName = await ticket({ queueId: sales.id, contactName: "Carla Pedido" });
    await ticket({ queueId: sales.id, contactName: "Davi", body: "bom dia" });
    await ticket({ companyId: b.company.id, contactName: "Pedido de outra empresa", body: "pedido" });
    // Rare: one message and one name.
    const rare = await list(a.adminToken, "?searchParam=pedido&showAll=true");
    expect(rare.body.tickets.map((x: { id: number }) => x.id)).toEqual([byName.id, quiet.id]);
    expect(rare.body.count).toBe(2);
    // Common: more matching messages than the probe reads; the walk must find the same tickets.
    await t.db.insert(messages).values(Array.from({ length: SEARCH_PROBE_LIMIT }, (_, i) => ({ companyId: a.company.id, ticketId: busy.id, body: `pedido ${i}` })));
    const common = await list(a.adminToken, "?searchParam=PEDIDO&showAll=true");
    expect(common.body.tickets.map((x: { id: number }) => x.id)).toEqual([byName.id, quiet.id, busy.id]);
    expect(common.body).toMatchObject({ count: 3, hasMore: false });
    // Digits match the number, whatever plan.
    const [contact] = await t.db.select({ number: contacts.number }).from(contacts).where(eq(contacts.id, quiet.contactId));
    const byNumber = await list(a.adminToken, `?searchParam=${contact!.number.slice(-6)}&showAll=true`);
    expect(ids(byNumber.body)).toEqual([quiet.id]);
  });

  it("plans each side apart: a term common in names and rare in texts, then common in both, finds the same tickets", async () => {
    const { SEARCH_PROBE_LIMIT } = await import("./tickets.list.ts");
    // More contacts by that name than the probe reads, none with a ticket.
    await t.db.insert(contacts).values(Array.from({ length: SEARCH_PROBE_LIMIT }, (_, i) => ({ companyId: a.company.id, name: `Cliente ${i} Pereira`, number: `55119${String(90_000_000 + i)}` })));
    const byName = await ticket({ queueId: sales.id, contactName: "Ana Pereira" });
    const byText = await ticket({ queueId: sales.id, contactName: "Bruno", body: "falar com a Sra. PEREIRA" });
    await ticket({ queueId: sales.id, contactName: "Carla", body: "bom dia" });
    await ticket({ companyId: b.company.id, contactName: "Pereira de outra empresa", body: "pereira" });
    const search = async () => (await list(a.adminToken, "?searchParam=pereira&showAll=true")).body;
    expect(await search()).toMatchObject({ tickets: [{ id: byText.id }, { id: byName.id }], count: 2, hasMore: false });
    await t.db.insert(messages).values(Array.from({ length: SEARCH_PROBE_LIMIT }, (_, i) => ({ companyId: a.company.id, ticketId: byText.id, body: `pereira ${i}` })));
    expect(await search()).toMatchObject({ tickets: [{ id: byText.id }, { id: byName.id }], count: 2, hasMore: false });
  });

  it("finds a contact by its new name once renamed, and no longer by its old one", async () => {
    const renamed = await ticket({ queueId: sales.id, contactName: "Antônio Prado" });
    const [contact] = await t.db.select().from(contacts).where(eq(contacts.id, renamed.contactId));
    const search = async (term: string) => ids((await list(a.adminToken, `?searchParam=${encodeURIComponent(term)}&showAll=true`)).body);
    expect(await search("antonio")).toEqual([renamed.id]);
    const response = await t.app.inject({ method: "PUT", url: `/contacts/${contact!.id}`, headers: bearer(a.adminToken), payload: { name: "Zoë Müller", number: contact!.number, email: "" } });
    expect(response.statusCode).toBe(200);
    expect(await search("antonio")).toEqual([]);
    expect(await search("ZOE MULLER")).toEqual([renamed.id]);
  });

  it("counts up to 1000 matches and still pages past them", async () => {
    const [contact] = await t.db.insert(contacts).values({ companyId: a.company.id, name: "Cliente antigo", number: "5511900000999" }).returning();
    const base = Date.now();
    await t.db.insert(tickets).values(
      Array.from({ length: 1005 }, (_, i) => ({ companyId: a.company.id, contactId: contact!.id, status: "closed", queueId: sales.id, updatedAt: new Date(base - i * 1000) })),
    );
    const first = (await list(a.adminToken, "?status=closed&showAll=true")).body;
    expect(first).toMatchObject({ count: 1000, hasMore: true });
    const last = (await list(a.adminToken, "?status=closed&showAll=true&pageNumber=26")).body;
    expect(last.tickets).toHaveLength(5);
    expect(last).toMatchObject({ count: 1005, hasMore: false });
  });

  it.each([
    ["invalid JSON in queueIds", "?queueIds=[1,"],
    ["a non-array in tags", "?tags=%7B%7D"],
    ["a negative page", "?pageNumber=-3"],
    ["an enormous page", "?pageNumber=99999999999"],
    ["an unknown status", "?status=archived"],
    ["a malformed date", "?date=yesterday"],
  ])("answers 400 ERR_VALIDATION for %s", async (_label, query) => {
    const { status, body } = await list(a.adminToken, query);
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: "ERR_VALIDATION" });
  });

  it("answers 401 without a session", async () => {
    expect((await t.app.inject({ method: "GET", url: "/tickets" })).statusCode).toBe(401);
  });
});

describe("GET /tickets/:id and /tickets/u/:uuid", () => {
  it("answers the ticket by id and by uuid", async () => {
    const row = await ticket({ queueId: sales.id });
    expect((await t.app.inject({ method: "GET", url: `/tickets/${row.id}`, headers: bearer(a.agentToken) })).json()).toMatchObject({ id: row.id, uuid: row.uuid });
    expect((await t.app.inject({ method: "GET", url: `/tickets/u/${row.uuid}`, headers: bearer(a.agentToken) })).json()).toMatchObject({ id: row.id });
  });

  it("answers 'Acesso não permitido' to a user outside the ticket's queue and 404 to another company", async () => {
    const row = await ticket({ queueId: support.id });
    const denied = await t.app.inject({ method: "GET", url: `/tickets/u/${row.uuid}`, headers: bearer(a.agentToken) });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ error: "ERR_NO_PERMISSION", message: "Acesso não permitido" });
    const other = await t.app.inject({ method: "GET", url: `/tickets/u/${row.uuid}`, headers: bearer(b.adminToken) });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ error: "ERR_NO_TICKET_FOUND" });
  });
});

describe("POST /tickets", () => {
  it("opens a ticket for a contact on the default connection, assigned to the actor", async () => {
    const [contact] = await t.db.insert(contacts).values({ companyId: a.company.id, name: "Novo", number: "5511900000001" }).returning();
    const response = await t.app.inject({ method: "POST", url: "/tickets", headers: bearer(a.agentToken), payload: { contactId: contact!.id, queueId: sales.id } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: "open", userId: a.agent.id, queueId: sales.id, whatsappId: connectionId, uuid: expect.any(String) });
    expect(t.published.some((e) => e.name === "ticket.updated")).toBe(true);
  });

  it("answers ERR_OTHER_OPEN_TICKET with who handles the contact's active ticket", async () => {
    const existing = await ticket({ queueId: sales.id, status: "open", userId: a.admin.id });
    const response = await t.app.inject({ method: "POST", url: "/tickets", headers: bearer(a.agentToken), payload: { contactId: existing.contactId, queueId: sales.id } });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: "ERR_OTHER_OPEN_TICKET", details: { status: "open", userId: a.admin.id, userName: "Ana Admin", reservedForId: null, queueName: "Vendas" } });
    expect(JSON.parse(response.json().message)).toMatchObject({ userName: "Ana Admin" });
  });

  it("does not name an attendant for a ticket only reserved by distribution: it names whom it is reserved for", async () => {
    const reserved = await ticket({ queueId: sales.id, status: "pending", userId: a.admin.id });
    const response = await t.app.inject({ method: "POST", url: "/tickets", headers: bearer(a.agentToken), payload: { contactId: reserved.contactId, queueId: sales.id } });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: "ERR_OTHER_OPEN_TICKET",
      details: { status: "pending", userId: null, userName: null, reservedForId: a.admin.id, reservedForName: "Ana Admin", queueName: "Vendas" },
    });
  });

  it("names nobody for a waiting ticket nobody holds", async () => {
    const waiting = await ticket({ queueId: sales.id, status: "pending" });
    const response = await t.app.inject({ method: "POST", url: "/tickets", headers: bearer(a.agentToken), payload: { contactId: waiting.contactId, queueId: sales.id } });
    expect(response.json()).toMatchObject({ error: "ERR_OTHER_OPEN_TICKET", details: { status: "pending", userId: null, userName: null, reservedForId: null, reservedForName: null, queueName: "Vendas" } });
  });

  it("requires a queue from a non-admin, and refuses another company's contact", async () => {
    const [contact] = await t.db.insert(contacts).values({ companyId: a.company.id, name: "Sem fila", number: "5511900000002" }).returning();
    const noQueue = await t.app.inject({ method: "POST", url: "/tickets", headers: bearer(a.agentToken), payload: { contactId: contact!.id } });
    expect(noQueue.json()).toMatchObject({ error: "ERR_VALIDATION", message: "Selecione uma fila" });
    const other = await t.app.inject({ method: "POST", url: "/tickets", headers: bearer(b.adminToken), payload: { contactId: contact!.id } });
    expect(other.json()).toMatchObject({ error: "ERR_NO_CONTACT_FOUND" });
    expect(await t.db.select().from(tickets).where(eq(tickets.contactId, contact!.id))).toHaveLength(0);
  });
});

describe("POST /tickets: the queue of a new ticket", () => {
  it("refuses a user-profile account a queue she does not belong to, opening nothing, and lets an admin use any queue or none", async () => {
    const [contact] = await t.db.insert(contacts).values({ companyId: a.company.id, name: "Cliente do Suporte", number: "5511900000003" }).returning();
    const response = await t.app.inject({ method: "POST", url: "/tickets", headers: bearer(a.agentToken), payload: { contactId: contact!.id, queueId: support.id } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    expect(await t.db.select().from(tickets).where(eq(tickets.contactId, contact!.id))).toHaveLength(0);
    const [first, second] = await t.db
      .insert(contacts)
      .values([
        { companyId: a.company.id, name: "Primeiro", number: "5511900000004" },
        { companyId: a.company.id, name: "Segundo", number: "5511900000005" },
      ])
      .returning();
    const inSupport = await t.app.inject({ method: "POST", url: "/tickets", headers: bearer(a.adminToken), payload: { contactId: first!.id, queueId: support.id } });
    expect(inSupport.json()).toMatchObject({ queueId: support.id, userId: a.admin.id });
    const withoutQueue = await t.app.inject({ method: "POST", url: "/tickets", headers: bearer(a.adminToken), payload: { contactId: second!.id } });
    expect(withoutQueue.json()).toMatchObject({ queueId: null, userId: a.admin.id });
  });
});

describe("PUT /tickets/:id: promptId and integrationId", () => {
  it("refuses a prompt or an integration that does not exist and changes nothing", async () => {
    const row = await ticket({ queueId: sales.id, status: "open", userId: a.agent.id });
    const put = (payload: object) => t.app.inject({ method: "PUT", url: `/tickets/${row.id}`, headers: bearer(a.agentToken), payload });
    const prompt = await put({ promptId: 7, status: "closed" });
    expect(prompt.statusCode).toBe(404);
    expect(prompt.json()).toMatchObject({ error: "ERR_NO_PROMPT_FOUND" });
    const integration = await put({ integrationId: 2147483647 });
    expect(integration.statusCode).toBe(404);
    expect(integration.json()).toMatchObject({ error: "ERR_NO_INTEGRATION_FOUND" });
    expect((await t.db.select().from(tickets).where(eq(tickets.id, row.id)))[0]).toMatchObject({ status: "open", promptId: null, integrationId: null });
    const cleared = await put({ promptId: null, integrationId: null, useIntegration: true });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ promptId: null, integrationId: null, useIntegration: true });
  });
});

describe("PUT /tickets/:id", () => {
  it("accepts, returns, resolves and reopens, publishing the list each left", async () => {
    const row = await ticket({ queueId: sales.id });
    const put = (payload: object) => t.app.inject({ method: "PUT", url: `/tickets/${row.id}`, headers: bearer(a.agentToken), payload });
    expect((await put({ status: "open" })).json()).toMatchObject({ status: "open", userId: a.agent.id });
    expect((await put({ status: "pending", userId: null })).json()).toMatchObject({ status: "pending", userId: null });
    await put({ status: "open" });
    t.published.length = 0;
    expect((await put({ status: "closed" })).json()).toMatchObject({ status: "closed" });
    expect(t.published).toContainEqual(expect.objectContaining({ name: "ticket.updated", payload: expect.objectContaining({ previousStatus: "open" }) }));
    expect((await put({ status: "open" })).json()).toMatchObject({ status: "open", userId: a.agent.id });
  });

  it("lets exactly one of two attendants accepting the same tickets at once take each; the other is told who took it", async () => {
    const colleague = await createUser(t.db, { companyId: a.company.id, profile: "user", name: "Carla Colega" });
    await t.db.insert(userQueues).values({ companyId: a.company.id, userId: colleague.id, queueId: sales.id });
    const colleagueToken = (await loginAs(t.app, colleague.email)).token;
    const rows = await Promise.all(Array.from({ length: 5 }, () => ticket({ queueId: sales.id })));
    t.published.length = 0;

    const accept = (token: string, id: number) => t.app.inject({ method: "PUT", url: `/tickets/${id}`, headers: bearer(token), payload: { status: "open" } });
    const outcomes = await Promise.all(rows.map((row) => Promise.all([accept(a.agentToken, row.id), accept(colleagueToken, row.id)])));

    const names = new Map([
      [a.agent.id, "Beto Atendente"],
      [colleague.id, "Carla Colega"],
    ]);
    for (const [index, pair] of outcomes.entries()) {
      const row = rows[index]!;
      const won = pair.filter((response) => response.statusCode === 200);
      const lost = pair.filter((response) => response.statusCode !== 200);
      expect(won, `ticket ${row.id}: one acceptance wins`).toHaveLength(1);
      const [stored] = await t.db.select().from(tickets).where(eq(tickets.id, row.id));
      expect(won[0]!.json()).toMatchObject({ status: "open", userId: stored!.userId });
      expect(lost[0]!.statusCode).toBe(409);
      expect(lost[0]!.json()).toMatchObject({ error: "ERR_TICKET_ALREADY_ACCEPTED", details: { userId: stored!.userId, userName: names.get(stored!.userId!) } });
      const updates = t.published.filter((event) => event.name === "ticket.updated" && "ticket" in event.payload && event.payload.ticket.id === row.id);
      expect(updates, `ticket ${row.id}: one update published`).toHaveLength(1);
    }
  });

  it("refuses to accept a ticket another attendant already holds, and answers one's own ticket unchanged", async () => {
    const taken = await ticket({ queueId: sales.id, status: "open", userId: a.admin.id });
    const refused = await t.app.inject({ method: "PUT", url: `/tickets/${taken.id}`, headers: bearer(a.agentToken), payload: { status: "open" } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: "ERR_TICKET_ALREADY_ACCEPTED", details: { userId: a.admin.id, userName: "Ana Admin" } });
    expect((await t.db.select().from(tickets).where(eq(tickets.id, taken.id)))[0]).toMatchObject({ status: "open", userId: a.admin.id });

    const mine = await ticket({ queueId: sales.id, status: "open", userId: a.agent.id });
    t.published.length = 0;
    const again = await t.app.inject({ method: "PUT", url: `/tickets/${mine.id}`, headers: bearer(a.agentToken), payload: { status: "open" } });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: mine.id, status: "open", userId: a.agent.id });
    expect(t.published).toEqual([]);
  });

  it("transfers to a queue without a user as pending, and refuses another company's queue", async () => {
    const row = await ticket({ queueId: sales.id, status: "open", userId: a.agent.id });
    const response = await t.app.inject({ method: "PUT", url: `/tickets/${row.id}`, headers: bearer(a.adminToken), payload: { queueId: support.id } });
    expect(response.json()).toMatchObject({ status: "pending", userId: null, queueId: support.id });
    const otherQueue = await createQueue(t.db, b.company.id, { name: "Alheia" });
    const refused = await t.app.inject({ method: "PUT", url: `/tickets/${row.id}`, headers: bearer(a.adminToken), payload: { queueId: otherQueue.id } });
    expect(refused.json()).toMatchObject({ error: "ERR_NO_QUEUE_FOUND" });
  });

  it("answers 404 for another company's ticket and changes nothing", async () => {
    const row = await ticket({ queueId: sales.id });
    const response = await t.app.inject({ method: "PUT", url: `/tickets/${row.id}`, headers: bearer(b.adminToken), payload: { status: "open" } });
    expect(response.statusCode).toBe(404);
    expect((await t.db.select().from(tickets).where(eq(tickets.id, row.id)))[0]!.status).toBe("pending");
  });
});

describe("DELETE /tickets/:id", () => {
  it("is refused to a user-profile account and allowed to an admin", async () => {
    const row = await ticket({ queueId: sales.id });
    const refused = await t.app.inject({ method: "DELETE", url: `/tickets/${row.id}`, headers: bearer(a.agentToken) });
    expect(refused.json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    const deleted = await t.app.inject({ method: "DELETE", url: `/tickets/${row.id}`, headers: bearer(a.adminToken) });
    expect(deleted.statusCode).toBe(204);
    expect(await t.db.select().from(tickets).where(eq(tickets.id, row.id))).toHaveLength(0);
    expect(t.published).toContainEqual({ name: "ticket.deleted", payload: { companyId: a.company.id, ticketId: row.id, status: "pending", queueId: sales.id, userId: null } });
  });
});

describe("tags, notes, distribution logs, quick replies and the user list", () => {
  it("creates tags, syncs a ticket's tags and refuses another company's tag", async () => {
    const row = await ticket({ queueId: sales.id });
    const vip = (await t.app.inject({ method: "POST", url: "/tags", headers: bearer(a.adminToken), payload: { name: "VIP", color: "#ff0000" } })).json();
    expect((await t.app.inject({ method: "POST", url: "/tags", headers: bearer(a.adminToken), payload: { name: "VIP" } })).json()).toMatchObject({ error: "ERR_DUPLICATED_TAG" });
    const synced = await t.app.inject({ method: "POST", url: "/tags/sync", headers: bearer(a.agentToken), payload: { ticketId: row.id, tags: [{ id: vip.id }] } });
    expect(synced.json()).toMatchObject({ tags: [{ id: vip.id, name: "VIP" }] });
    expect((await t.app.inject({ method: "GET", url: "/tags/list", headers: bearer(a.agentToken) })).json()).toEqual([{ id: vip.id, name: "VIP", color: "#ff0000", kanban: 0 }]);
    const foreign = (await t.app.inject({ method: "POST", url: "/tags", headers: bearer(b.adminToken), payload: { name: "Alheia" } })).json();
    const refused = await t.app.inject({ method: "POST", url: "/tags/sync", headers: bearer(a.adminToken), payload: { ticketId: row.id, tags: [{ id: foreign.id }] } });
    expect(refused.json()).toMatchObject({ error: "ERR_NO_TAG_FOUND" });
  });

  it("adds, lists and deletes notes of a ticket's contact", async () => {
    const row = await ticket({ queueId: sales.id });
    const short = await t.app.inject({ method: "POST", url: "/ticket-notes", headers: bearer(a.agentToken), payload: { note: "x", ticketId: row.id, contactId: row.contactId } });
    expect(short.json()).toMatchObject({ error: "ERR_VALIDATION" });
    const note = (await t.app.inject({ method: "POST", url: "/ticket-notes", headers: bearer(a.agentToken), payload: { note: "Cliente prefere e-mail", ticketId: row.id, contactId: row.contactId } })).json();
    expect(note).toMatchObject({ note: "Cliente prefere e-mail", user: { id: a.agent.id } });
    const listed = await t.app.inject({ method: "GET", url: `/ticket-notes/list?ticketId=${row.id}&contactId=${row.contactId}`, headers: bearer(a.agentToken) });
    expect(listed.json()).toHaveLength(1);
    expect((await t.app.inject({ method: "DELETE", url: `/ticket-notes/${note.id}`, headers: bearer(b.adminToken) })).json()).toMatchObject({ error: "ERR_NO_NOTE_FOUND" });
    expect((await t.app.inject({ method: "DELETE", url: `/ticket-notes/${note.id}`, headers: bearer(a.agentToken) })).statusCode).toBe(204);
  });

  it("lists a ticket's distribution log after a transfer", async () => {
    const row = await ticket({ queueId: sales.id, status: "open", userId: a.agent.id });
    await t.app.inject({ method: "PUT", url: `/tickets/${row.id}`, headers: bearer(a.adminToken), payload: { queueId: support.id } });
    const response = await t.app.inject({ method: "GET", url: `/distribution-logs?ticketId=${row.id}&limit=50`, headers: bearer(a.adminToken) });
    expect(response.json().logs).toEqual([expect.objectContaining({ fromQueueName: "Vendas", toQueueName: "Suporte", strategy: "transfer" })]);
    expect((await t.app.inject({ method: "GET", url: `/distribution-logs?ticketId=${row.id}`, headers: bearer(b.adminToken) })).statusCode).toBe(404);
  });

  it("lists shared and own quick replies, and the company's users without e-mails", async () => {
    const { quickMessages } = await import("../../db/schema/index.ts");
    await t.db.insert(quickMessages).values([
      { companyId: a.company.id, shortcode: "oi", message: "Olá!", geral: true },
      { companyId: a.company.id, shortcode: "meu", message: "Só meu", userId: a.agent.id },
      { companyId: a.company.id, shortcode: "dele", message: "Do admin", userId: a.admin.id },
      { companyId: b.company.id, shortcode: "alheio", message: "Outra empresa", geral: true },
    ]);
    const replies = (await t.app.inject({ method: "GET", url: "/quick-messages/list", headers: bearer(a.agentToken) })).json();
    expect(replies.map((r: { shortcode: string }) => r.shortcode)).toEqual(["meu", "oi"]);
    const people = await t.app.inject({ method: "GET", url: "/users/list", headers: bearer(a.agentToken) });
    expect(people.json().map((u: { name: string }) => u.name).sort()).toEqual(["Ana Admin", "Beto Atendente"]);
    expect(people.body).not.toContain("@example.com");
  });
});
