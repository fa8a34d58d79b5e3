import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { companies, contacts, tags, ticketTags, tickets } from "../../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { bearer, createPlan, createTenant, createVendasAndSuporte } from "../../../test/factories.ts";

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

async function insertTag(companyId: number, name: string, kanban = 0) {
  const [row] = await t.db.insert(tags).values({ companyId, name, kanban }).returning();
  return row!;
}

let seq = 0;
async function ticketTagged(companyId: number, tagIds: number[], values: Partial<typeof tickets.$inferInsert> = {}) {
  seq += 1;
  const [contact] = await t.db.insert(contacts).values({ companyId, name: `Contato ${seq}`, number: `55119${String(seq).padStart(8, "0")}` }).returning();
  const [ticket] = await t.db.insert(tickets).values({ companyId, contactId: contact!.id, status: "open", ...values }).returning();
  if (tagIds.length) await t.db.insert(ticketTags).values(tagIds.map((tagId) => ({ companyId, ticketId: ticket!.id, tagId })));
  return ticket!;
}

/** The tag ids a ticket carries, in id order. */
const tagIdsOf = async (ticketId: number) =>
  (await t.db.select({ tagId: ticketTags.tagId }).from(ticketTags).where(eq(ticketTags.ticketId, ticketId))).map((row) => row.tagId).sort((x, y) => x - y);
const ticketEvents = () => t.published.filter((event) => event.name === "ticket.updated");

/** Lanes A and B (kanban tags) and a plain tag VIP of company a. */
async function board() {
  return { laneA: await insertTag(a.company.id, "Lane A", 1), laneB: await insertTag(a.company.id, "Lane B", 1), vip: await insertTag(a.company.id, "VIP") };
}

