import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { contacts, tags, ticketTags, tickets } from "../../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { bearer, createTenant, createVendasAndSuporte } from "../../../test/factories.ts";

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

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (method: Method, url: string, token?: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

async function insertTag(companyId: number, name: string, values: Partial<typeof tags.$inferInsert> = {}) {
  const [row] = await t.db.insert(tags).values({ companyId, name, ...values }).returning();
  if (!row) throw new Error("tag not created");
  return row;
}

let seq = 0;
async function ticketTagged(companyId: number, tagIds: number[]) {
  seq += 1;
  const [contact] = await t.db.insert(contacts).values({ companyId, name: `Contato ${seq}`, number: `55119${String(seq).padStart(8, "0")}` }).returning();
  const [ticket] = await t.db.insert(tickets).values({ companyId, contactId: contact!.id, status: "open" }).returning();
  if (tagIds.length) await t.db.insert(ticketTags).values(tagIds.map((tagId) => ({ companyId, ticketId: ticket!.id, tagId })));
  return ticket!;
}

const tagRow = async (id: number) => (await t.db.select().from(tags).where(eq(tags.id, id)))[0];
const tagEvents = () => t.published.filter((event) => event.name === "record.changed" && event.payload.channel === "tag");

describe("GET /tags", () => {
  it("answers a page of the company's tags by name, each with its ticket count", async () => {
    const vip = await insertTag(a.company.id, "VIP", { color: "#ff0000" });
    const late = await insertTag(a.company.id, "Atrasado");
    await insertTag(b.company.id, "Alheia");
    await ticketTagged(a.company.id, [vip.id, late.id]);
    await ticketTagged(a.company.id, [vip.id]);

    const response = await call("GET", "/tags", a.agentToken);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      tags: [
        { id: late.id, name: "Atrasado", color: "#2DDD7F", kanban: 0, userId: null, ticketsCount: 1 },
        { id: vip.id, name: "VIP", color: "#ff0000", kanban: 0, userId: null, ticketsCount: 2 },
      ],
      hasMore: false,
    });
  });

  it("searches by name, ignoring case, and pages by 20", async () => {
    for (let i = 0; i < 21; i += 1) await insertTag(a.company.id, `Cliente ${String(i).padStart(2, "0")}`);
    await insertTag(a.company.id, "Outro");

    const first = (await call("GET", "/tags?searchParam=cliente&pageNumber=1", a.agentToken)).json();
    const second = (await call("GET", "/tags?searchParam=cliente&pageNumber=2", a.agentToken)).json();

    expect(first.tags).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    expect(second.tags.map((tag: { name: string }) => tag.name)).toEqual(["Cliente 20"]);
    expect(second.hasMore).toBe(false);
  });

  it("treats % and _ in the search as plain characters", async () => {
    await insertTag(a.company.id, "100% pago");
    await insertTag(a.company.id, "Pago");
    const body = (await call("GET", "/tags?searchParam=0%25", a.agentToken)).json();
    expect(body.tags.map((tag: { name: string }) => tag.name)).toEqual(["100% pago"]);
  });

  it("answers 401 without a session and 400 for a bad page number", async () => {
    expect((await call("GET", "/tags")).statusCode).toBe(401);
    const bad = await call("GET", "/tags?pageNumber=0", a.agentToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: "ERR_VALIDATION" });
  });
});

describe("GET /tags/:id", () => {
  it("answers the tag with its ticket count", async () => {
    const vip = await insertTag(a.company.id, "VIP", { userId: a.admin.id });
    await ticketTagged(a.company.id, [vip.id]);
    const response = await call("GET", `/tags/${vip.id}`, a.agentToken);
    expect(response.json()).toEqual({ id: vip.id, name: "VIP", color: "#2DDD7F", kanban: 0, userId: a.admin.id, ticketsCount: 1 });
  });

  it("answers 404 ERR_NO_TAG_FOUND for another company's tag, 401 without a session, 400 for a bad id", async () => {
    const foreign = await insertTag(b.company.id, "Alheia");
    const response = await call("GET", `/tags/${foreign.id}`, a.adminToken);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: "ERR_NO_TAG_FOUND" });
    expect((await call("GET", `/tags/${foreign.id}`)).statusCode).toBe(401);
    expect((await call("GET", "/tags/0", a.adminToken)).statusCode).toBe(400);
    expect((await call("GET", "/tags/abc", a.adminToken)).statusCode).toBe(404);
  });
});

