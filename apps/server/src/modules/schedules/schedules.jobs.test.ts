import { and, eq } from "drizzle-orm";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { contacts, messages, plans, schedules, tickets } from "../../db/schema/index.ts";
import { DomainEvents } from "../../events/domain-events.ts";
import { type Platform, createPlatform } from "../../platform.ts";
import { type TestApp, buildTestApp, testConfig } from "../../../test/build-test-app.ts";
import { ATTACHMENT_GRACE_MS, SEND_SCHEDULE_JOB, scheduleJobKey } from "./schedules.jobs.ts";
import { attachFakeDriver, createConnectionRow, eventually, inbound, queueStill } from "../../../test/engine-harness.ts";
import { bearer, createTenant, createVendasAndSuporte } from "../../../test/factories.ts";
import type { SchedulesDeps } from "./schedules.service.ts";
import { runSendScheduleJob } from "./schedules.sender.ts";

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c636000010000050001a5f645400000000049454e44ae426082", "hex");

let t: TestApp | undefined;
let second: Platform | undefined;
afterEach(async () => {
  await second?.stop();
  await t?.close();
  t = undefined;
  second = undefined;
});

const secondsFromNow = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

/**
 * A started app with a tenant, its default connection on a fake network, and a customer who wrote first.
 * A schedule saved in these tests leaves at its sendAt, without the attachment grace, unless `attachmentGrace`.
 */
async function setUp(options: { connection?: boolean; attachmentGrace?: boolean } = {}) {
  const app = await buildTestApp({}, { start: true });
  t = app;
  if (!options.attachmentGrace) {
    const schedulesDeps: SchedulesDeps = app.platform.engine.deps;
    schedulesDeps.attachmentGraceMs = 0;
  }
  const tenant = await createTenant(app.app, app.db);
  if (options.connection === false) {
    const [contact] = await app.db.insert(contacts).values({ companyId: tenant.company.id, name: "Sem Conexão", number: "5511900000009" }).returning();
    return { app, tenant, contactId: contact!.id, driver: undefined, connection: undefined };
  }
  const connection = await createConnectionRow(app.db, tenant.company.id);
  const driver = await attachFakeDriver(app, connection);
  await app.platform.engine.handleInbound(inbound(connection, "5511955550001", "Oi, quero um orçamento"));
  const [contact] = await app.db.select().from(contacts).where(eq(contacts.companyId, tenant.company.id));
  return { app, tenant, contactId: contact!.id, driver, connection };
}

async function postSchedule(app: TestApp, token: string, payload: { body: string; sendAt: string; contactId: number }) {
  const response = await app.app.inject({ method: "POST", url: "/schedules", headers: bearer(token), payload });
  if (response.statusCode !== 200) throw new Error(`schedule not created: ${response.body}`);
  const schedule: { id: number } = response.json();
  return schedule.id;
}

async function scheduleRow(app: TestApp, id: number) {
  const [row] = await app.db.select().from(schedules).where(eq(schedules.id, id));
  return row;
}

/** The sendAt of each send of this schedule still queued or running. */
async function unfinishedSends(platform: Platform, id: number): Promise<string[]> {
  const jobs = await platform.jobs.unfinishedByKey(SEND_SCHEDULE_JOB, scheduleJobKey(id));
  return jobs.map((job) => SEND_SCHEDULE_JOB.schema.parse(job.data).sendAt);
}