describe("PUT /ticket-tags/:ticketId/:tagId", () => {
  it("moves a card: the lane's tag replaces the ticket's other kanban tag, plain tags stay, and the ticket is published", async () => {
    const { laneA, laneB, vip } = await board();
    const ticket = await ticketTagged(a.company.id, [laneA.id, vip.id]);
    t.published.length = 0;

    const response = await call("PUT", `/ticket-tags/${ticket.id}/${laneB.id}`, a.adminToken);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: ticket.id, uuid: ticket.uuid });
    expect(response.json<{ tags: { id: number }[] }>().tags.map((tag) => tag.id).sort()).toEqual([laneB.id, vip.id].sort());
    expect(await tagIdsOf(ticket.id)).toEqual([laneB.id, vip.id].sort((x, y) => x - y));
    expect(ticketEvents()).toHaveLength(1);
    expect(ticketEvents()[0]!.payload).toMatchObject({ companyId: a.company.id, ticket: { id: ticket.id } });
    const counts = t.published.flatMap((event) => (event.name === "record.changed" && event.payload.channel === "tag" ? [event.payload.record] : []));
    expect(counts).toEqual(expect.arrayContaining([expect.objectContaining({ id: laneA.id, ticketsCount: 0 }), expect.objectContaining({ id: laneB.id, ticketsCount: 1 })]));
  });

  it("adds a plain tag without taking the ticket out of its lane", async () => {
    const { laneA, vip } = await board();
    const ticket = await ticketTagged(a.company.id, [laneA.id]);

    const response = await call("PUT", `/ticket-tags/${ticket.id}/${vip.id}`, a.adminToken);

    expect(response.statusCode).toBe(200);
    expect(await tagIdsOf(ticket.id)).toEqual([laneA.id, vip.id].sort((x, y) => x - y));
  });

  it("changes nothing and publishes nothing when the ticket is already in the lane", async () => {
    const { laneA } = await board();
    const ticket = await ticketTagged(a.company.id, [laneA.id]);
    t.published.length = 0;

    const response = await call("PUT", `/ticket-tags/${ticket.id}/${laneA.id}`, a.adminToken);

    expect(response.statusCode).toBe(200);
    expect(await tagIdsOf(ticket.id)).toEqual([laneA.id]);
    expect(t.published).toEqual([]);
  });

  it("never leaves a ticket with two kanban tags, even with moves to two lanes at once", async () => {
    const { laneA, laneB, vip } = await board();
    const laneC = await insertTag(a.company.id, "Lane C", 1);
    const ticket = await ticketTagged(a.company.id, [vip.id]);
    for (let round = 0; round < 8; round++) {
      const answers = await Promise.all([laneA, laneB, laneC].map((lane) => call("PUT", `/ticket-tags/${ticket.id}/${lane.id}`, a.adminToken)));
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      const kept = (await tagIdsOf(ticket.id)).filter((id) => id !== vip.id);
      expect(kept, `round ${round}`).toHaveLength(1);
      expect([laneA.id, laneB.id, laneC.id]).toContain(kept[0]);
      expect(await tagIdsOf(ticket.id)).toContain(vip.id);
    }
  });

  it("answers 404 for another company's ticket or tag and changes nothing", async () => {
    const { laneA } = await board();
    const own = await ticketTagged(a.company.id, []);
    const foreignLane = await insertTag(b.company.id, "Lane B1", 1);
    const foreign = await ticketTagged(b.company.id, [foreignLane.id]);
    t.published.length = 0;

    const foreignTicket = await call("PUT", `/ticket-tags/${foreign.id}/${laneA.id}`, a.adminToken);
    const foreignTag = await call("PUT", `/ticket-tags/${own.id}/${foreignLane.id}`, a.adminToken);
    const missing = await call("PUT", `/ticket-tags/${own.id}/2147483647`, a.adminToken);

    expect([foreignTicket.statusCode, foreignTicket.json().error]).toEqual([404, "ERR_NO_TICKET_FOUND"]);
    expect([foreignTag.statusCode, foreignTag.json().error]).toEqual([404, "ERR_NO_TAG_FOUND"]);
    expect([missing.statusCode, missing.json().error]).toEqual([404, "ERR_NO_TAG_FOUND"]);
    expect(await tagIdsOf(foreign.id)).toEqual([foreignLane.id]);
    expect(await tagIdsOf(own.id)).toEqual([]);
    expect(t.published).toEqual([]);
  });

  it("lets an attendant move a card she may open, and refuses one outside her queues", async () => {
    const { laneA } = await board();
    const { vendas, suporte } = await createVendasAndSuporte(t.db, a.company.id, a.agent.id);
    const sales = await ticketTagged(a.company.id, [], { queueId: vendas.id });
    const support = await ticketTagged(a.company.id, [], { queueId: suporte.id });

    expect((await call("PUT", `/ticket-tags/${sales.id}/${laneA.id}`, a.agentToken)).statusCode).toBe(200);
    const refused = await call("PUT", `/ticket-tags/${support.id}/${laneA.id}`, a.agentToken);

    expect([refused.statusCode, refused.json().error]).toEqual([403, "ERR_NO_PERMISSION"]);
    expect(await tagIdsOf(sales.id)).toEqual([laneA.id]);
    expect(await tagIdsOf(support.id)).toEqual([]);
  });

  it("answers 401 without a session and 400 for bad ids", async () => {
    const { laneA } = await board();
    const ticket = await ticketTagged(a.company.id, []);
    expect((await call("PUT", `/ticket-tags/${ticket.id}/${laneA.id}`)).statusCode).toBe(401);
    expect((await call("PUT", `/ticket-tags/abc/${laneA.id}`, a.adminToken)).json().error).toBe("ERR_NOT_FOUND");
    for (const url of [`/ticket-tags/0/${laneA.id}`, `/ticket-tags/${ticket.id}/0`, `/ticket-tags/${ticket.id}/99999999999`]) {
      const response = await call("PUT", url, a.adminToken);
      expect([response.statusCode, response.json().error], url).toEqual([400, "ERR_VALIDATION"]);
    }
    expect(await tagIdsOf(ticket.id)).toEqual([]);
  });
});