describe("GET /tags/kanban", () => {
  it("answers the company's kanban tags only", async () => {
    const lane = await insertTag(a.company.id, "Em negociação", { kanban: 1 });
    await insertTag(a.company.id, "Comum");
    await insertTag(b.company.id, "Alheia", { kanban: 1 });
    const response = await call("GET", "/tags/kanban", a.agentToken);
    expect(response.json()).toEqual({ lista: [{ id: lane.id, name: "Em negociação", color: "#2DDD7F", kanban: 1 }] });
    expect((await call("GET", "/tags/kanban")).statusCode).toBe(401);
  });
});

describe("POST /tags", () => {
  it("creates a tag owned by the admin and publishes it on the tag channel", async () => {
    t.published.length = 0;
    const response = await call("POST", "/tags", a.adminToken, { name: "  Urgente ", color: "#123abc" });

    expect(response.statusCode).toBe(200);
    const tag = response.json();
    expect(tag).toEqual({ id: expect.any(Number), name: "Urgente", color: "#123abc", kanban: 0, userId: a.admin.id, ticketsCount: 0 });
    expect(await tagRow(tag.id)).toMatchObject({ companyId: a.company.id, name: "Urgente" });
    expect(tagEvents()).toEqual([{ name: "record.changed", payload: { companyId: a.company.id, channel: "tag", action: "create", record: tag } }]);
  });

  it("lets an admin create a kanban tag", async () => {
    const response = await call("POST", "/tags", a.adminToken, { name: "Proposta", kanban: 1 });
    expect(response.json()).toMatchObject({ name: "Proposta", kanban: 1 });
  });

  it("answers ERR_NO_PERMISSION when a user-profile account creates a kanban tag, and creates nothing", async () => {
    const response = await call("POST", "/tags", a.agentToken, { name: "Proposta", kanban: 1 });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    expect(await t.db.select().from(tags).where(eq(tags.companyId, a.company.id))).toHaveLength(0);
  });

  it("answers 409 ERR_DUPLICATED_TAG for a name the company has; another company may use it", async () => {
    await insertTag(a.company.id, "VIP");
    const response = await call("POST", "/tags", a.adminToken, { name: "VIP" });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: "ERR_DUPLICATED_TAG" });
    expect((await call("POST", "/tags", b.adminToken, { name: "VIP" })).statusCode).toBe(200);
  });

  it.each([
    ["a missing name", {}],
    ["a name under 3 characters", { name: "ab" }],
    ["a blank name", { name: "    " }],
    ["a name over 50 characters", { name: "x".repeat(51) }],
    ["a colour that is not hex", { name: "Urgente", color: "red" }],
    ["a kanban flag other than 0 or 1", { name: "Urgente", kanban: 2 }],
    ["an unknown field", { name: "Urgente", companyId: 99 }],
  ])("answers 400 ERR_VALIDATION for %s", async (_label, payload) => {
    const response = await call("POST", "/tags", a.adminToken, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_VALIDATION" });
    expect(await t.db.select().from(tags).where(eq(tags.companyId, a.company.id))).toHaveLength(0);
  });

  it("answers 401 without a session", async () => {
    expect((await call("POST", "/tags", undefined, { name: "Urgente" })).statusCode).toBe(401);
  });
});