describe("the schedules.send job", () => {
  it("sends at sendAt through the contact's open ticket, once, and records it", async () => {
    const { app, tenant, contactId, driver } = await setUp();
    // The agent's own conversation: she may open it, so her schedule is written into it as hers.
    const [ticket] = await app.db.update(tickets).set({ status: "open", userId: tenant.agent.id }).where(eq(tickets.contactId, contactId)).returning();
    const sendAt = secondsFromNow(2);
    const id = await postSchedule(app, tenant.agentToken, { body: "Seu orçamento está pronto!", sendAt, contactId });

    await eventually(() => driver!.bodies(), (bodies) => bodies.includes("Seu orçamento está pronto!"));

    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(sendAt));
    const row = await scheduleRow(app, id);
    expect(row).toMatchObject({ status: "ENVIADA", ticketId: ticket!.id });
    expect(row!.sentAt).not.toBeNull();
    const sent = await app.db.select().from(messages).where(and(eq(messages.ticketId, ticket!.id), eq(messages.fromMe, true)));
    expect(sent).toMatchObject([{ body: "Seu orçamento está pronto!", userId: tenant.agent.id }]);
    expect(app.published).toContainEqual(expect.objectContaining({ name: "message.created" }));
    expect(app.published).toContainEqual({
      name: "record.changed",
      payload: expect.objectContaining({ channel: "schedule", action: "update", record: expect.objectContaining({ id, status: "ENVIADA", ticketId: ticket!.id }) }),
    });
    // Its send finished, and nothing else is queued or running that could send it again.
    await eventually(() => unfinishedSends(app.platform, id), (sends) => sends.length === 0);
    await queueStill(app.db);
    expect(driver!.sent).toHaveLength(1);
  }, 60_000);

  it("still sends a schedule of a company whose plan lost useSchedules, but announces nothing of it", async () => {
    const { app, tenant, contactId, driver } = await setUp();
    const id = await postSchedule(app, tenant.adminToken, { body: "Combinado antes da mudança de plano", sendAt: secondsFromNow(2), contactId });
    await app.db.update(plans).set({ useSchedules: false }).where(eq(plans.id, tenant.company.plan.id));
    app.published.length = 0;

    await eventually(() => driver!.bodies(), (bodies) => bodies.includes("Combinado antes da mudança de plano"));
    await eventually(async () => (await scheduleRow(app, id))?.status, (status) => status === "ENVIADA");

    expect(app.published.filter((event) => event.name === "record.changed" && event.payload.channel === "schedule")).toEqual([]);
    // The message itself is the conversation's, which the plan flag does not cover.
    expect(app.published).toContainEqual(expect.objectContaining({ name: "message.created" }));
  }, 60_000);

  it("opens a pending ticket on the default connection when the contact has none, and sends the attachment", async () => {
    const { app, tenant, contactId, driver, connection } = await setUp({ attachmentGrace: true });
    await app.db.update(tickets).set({ status: "closed" }).where(eq(tickets.contactId, contactId));
    const id = await postSchedule(app, tenant.adminToken, { body: "Veja a nossa promoção", sendAt: secondsFromNow(3), contactId });
    const boundary = "----schedule-job-boundary";
    const upload = await app.app.inject({
      method: "POST",
      url: `/schedules/${id}/media-upload`,
      headers: { ...bearer(tenant.adminToken), "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="promo.png"\r\n\r\n`), PNG, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
    expect(upload.statusCode).toBe(200);

    await eventually(() => driver!.sent.length, (n) => n >= 1);

    expect(driver!.sent[0]).toMatchObject({ body: "Veja a nossa promoção", media: { mimetype: "image/png", filename: "promo.png" } });
    const active = await app.db.select().from(tickets).where(and(eq(tickets.contactId, contactId), eq(tickets.status, "pending")));
    expect(active).toMatchObject([{ whatsappId: connection!.id }]);
    expect(await scheduleRow(app, id)).toMatchObject({ status: "ENVIADA", ticketId: active[0]!.id });
  }, 60_000);

  it("waits for the attachment of a schedule saved as already due, and sends both together", async () => {
    const { app, tenant, contactId, driver } = await setUp({ attachmentGrace: true });
    const savedAt = Date.now();
    const id = await postSchedule(app, tenant.adminToken, { body: "Segue o comprovante", sendAt: secondsFromNow(0), contactId });
    // The web app uploads the attachment in a second call, after the save.
    const boundary = "----schedule-due-now";
    const upload = await app.app.inject({
      method: "POST",
      url: `/schedules/${id}/media-upload`,
      headers: { ...bearer(tenant.adminToken), "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="comprovante.png"\r\n\r\n`), PNG, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
    expect(upload.statusCode).toBe(200);

    await eventually(() => driver!.sent.length, (n) => n >= 1);
    expect(driver!.sent).toHaveLength(1);
    expect(driver!.sent[0]).toMatchObject({ body: "Segue o comprovante", media: { mimetype: "image/png", filename: "comprovante.png" } });
    expect(Date.now() - savedAt).toBeGreaterThanOrEqual(ATTACHMENT_GRACE_MS);
  }, 60_000);

  it("marks the schedule ERRO when the company has no default connection", async () => {
    const { app, tenant, contactId } = await setUp({ connection: false });
    const id = await postSchedule(app, tenant.adminToken, { body: "Não vai sair", sendAt: secondsFromNow(1), contactId });

    await eventually(async () => (await scheduleRow(app, id))?.status, (status) => status === "ERRO");

    expect((await scheduleRow(app, id))!.sentAt).toBeNull();
    expect(app.published).toContainEqual({ name: "record.changed", payload: expect.objectContaining({ channel: "schedule", action: "update", record: expect.objectContaining({ id, status: "ERRO" }) }) });
  }, 60_000);

  it("sends a moved schedule at its new time only, and never a deleted one", async () => {
    const { app, tenant, contactId, driver } = await setUp();
    const token = tenant.adminToken;
    const pulledIn = await postSchedule(app, token, { body: "Marcado para daqui a uma hora", sendAt: secondsFromNow(3600), contactId });
    const pushedOut = await postSchedule(app, token, { body: "Adiado para amanhã", sendAt: secondsFromNow(2), contactId });
    const deleted = await postSchedule(app, token, { body: "Cancelado antes da hora", sendAt: secondsFromNow(2), contactId });
    const put = (id: number, body: string, sendAt: string) => app.app.inject({ method: "PUT", url: `/schedules/${id}`, headers: bearer(token), payload: { body, sendAt, contactId } });
    expect((await put(pulledIn, "Antecipado para agora", secondsFromNow(2))).statusCode).toBe(200);
    expect((await put(pushedOut, "Adiado para amanhã", secondsFromNow(86_400))).statusCode).toBe(200);
    expect((await app.app.inject({ method: "DELETE", url: `/schedules/${deleted}`, headers: bearer(token) })).statusCode).toBe(200);

    await eventually(() => driver!.sent.length, (n) => n >= 1);
    // No send of the old times is left: the deleted schedule has none, the postponed one only tomorrow's.
    const tomorrow = (await scheduleRow(app, pushedOut))!.sendAt.toISOString();
    await eventually(() => unfinishedSends(app.platform, deleted), (sends) => sends.length === 0);
    await eventually(() => unfinishedSends(app.platform, pushedOut), (sends) => sends.every((sendAt) => Date.parse(sendAt) === Date.parse(tomorrow)));
    await queueStill(app.db);

    expect(driver!.bodies()).toEqual(["Antecipado para agora"]);
    expect(await scheduleRow(app, pushedOut)).toMatchObject({ status: "PENDENTE", sentAt: null });
  }, 60_000);

  it("stores one message when the same send runs twice at once", async () => {
    const { app, tenant, contactId } = await setUp();
    const sendAt = secondsFromNow(3600);
    const id = await postSchedule(app, tenant.adminToken, { body: "Uma vez só, por favor", sendAt, contactId });
    const payload = { companyId: tenant.company.id, scheduleId: id, sendAt };

    await Promise.all([runSendScheduleJob(app.platform.engine.deps, payload, { retryCount: 0 }), runSendScheduleJob(app.platform.engine.deps, payload, { retryCount: 0 })]);
    await runSendScheduleJob(app.platform.engine.deps, payload, { retryCount: 0 });

    const stored = await app.db.select().from(messages).where(and(eq(messages.companyId, tenant.company.id), eq(messages.body, "Uma vez só, por favor")));
    expect(stored).toHaveLength(1);
  }, 60_000);
});

describe("the schedules.send job and the queues its author may open", () => {
  it("marks the schedule ERRO, writes nothing and assigns nothing when the contact's ticket moved to a queue its author may not open", async () => {
    const { app, tenant, contactId, driver } = await setUp();
    const { vendas, suporte } = await createVendasAndSuporte(app.db, tenant.company.id, tenant.agent.id);
    const [ticket] = await app.db.update(tickets).set({ queueId: vendas.id }).where(eq(tickets.contactId, contactId)).returning();
    const sendAt = secondsFromNow(3600);
    const moved = await postSchedule(app, tenant.agentToken, { body: "Sua proposta de Vendas", sendAt, contactId });
    const stays = await postSchedule(app, tenant.agentToken, { body: "Outra proposta de Vendas", sendAt, contactId });
    const deps = app.platform.engine.deps;

    // While the ticket is in Vendas, her schedule goes into it, without giving her the ticket.
    await runSendScheduleJob(deps, { companyId: tenant.company.id, scheduleId: stays, sendAt }, { retryCount: 0 });
    expect(await scheduleRow(app, stays)).toMatchObject({ status: "ENVIADA", ticketId: ticket!.id });

    await app.db.update(tickets).set({ queueId: suporte.id }).where(eq(tickets.id, ticket!.id));
    await runSendScheduleJob(deps, { companyId: tenant.company.id, scheduleId: moved, sendAt }, { retryCount: 0 });

    expect(await scheduleRow(app, moved)).toMatchObject({ status: "ERRO", sentAt: null, ticketId: null });
    const written = await app.db.select().from(messages).where(and(eq(messages.companyId, tenant.company.id), eq(messages.fromMe, true)));
    expect(written.map((m) => m.body)).toEqual(["Outra proposta de Vendas"]);
    const [after] = await app.db.select().from(tickets).where(eq(tickets.contactId, contactId));
    expect(after).toMatchObject({ id: ticket!.id, queueId: suporte.id, userId: null, status: "pending" });
    await eventually(() => driver!.sent.length, (n) => n >= 1);
    await queueStill(app.db);
    expect(driver!.bodies()).toEqual(["Outra proposta de Vendas"]);
  }, 60_000);
});

describe("a server restart between scheduling and sendAt", () => {
  it("sends each schedule once when the server comes back, including one whose job was never queued", async () => {
    // The attachment grace holds the queued send back for a while after the save: the stop comes before it.
    const { app, tenant, contactId, driver, connection } = await setUp({ attachmentGrace: true });
    const queued = await postSchedule(app, tenant.adminToken, { body: "Agendada antes da queda", sendAt: secondsFromNow(1), contactId });
    const dueBy = Date.now() + ATTACHMENT_GRACE_MS;
    // A schedule saved by a process that stopped before queueing its send.
    const [orphan] = await app.db
      .insert(schedules)
      .values({ companyId: tenant.company.id, contactId, userId: tenant.admin.id, body: "Salva sem tarefa", sendAt: new Date(Date.now() + 1000) })
      .returning();

    await app.platform.stop();
    // Both come due while the server is down.
    await eventually(() => Date.now(), (now) => now > dueBy);
    expect(driver!.sent).toHaveLength(0);
    expect(await scheduleRow(app, queued)).toMatchObject({ sentAt: null, status: "PENDENTE" });

    const logLines: string[] = [];
    const restarted = createPlatform(testConfig(), app.database, pino({ level: "warn" }, { write: (line: string) => logLines.push(line) }), new DomainEvents());
    second = restarted;
    await restarted.start();
    const revived = await attachFakeDriver({ ...app, platform: restarted }, connection!);
    // Only the schedule without a job was queued again; the other one's job was found.
    const requeues = logLines.map((line) => JSON.parse(line) as { msg: string; requeued?: number }).filter((line) => line.msg === "schedules without a queued send were queued again");
    expect(requeues.map((line) => line.requeued)).toEqual([1]);

    await eventually(() => revived.sent.length, (n) => n >= 2);
    await eventually(async () => [...(await unfinishedSends(restarted, queued)), ...(await unfinishedSends(restarted, orphan!.id))], (sends) => sends.length === 0);
    await queueStill(app.db);

    expect(revived.bodies().sort()).toEqual(["Agendada antes da queda", "Salva sem tarefa"]);
    const stored = await app.db.select().from(messages).where(and(eq(messages.companyId, tenant.company.id), eq(messages.fromMe, true)));
    expect(stored.map((m) => m.body).sort()).toEqual(["Agendada antes da queda", "Salva sem tarefa"]);
    expect(await scheduleRow(app, queued)).toMatchObject({ status: "ENVIADA" });
    expect(await scheduleRow(app, orphan!.id)).toMatchObject({ status: "ENVIADA" });
  }, 90_000);
});