describe("DELETE /ticket-tags/:ticketId", () => {
  it("takes the ticket back to 'Em aberto': its kanban tags go, plain tags stay, the ticket is published", async () => {
    const { laneA, vip } = await board();
    const ticket = await ticketTagged(a.company.id, [laneA.id, vip.id]);
    t.published.length = 0;

    const response = await call("DELETE", `/ticket-tags/${ticket.id}`, a.adminToken);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: ticket.id, tags: [{ id: vip.id }] });
    expect(await tagIdsOf(ticket.id)).toEqual([vip.id]);
    expect(ticketEvents().map((event) => event.payload.ticket.id)).toEqual([ticket.id]);
  });

  it("answers 404 for another company's ticket and keeps its tags, 403 outside the attendant's queues, 401 without a session, 400 for a bad id", async () => {
    const foreignLane = await insertTag(b.company.id, "Lane B1", 1);
    const foreign = await ticketTagged(b.company.id, [foreignLane.id]);
    const { laneA } = await board();
    const { suporte } = await createVendasAndSuporte(t.db, a.company.id, a.agent.id);
    const support = await ticketTagged(a.company.id, [laneA.id], { queueId: suporte.id });

    const notFound = await call("DELETE", `/ticket-tags/${foreign.id}`, a.adminToken);
    const refused = await call("DELETE", `/ticket-tags/${support.id}`, a.agentToken);

    expect([notFound.statusCode, notFound.json().error]).toEqual([404, "ERR_NO_TICKET_FOUND"]);
    expect([refused.statusCode, refused.json().error]).toEqual([403, "ERR_NO_PERMISSION"]);
    expect((await call("DELETE", `/ticket-tags/${support.id}`)).statusCode).toBe(401);
    expect((await call("DELETE", "/ticket-tags/0", a.adminToken)).statusCode).toBe(400);
    expect((await call("DELETE", "/ticket-tags/-1", a.adminToken)).statusCode).toBe(404);
    expect(await tagIdsOf(foreign.id)).toEqual([foreignLane.id]);
    expect(await tagIdsOf(support.id)).toEqual([laneA.id]);
  });
});

describe("POST /tags/sync", () => {
  it("keeps one kanban tag: the lane newly picked in the conversation replaces the ticket's lane", async () => {
    const { laneA, laneB, vip } = await board();
    const ticket = await ticketTagged(a.company.id, [laneA.id]);

    const response = await call("POST", "/tags/sync", a.adminToken, { ticketId: ticket.id, tags: [{ id: laneA.id }, { id: laneB.id }, { id: vip.id }] });

    expect(response.statusCode).toBe(200);
    expect(await tagIdsOf(ticket.id)).toEqual([laneB.id, vip.id].sort((x, y) => x - y));
  });
});

describe("the plan's useKanban", () => {
  it("refuses the moves and the lanes when the plan switches kanban off, and changes nothing", async () => {
    const { laneA } = await board();
    const ticket = await ticketTagged(a.company.id, [laneA.id]);
    const plan = await createPlan(t.db, { useKanban: false });
    await t.db.update(companies).set({ planId: plan.id }).where(eq(companies.id, a.company.id));

    for (const [method, url] of [
      ["PUT", `/ticket-tags/${ticket.id}/${laneA.id}`],
      ["DELETE", `/ticket-tags/${ticket.id}`],
      ["GET", "/tags/kanban"],
    ] as const) {
      const response = await call(method, url, a.adminToken);
      expect([response.statusCode, response.json().error], `${method} ${url}`).toEqual([403, "ERR_PLAN_FEATURE_DISABLED"]);
    }
    expect(await t.db.select().from(ticketTags).where(and(eq(ticketTags.ticketId, ticket.id), eq(ticketTags.tagId, laneA.id)))).toHaveLength(1);
  });
});