describe("PUT /tags/:id", () => {
  it("renames and recolours a tag, keeps its kanban flag, and publishes the update with the count", async () => {
    const lane = await insertTag(a.company.id, "Proposta", { kanban: 1 });
    await ticketTagged(a.company.id, [lane.id]);
    t.published.length = 0;

    const response = await call("PUT", `/tags/${lane.id}`, a.adminToken, { name: "Proposta enviada", color: "#00ff00" });

    expect(response.statusCode).toBe(200);
    const tag = response.json();
    expect(tag).toMatchObject({ id: lane.id, name: "Proposta enviada", color: "#00ff00", kanban: 1, ticketsCount: 1 });
    expect(await tagRow(lane.id)).toMatchObject({ name: "Proposta enviada", kanban: 1 });
    expect(tagEvents()).toEqual([{ name: "record.changed", payload: { companyId: a.company.id, channel: "tag", action: "update", record: tag } }]);
  });

  it("lets an admin mark and unmark a tag as kanban", async () => {
    const tag = await insertTag(a.company.id, "Proposta");
    expect((await call("PUT", `/tags/${tag.id}`, a.adminToken, { name: "Proposta", kanban: 1 })).json()).toMatchObject({ kanban: 1 });
    expect((await call("PUT", `/tags/${tag.id}`, a.adminToken, { name: "Proposta", kanban: 0 })).json()).toMatchObject({ kanban: 0 });
  });

  it.each([
    ["marks", 0, 1],
    ["unmarks", 1, 0],
  ])("answers ERR_NO_PERMISSION when a user-profile account %s a kanban tag, and changes nothing", async (_label, current, requested) => {
    const tag = await insertTag(a.company.id, "Proposta", { kanban: current });
    const response = await call("PUT", `/tags/${tag.id}`, a.agentToken, { name: "Outro nome", kanban: requested });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    expect(await tagRow(tag.id)).toMatchObject({ name: "Proposta", kanban: current });
  });

  it("answers 409 ERR_DUPLICATED_TAG when renaming to another tag's name", async () => {
    await insertTag(a.company.id, "VIP");
    const other = await insertTag(a.company.id, "Comum");
    const response = await call("PUT", `/tags/${other.id}`, a.adminToken, { name: "VIP" });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: "ERR_DUPLICATED_TAG" });
    expect(await tagRow(other.id)).toMatchObject({ name: "Comum" });
  });

  it("answers 404 for another company's tag and leaves it unchanged", async () => {
    const foreign = await insertTag(b.company.id, "Alheia");
    const response = await call("PUT", `/tags/${foreign.id}`, a.adminToken, { name: "Tomada" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: "ERR_NO_TAG_FOUND" });
    expect(await tagRow(foreign.id)).toMatchObject({ name: "Alheia" });
  });

  it("answers 400 for a short name and 401 without a session", async () => {
    const tag = await insertTag(a.company.id, "Proposta");
    const bad = await call("PUT", `/tags/${tag.id}`, a.adminToken, { name: "ab" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: "ERR_VALIDATION" });
    expect((await call("PUT", `/tags/${tag.id}`, undefined, { name: "Outra" })).statusCode).toBe(401);
    expect(await tagRow(tag.id)).toMatchObject({ name: "Proposta" });
  });
});

describe("DELETE /tags/:id", () => {
  it("deletes the tag and its ticket links, keeps the tickets, and publishes the delete", async () => {
    const tag = await insertTag(a.company.id, "VIP");
    const ticket = await ticketTagged(a.company.id, [tag.id]);
    t.published.length = 0;

    const response = await call("DELETE", `/tags/${tag.id}`, a.adminToken);

    expect(response.statusCode).toBe(200);
    expect(await tagRow(tag.id)).toBeUndefined();
    expect(await t.db.select().from(ticketTags).where(eq(ticketTags.ticketId, ticket.id))).toHaveLength(0);
    expect(await t.db.select().from(tickets).where(eq(tickets.id, ticket.id))).toHaveLength(1);
    expect(tagEvents()).toEqual([{ name: "record.changed", payload: { companyId: a.company.id, channel: "tag", action: "delete", record: { id: tag.id } } }]);
  });

  it("answers 404 for another company's tag and keeps it", async () => {
    const foreign = await insertTag(b.company.id, "Alheia");
    const response = await call("DELETE", `/tags/${foreign.id}`, a.adminToken);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: "ERR_NO_TAG_FOUND" });
    expect(await tagRow(foreign.id)).toBeDefined();
    expect(tagEvents()).toEqual([]);
  });

  it("answers 401 without a session and 400 for a bad id", async () => {
    const tag = await insertTag(a.company.id, "VIP");
    expect((await call("DELETE", `/tags/${tag.id}`)).statusCode).toBe(401);
    expect((await call("DELETE", "/tags/0", a.adminToken)).statusCode).toBe(400);
    expect(await tagRow(tag.id)).toBeDefined();
  });
});

