import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { messages, tickets } from "../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../test/build-test-app.ts";
import { attachFakeDriver, createConnectionRow, eventually, inbound } from "../../test/engine-harness.ts";
import { bearer, createTenant } from "../../test/factories.ts";
import { acceptTicket } from "./lifecycle.ts";
import { EXPIRE_TICKET_JOB, SEND_MESSAGE_JOB } from "./jobs.ts";
import { queueOutboundMessage } from "./outbound.ts";

/*
 * A row and the job that finishes its work are written together: the process may die at any point
 * between them (here: queueing the job fails as if it had), and then neither may exist.
 */

let t: TestApp | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await t?.close();
  t = undefined;
});

/** Makes the next queueing of a `name` job fail, as a process dying at that instant would; answers the spy on every queueing. */
function failNextQueueing(app: TestApp, name: string) {
  const send = app.platform.jobs.send.bind(app.platform.jobs);
  let failed = false;
  return vi.spyOn(app.platform.jobs, "send").mockImplementation(async (definition, payload, options) => {
    if (definition.name === name && !failed) {
      failed = true;
      throw new Error("the process died here");
    }
    return send(definition, payload, options);
  });
}

async function openTicket(app: TestApp) {
  const tenant = await createTenant(app.app, app.db);
  const connection = await createConnectionRow(app.db, tenant.company.id, { expiresTicket: 30 });
  const driver = await attachFakeDriver(app, connection);
  await app.platform.engine.handleInbound(inbound(connection, "5511966660001", "oi"));
  const [ticket] = await app.db.select().from(tickets).where(eq(tickets.companyId, tenant.company.id));
  const ctx = { companyId: tenant.company.id, userId: tenant.admin.id, profile: "admin" as const, isSuper: false };
  await acceptTicket(app.platform.engine.deps, ctx, ticket!.id);
  return { tenant, connection, driver, ticketId: ticket!.id, ctx };
}

const outboundOf = (app: TestApp, ticketId: number) =>
  app.db.select({ body: messages.body, sendStatus: messages.sendStatus }).from(messages).where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true)));

describe("an outbound message and its send", () => {
  it("are stored together: a failure to queue the send leaves no message behind", async () => {
    t = await buildTestApp({}, { start: true });
    const { tenant, ticketId } = await openTicket(t);
    failNextQueueing(t, SEND_MESSAGE_JOB.name);

    await expect(queueOutboundMessage(t.platform.engine.deps, { companyId: tenant.company.id, ticketId, body: "perdida?", userId: tenant.admin.id })).rejects.toThrow("the process died here");
    expect(await outboundOf(t, ticketId)).toEqual([]);

    await queueOutboundMessage(t.platform.engine.deps, { companyId: tenant.company.id, ticketId, body: "enviada", userId: tenant.admin.id });
    await eventually(() => outboundOf(t!, ticketId), (rows) => rows.length === 1 && rows[0]!.sendStatus === "sent");
  }, 40_000);
});

describe("POST /messages/:id/retry", () => {
  it("puts a failed message back to pending only together with its send", async () => {
    t = await buildTestApp({}, { start: true });
    const { tenant, connection, ticketId, driver } = await openTicket(t);
    const [ticket] = await t.db.select({ contactId: tickets.contactId }).from(tickets).where(eq(tickets.id, ticketId));
    const [row] = await t.db
      .insert(messages)
      .values({
        companyId: tenant.company.id,
        ticketId,
        contactId: ticket!.contactId,
        whatsappId: connection.id,
        body: "falhou",
        fromMe: true,
        read: true,
        sendStatus: "failed",
        sendError: "network",
        userId: tenant.admin.id,
      })
      .returning({ id: messages.id });
    failNextQueueing(t, SEND_MESSAGE_JOB.name);

    const refused = await t.app.inject({ method: "POST", url: `/messages/${row!.id}/retry`, headers: bearer(tenant.adminToken) });
    expect(refused.statusCode).toBe(500);
    expect(await outboundOf(t, ticketId)).toEqual([{ body: "falhou", sendStatus: "failed" }]);

    const retried = await t.app.inject({ method: "POST", url: `/messages/${row!.id}/retry`, headers: bearer(tenant.adminToken) });
    expect(retried.statusCode).toBe(204);
    await eventually(() => driver.bodies(), (bodies) => bodies.includes("falhou"));
  }, 40_000);
});

describe("a customer's message and its ticket's timers", () => {
  it("are stored together: a failure to queue the expiry leaves the message unstored, and its redelivery stores both", async () => {
    t = await buildTestApp({}, { start: true });
    const { tenant, connection, ticketId } = await openTicket(t);
    const message = inbound(connection, "5511966660001", "ainda aí?");
    const queued = failNextQueueing(t, EXPIRE_TICKET_JOB.name);

    await expect(t.platform.engine.handleInbound(message)).rejects.toThrow("the process died here");
    const customerMessages = () =>
      t!.db.select({ body: messages.body }).from(messages).where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, false))).orderBy(messages.id);
    expect(await customerMessages()).toEqual([{ body: "oi" }]);

    await t.platform.engine.handleInbound(message);
    expect(await customerMessages()).toEqual([{ body: "oi" }, { body: "ainda aí?" }]);
    const expiries = queued.mock.calls.filter(([definition]) => definition.name === EXPIRE_TICKET_JOB.name);
    expect(expiries).toHaveLength(2);
    expect(expiries[1]![1]).toEqual({ companyId: tenant.company.id, ticketId });
  }, 40_000);
});