describe("POST /tags/sync", () => {
  it("publishes the new ticket counts of the tags added and removed", async () => {
    const vip = await insertTag(a.company.id, "VIP");
    const late = await insertTag(a.company.id, "Atrasado");
    const ticket = await ticketTagged(a.company.id, [vip.id]);
    t.published.length = 0;

    const response = await call("POST", "/tags/sync", a.adminToken, { ticketId: ticket.id, tags: [{ id: late.id }] });

    expect(response.statusCode).toBe(200);
    const counts = tagEvents().map((event) => (event.name === "record.changed" ? event.payload.record : null));
    expect(counts).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: vip.id, ticketsCount: 0 }), expect.objectContaining({ id: late.id, ticketsCount: 1 })]),
    );
    expect(await t.db.select().from(ticketTags).where(and(eq(ticketTags.ticketId, ticket.id), eq(ticketTags.tagId, late.id)))).toHaveLength(1);
  });
});

describe("tags are managed by admins and applied by attendants", () => {
  it("refuses a user-profile account creating, renaming or deleting a tag, and lets her list tags and apply them to a ticket she may open only", async () => {
    const vip = await insertTag(a.company.id, "VIP", { userId: a.admin.id, color: "#ff0000" });
    const ticket = await ticketTagged(a.company.id, [vip.id]);
    t.published.length = 0;
    const attempts = [
      await call("POST", "/tags", a.agentToken, { name: "Urgente" }),
      await call("PUT", `/tags/${vip.id}`, a.agentToken, { name: "VIP", color: "#00ff00" }),
      await call("PUT", `/tags/${vip.id}`, a.agentToken, { name: "Renomeada" }),
      await call("DELETE", `/tags/${vip.id}`, a.agentToken),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    }
    expect(await t.db.select().from(tags).where(eq(tags.companyId, a.company.id))).toMatchObject([{ id: vip.id, name: "VIP", color: "#ff0000" }]);
    expect(await t.db.select().from(ticketTags).where(eq(ticketTags.ticketId, ticket.id))).toHaveLength(1);
    expect(tagEvents()).toEqual([]);
    const { vendas, suporte } = await createVendasAndSuporte(t.db, a.company.id, a.agent.id);
    const sales = await ticketTagged(a.company.id, []);
    const support = await ticketTagged(a.company.id, []);
    await t.db.update(tickets).set({ queueId: vendas.id }).where(eq(tickets.id, sales.id));
    await t.db.update(tickets).set({ queueId: suporte.id }).where(eq(tickets.id, support.id));

    expect((await call("GET", "/tags/list", a.agentToken)).json()).toMatchObject([{ id: vip.id, name: "VIP" }]);
    const applied = await call("POST", "/tags/sync", a.agentToken, { ticketId: sales.id, tags: [{ id: vip.id }] });
    expect(applied.json()).toMatchObject({ id: sales.id, tags: [{ id: vip.id }] });
    const removed = await call("POST", "/tags/sync", a.agentToken, { ticketId: sales.id, tags: [] });
    expect(removed.json()).toMatchObject({ id: sales.id, tags: [] });
    const refused = await call("POST", "/tags/sync", a.agentToken, { ticketId: support.id, tags: [{ id: vip.id }] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    expect(await t.db.select().from(ticketTags).where(eq(ticketTags.ticketId, support.id))).toHaveLength(0);
  });
});
