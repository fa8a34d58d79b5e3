import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { contacts, queues, schedules, tickets, userQueues } from "../../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { bearer, createTenant, createUser, createVendasAndSuporte, loginAs } from "../../../test/factories.ts";
import { SEND_SCHEDULE_JOB, scheduleJobKey } from "./schedules.jobs.ts";

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c636000010000050001a5f645400000000049454e44ae426082", "hex");
const GIF = Buffer.from("47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b", "hex");

let t: TestApp;
let a: Awaited<ReturnType<typeof createTenant>>;
let b: Awaited<ReturnType<typeof createTenant>>;
beforeEach(async () => {
  // The job queue runs: saving a schedule queues its send.
  t = await buildTestApp({}, { start: true });
  a = await createTenant(t.app, t.db);
  b = await createTenant(t.app, t.db);
});
afterEach(async () => {
  await t.close();
});

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

async function createContact(companyId: number, name = "Maria Cliente") {
  const [row] = await t.db.insert(contacts).values({ companyId, name, number: `5511${Math.floor(Math.random() * 1e9)}` }).returning();
  if (!row) throw new Error("contact not created");
  return row;
}

async function postSchedule(token: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: "POST", url: "/schedules", headers: bearer(token), payload });
}

async function createSchedule(token: string, contactId: number, values: { body?: string; sendAt?: string } = {}) {
  const response = await postSchedule(token, { body: values.body ?? "Lembrete da sua consulta", sendAt: values.sendAt ?? inHours(1), contactId });
  if (response.statusCode !== 200) throw new Error(`schedule not created: ${response.body}`);
  const body: { id: number } = response.json();
  return body.id;
}

/** The sendAt of every queued send of a schedule. */
async function queuedSendAts(scheduleId: number) {
  const jobs = await t.platform.jobs.unfinishedByKey(SEND_SCHEDULE_JOB, scheduleJobKey(scheduleId));
  return jobs.map((job) => SEND_SCHEDULE_JOB.schema.parse(job.data).sendAt);
}

function scheduleEvents(companyId: number) {
  return t.published.flatMap((event) => (event.name === "record.changed" && event.payload.channel === "schedule" && event.payload.companyId === companyId ? [event.payload] : []));
}

function multipart(token: string, file: { field?: string; name: string; content: Buffer }) {
  const boundary = "----conversa-schedule-boundary";
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? "file"}"; filename="${file.name}"\r\nContent-Type: image/png\r\n\r\n`),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { ...bearer(token), "content-type": `multipart/form-data; boundary=${boundary}` } };
}

async function markSent(id: number) {
  await t.db.update(schedules).set({ sentAt: new Date(), status: "ENVIADA" }).where(eq(schedules.id, id));
}

describe("POST /schedules", () => {
  it("saves the schedule by the acting user, queues its send for sendAt and tells the company", async () => {
    const contact = await createContact(a.company.id);
    const sendAt = inHours(2);

    const response = await postSchedule(a.agentToken, { body: "  Sua encomenda chegou!  ", sendAt, contactId: contact.id });

    expect(response.statusCode).toBe(200);
    const schedule = response.json();
    expect(schedule).toMatchObject({
      body: "Sua encomenda chegou!",
      sendAt,
      sentAt: null,
      status: "PENDENTE",
      contact: { id: contact.id, name: "Maria Cliente", number: contact.number },
      user: { id: a.agent.id, name: "Beto Atendente" },
      mediaPath: null,
      ticketId: null,
    });
    expect(await queuedSendAts(schedule.id)).toEqual([sendAt]);
    expect(scheduleEvents(a.company.id)).toEqual([{ companyId: a.company.id, channel: "schedule", action: "create", record: schedule }]);
  });

  it("answers 400 for a short body, a missing sendAt or contact, and fields it does not know", async () => {
    const contact = await createContact(a.company.id);
    const short = await postSchedule(a.adminToken, { body: " oi  ", sendAt: inHours(1), contactId: contact.id });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ error: "ERR_VALIDATION" });
    expect(short.body).toContain("Mensagem muito curta");
    const noDate = await postSchedule(a.adminToken, { body: "Mensagem longa", sendAt: "", contactId: contact.id });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.body).toContain("Obrigatório");
    expect((await postSchedule(a.adminToken, { body: "Mensagem longa", sendAt: inHours(1) })).statusCode).toBe(400);
    const foreign = await postSchedule(a.adminToken, { body: "Mensagem longa", sendAt: inHours(1), contactId: contact.id, companyId: b.company.id });
    expect(foreign.statusCode).toBe(400);
    expect(await t.db.select().from(schedules)).toHaveLength(0);
  });

  it("refuses a sendAt in the past", async () => {
    const contact = await createContact(a.company.id);
    const response = await postSchedule(a.adminToken, { body: "Mensagem longa", sendAt: inHours(-1), contactId: contact.id });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_SCHEDULE_IN_PAST" });
  });

  it("answers 404 for another company's contact and saves nothing", async () => {
    const theirs = await createContact(b.company.id);
    const response = await postSchedule(a.adminToken, { body: "Mensagem longa", sendAt: inHours(1), contactId: theirs.id });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: "ERR_NO_CONTACT_FOUND" });
    expect(await t.db.select().from(schedules)).toHaveLength(0);
  });

  it("answers 401 without a session and ERR_PLAN_FEATURE_DISABLED when the plan has no schedules", async () => {
    expect((await t.app.inject({ method: "POST", url: "/schedules", payload: {} })).statusCode).toBe(401);
    const c = await createTenant(t.app, t.db, { flags: { useSchedules: false } });
    const contact = await createContact(c.company.id);
    const response = await postSchedule(c.adminToken, { body: "Mensagem longa", sendAt: inHours(1), contactId: contact.id });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: "ERR_PLAN_FEATURE_DISABLED", details: { planFlag: "useSchedules" } });
    expect(await t.db.select().from(schedules)).toHaveLength(0);
  });
});

describe("GET /schedules", () => {
  it("lists the company's schedules due in the range, earliest first, with a search on body and contact", async () => {
    const maria = await createContact(a.company.id, "Maria Cliente");
    const joao = await createContact(a.company.id, "João Comprador");
    await createSchedule(a.adminToken, maria.id, { body: "Depois de amanhã", sendAt: inHours(50) });
    await createSchedule(a.adminToken, joao.id, { body: "Amanhã cedo", sendAt: inHours(20) });
    await createSchedule(a.adminToken, maria.id, { body: "Fora do intervalo", sendAt: inHours(24 * 40) });
    await createSchedule(b.adminToken, (await createContact(b.company.id)).id, { body: "De outra empresa", sendAt: inHours(20) });
    const range = `start=${encodeURIComponent(new Date().toISOString())}&end=${encodeURIComponent(inHours(24 * 30))}`;

    const all = await t.app.inject({ method: "GET", url: `/schedules?${range}`, headers: bearer(a.agentToken) });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ count: 2, hasMore: false });
    expect(all.json().schedules.map((s: { body: string }) => s.body)).toEqual(["Amanhã cedo", "Depois de amanhã"]);

    const byName = await t.app.inject({ method: "GET", url: `/schedules?${range}&searchParam=jo%C3%A3o`, headers: bearer(a.agentToken) });
    expect(byName.json().schedules.map((s: { body: string }) => s.body)).toEqual(["Amanhã cedo"]);
    const byContact = await t.app.inject({ method: "GET", url: `/schedules?${range}&contactId=${maria.id}`, headers: bearer(a.agentToken) });
    expect(byContact.json().schedules.map((s: { body: string }) => s.body)).toEqual(["Depois de amanhã"]);
  });

  it("answers 400 for half a range or one longer than 62 days, and 401 without a session", async () => {
    expect((await t.app.inject({ method: "GET", url: `/schedules?start=${encodeURIComponent(inHours(0))}`, headers: bearer(a.adminToken) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: `/schedules?end=${encodeURIComponent(inHours(1))}`, headers: bearer(a.adminToken) })).statusCode).toBe(400);
    const long = await t.app.inject({ method: "GET", url: `/schedules?start=${encodeURIComponent(inHours(0))}&end=${encodeURIComponent(inHours(24 * 70))}`, headers: bearer(a.adminToken) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ error: "ERR_VALIDATION" });
    expect((await t.app.inject({ method: "GET", url: `/schedules?start=${encodeURIComponent(inHours(0))}&end=${encodeURIComponent(inHours(1))}` })).statusCode).toBe(401);
  });

  it("answers ERR_PLAN_FEATURE_DISABLED when the plan has no schedules", async () => {
    const c = await createTenant(t.app, t.db, { flags: { useSchedules: false } });
    const response = await t.app.inject({ method: "GET", url: `/schedules?start=${encodeURIComponent(inHours(0))}&end=${encodeURIComponent(inHours(1))}`, headers: bearer(c.adminToken) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: "ERR_PLAN_FEATURE_DISABLED", details: { planFlag: "useSchedules" } });
  });
});

describe("GET /schedules/:id", () => {
  it("answers the schedule, 404 for another company's or a path that is no id, and 400 for a bad id", async () => {
    const id = await createSchedule(a.adminToken, (await createContact(a.company.id)).id);
    const mine = await t.app.inject({ method: "GET", url: `/schedules/${id}`, headers: bearer(a.agentToken) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ id, status: "PENDENTE", user: { name: "Ana Admin" } });
    const theirs = await t.app.inject({ method: "GET", url: `/schedules/${id}`, headers: bearer(b.adminToken) });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ error: "ERR_NO_SCHEDULE_FOUND" });
    expect((await t.app.inject({ method: "GET", url: "/schedules/abc", headers: bearer(a.adminToken) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/schedules/0", headers: bearer(a.adminToken) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: `/schedules/${id}` })).statusCode).toBe(401);
  });
});

describe("PUT /schedules/:id", () => {
  it("changes an unsent schedule and moves its send to the new time", async () => {
    const contact = await createContact(a.company.id);
    const id = await createSchedule(a.adminToken, contact.id, { sendAt: inHours(1) });
    const later = inHours(5);
    t.published.length = 0;

    const response = await t.app.inject({ method: "PUT", url: `/schedules/${id}`, headers: bearer(a.agentToken), payload: { body: "Novo texto do lembrete", sendAt: later, contactId: contact.id } });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ body: "Novo texto do lembrete", sendAt: later, status: "PENDENTE", user: { name: "Ana Admin" } });
    expect(await queuedSendAts(id)).toEqual([later]);
    expect(scheduleEvents(a.company.id)).toEqual([{ companyId: a.company.id, channel: "schedule", action: "update", record: response.json() }]);
  });

  it("makes a failed schedule pending again", async () => {
    const contact = await createContact(a.company.id);
    const id = await createSchedule(a.adminToken, contact.id);
    await t.db.update(schedules).set({ status: "ERRO" }).where(eq(schedules.id, id));
    const response = await t.app.inject({ method: "PUT", url: `/schedules/${id}`, headers: bearer(a.adminToken), payload: { body: "Tentar de novo", sendAt: inHours(1), contactId: contact.id } });
    expect(response.json()).toMatchObject({ status: "PENDENTE" });
  });

  it("answers ERR_SCHEDULE_ALREADY_SENT once sent, 404 for another company's schedule, 400 for a bad body", async () => {
    const contact = await createContact(a.company.id);
    const id = await createSchedule(a.adminToken, contact.id, { body: "Texto original" });
    const payload = { body: "Texto alterado", sendAt: inHours(3), contactId: contact.id };

    const theirs = await t.app.inject({ method: "PUT", url: `/schedules/${id}`, headers: bearer(b.adminToken), payload });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ error: "ERR_NO_SCHEDULE_FOUND" });
    const bad = await t.app.inject({ method: "PUT", url: `/schedules/${id}`, headers: bearer(a.adminToken), payload: { ...payload, body: "curt" } });
    expect(bad.statusCode).toBe(400);
    const [unchanged] = await t.db.select().from(schedules).where(eq(schedules.id, id));
    expect(unchanged!.body).toBe("Texto original");

    await markSent(id);
    const sent = await t.app.inject({ method: "PUT", url: `/schedules/${id}`, headers: bearer(a.adminToken), payload });
    expect(sent.statusCode).toBe(409);
    expect(sent.json()).toMatchObject({ error: "ERR_SCHEDULE_ALREADY_SENT" });
    expect((await t.app.inject({ method: "PUT", url: `/schedules/${id}`, payload })).statusCode).toBe(401);
  });
});

describe("DELETE /schedules/:id", () => {
  it("deletes an unsent schedule and cancels its send", async () => {
    const id = await createSchedule(a.adminToken, (await createContact(a.company.id)).id);
    t.published.length = 0;
    const response = await t.app.inject({ method: "DELETE", url: `/schedules/${id}`, headers: bearer(a.agentToken) });
    expect(response.statusCode).toBe(200);
    expect(await t.db.select().from(schedules)).toHaveLength(0);
    expect(await queuedSendAts(id)).toEqual([]);
    expect(scheduleEvents(a.company.id)).toEqual([{ companyId: a.company.id, channel: "schedule", action: "delete", record: { id } }]);
  });

  it("answers 404 for another company's schedule, ERR_SCHEDULE_ALREADY_SENT once sent, 401 without a session", async () => {
    const id = await createSchedule(a.adminToken, (await createContact(a.company.id)).id);
    const theirs = await t.app.inject({ method: "DELETE", url: `/schedules/${id}`, headers: bearer(b.adminToken) });
    expect(theirs.statusCode).toBe(404);
    expect(await t.db.select().from(schedules)).toHaveLength(1);
    expect((await t.app.inject({ method: "DELETE", url: `/schedules/${id}` })).statusCode).toBe(401);
    await markSent(id);
    const sent = await t.app.inject({ method: "DELETE", url: `/schedules/${id}`, headers: bearer(a.adminToken) });
    expect(sent.statusCode).toBe(409);
    expect(sent.json()).toMatchObject({ error: "ERR_SCHEDULE_ALREADY_SENT" });
  });
});

describe("POST /schedules/:id/media-upload", () => {
  it("attaches a png, replaces it, and removes it with DELETE", async () => {
    const id = await createSchedule(a.adminToken, (await createContact(a.company.id)).id);
    t.published.length = 0;
    const upload = await t.app.inject({ method: "POST", url: `/schedules/${id}/media-upload`, ...multipart(a.agentToken, { name: "promo.png", content: PNG }) });
    expect(upload.statusCode).toBe(200);
    const attached = upload.json();
    expect(attached).toMatchObject({ mediaName: "promo.png", mediaPath: expect.stringMatching(/\.png$/) });
    expect(await t.platform.media.resolve(a.company.id, attached.mediaPath)).toBeDefined();
    expect(scheduleEvents(a.company.id)).toMatchObject([{ action: "update", record: { id, mediaName: "promo.png" } }]);

    const replaced = await t.app.inject({ method: "POST", url: `/schedules/${id}/media-upload`, ...multipart(a.agentToken, { name: "nova.png", content: PNG }) });
    expect(replaced.json()).toMatchObject({ mediaName: "nova.png" });
    expect(await t.platform.media.resolve(a.company.id, attached.mediaPath)).toBeUndefined();
    const current = replaced.json();

    const removed = await t.app.inject({ method: "DELETE", url: `/schedules/${id}/media-upload`, headers: bearer(a.agentToken) });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ mediaPath: null, mediaName: null });
    expect(await t.platform.media.resolve(a.company.id, current.mediaPath)).toBeUndefined();
  });

  it("refuses what is not png or jpeg by its content, whatever its name", async () => {
    const id = await createSchedule(a.adminToken, (await createContact(a.company.id)).id);
    const gif = await t.app.inject({ method: "POST", url: `/schedules/${id}/media-upload`, ...multipart(a.adminToken, { name: "fake.png", content: GIF }) });
    expect(gif.statusCode).toBe(400);
    expect(gif.json()).toMatchObject({ error: "ERR_MEDIA_TYPE_NOT_ALLOWED" });
    const text = await t.app.inject({ method: "POST", url: `/schedules/${id}/media-upload`, ...multipart(a.adminToken, { name: "x.jpg", content: Buffer.from(`texto ${randomUUID()}`) }) });
    expect(text.statusCode).toBe(400);
    const wrongField = await t.app.inject({ method: "POST", url: `/schedules/${id}/media-upload`, ...multipart(a.adminToken, { field: "medias", name: "a.png", content: PNG }) });
    expect(wrongField.statusCode).toBe(400);
    const json = await t.app.inject({ method: "POST", url: `/schedules/${id}/media-upload`, headers: bearer(a.adminToken), payload: { file: "x" } });
    expect(json.statusCode).toBe(400);
    const [row] = await t.db.select().from(schedules).where(eq(schedules.id, id));
    expect(row!.mediaPath).toBeNull();
  });

  it("answers 404 for another company's schedule, ERR_SCHEDULE_ALREADY_SENT once sent, 401 without a session", async () => {
    const id = await createSchedule(a.adminToken, (await createContact(a.company.id)).id);
    const theirs = await t.app.inject({ method: "POST", url: `/schedules/${id}/media-upload`, ...multipart(b.adminToken, { name: "a.png", content: PNG }) });
    expect(theirs.statusCode).toBe(404);
    const theirDelete = await t.app.inject({ method: "DELETE", url: `/schedules/${id}/media-upload`, headers: bearer(b.adminToken) });
    expect(theirDelete.statusCode).toBe(404);
    expect((await t.app.inject({ method: "DELETE", url: `/schedules/${id}/media-upload` })).statusCode).toBe(401);
    await markSent(id);
    const sent = await t.app.inject({ method: "POST", url: `/schedules/${id}/media-upload`, ...multipart(a.adminToken, { name: "a.png", content: PNG }) });
    expect(sent.statusCode).toBe(409);
    const [row] = await t.db.select().from(schedules).where(eq(schedules.id, id));
    expect(row!.mediaPath).toBeNull();
  });
});

/**
 * Queues Vendas and Suporte: the tenant's agent works in Vendas, Carla in Suporte. Contacts: one served
 * now by Suporte, one whose last (closed) conversation was Suporte's, one served by Vendas, one with no
 * ticket.
 */
async function twoQueues() {
  const { vendas, suporte } = await createVendasAndSuporte(t.db, a.company.id, a.agent.id);
  const carla = await createUser(t.db, { companyId: a.company.id, profile: "user", name: "Carla Suporte" });
  await t.db.insert(userQueues).values({ companyId: a.company.id, userId: carla.id, queueId: suporte.id });
  const carlaToken = (await loginAs(t.app, carla.email)).token;
  const served = async (name: string, status: string, queueId: number) => {
    const contact = await createContact(a.company.id, name);
    await t.db.insert(tickets).values({ companyId: a.company.id, contactId: contact.id, status, queueId });
    return contact;
  };
  return {
    carla,
    carlaToken,
    supportNow: await served("Cliente do Suporte", "open", suporte.id),
    supportBefore: await served("Cliente antigo do Suporte", "closed", suporte.id),
    salesNow: await served("Cliente de Vendas", "pending", vendas.id),
    nobody: await createContact(a.company.id, "Cliente novo"),
  };
}

const rangeQuery = () => `start=${encodeURIComponent(new Date().toISOString())}&end=${encodeURIComponent(inHours(24 * 30))}`;

describe("schedules and the queues a user may open", () => {
  it("refuses an attendant a schedule for a contact of a queue she may not open, saving nothing, and accepts one for her queue's or a new contact", async () => {
    const q = await twoQueues();
    for (const contact of [q.supportNow, q.supportBefore]) {
      const response = await postSchedule(a.agentToken, { body: "Lembrete de pagamento", sendAt: inHours(1), contactId: contact.id });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    }
    expect(await t.db.select().from(schedules)).toHaveLength(0);
    expect(scheduleEvents(a.company.id)).toEqual([]);
    expect((await postSchedule(a.agentToken, { body: "Lembrete de Vendas", sendAt: inHours(1), contactId: q.salesNow.id })).statusCode).toBe(200);
    expect((await postSchedule(a.agentToken, { body: "Primeiro contato", sendAt: inHours(1), contactId: q.nobody.id })).statusCode).toBe(200);
    expect((await postSchedule(a.adminToken, { body: "Lembrete do admin", sendAt: inHours(1), contactId: q.supportNow.id })).statusCode).toBe(200);
    expect((await postSchedule(q.carlaToken, { body: "Lembrete do Suporte", sendAt: inHours(1), contactId: q.supportBefore.id })).statusCode).toBe(200);
  });

  it("lists to each attendant only her schedules and those of contacts she may reach, counted in the query", async () => {
    const q = await twoQueues();
    for (let i = 0; i < 5; i++) await createSchedule(q.carlaToken, q.supportNow.id, { body: `Suporte ${i}`, sendAt: inHours(1) });
    await createSchedule(a.agentToken, q.salesNow.id, { body: "De Vendas", sendAt: inHours(30) });
    await createSchedule(a.adminToken, q.nobody.id, { body: "Do admin a um contato novo", sendAt: inHours(40) });
    await createSchedule(a.adminToken, q.supportBefore.id, { body: "Do admin ao Suporte", sendAt: inHours(50) });
    const bodies = async (token: string, page = 1) => {
      const response = await t.app.inject({ method: "GET", url: `/schedules?${rangeQuery()}&pageNumber=${page}`, headers: bearer(token) });
      expect(response.statusCode).toBe(200);
      return { ...response.json(), bodies: response.json().schedules.map((x: { body: string }) => x.body) };
    };

    const agent = await bodies(a.agentToken);
    expect(agent).toMatchObject({ count: 2, hasMore: false, bodies: ["De Vendas", "Do admin a um contato novo"] });
    const carla = await bodies(q.carlaToken);
    expect(carla.count).toBe(7);
    expect(carla.bodies).not.toContain("De Vendas");
    const admin = await bodies(a.adminToken);
    expect(admin).toMatchObject({ count: 8, hasMore: false });
    expect(admin.bodies).toContain("Do admin ao Suporte");
  });

  it("refuses reading, changing, deleting and attaching to another user's schedule of a contact she may not reach, and changes nothing", async () => {
    const q = await twoQueues();
    const theirs = await createSchedule(q.carlaToken, q.supportNow.id, { body: "Lembrete do Suporte" });
    const token = a.agentToken;
    const requests = [
      t.app.inject({ method: "GET", url: `/schedules/${theirs}`, headers: bearer(token) }),
      t.app.inject({ method: "PUT", url: `/schedules/${theirs}`, headers: bearer(token), payload: { body: "Alterado por Vendas", sendAt: inHours(2), contactId: q.salesNow.id } }),
      t.app.inject({ method: "DELETE", url: `/schedules/${theirs}`, headers: bearer(token) }),
      t.app.inject({ method: "POST", url: `/schedules/${theirs}/media-upload`, ...multipart(token, { name: "a.png", content: PNG }) }),
      t.app.inject({ method: "DELETE", url: `/schedules/${theirs}/media-upload`, headers: bearer(token) }),
    ];
    for (const response of await Promise.all(requests)) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
      expect(response.body).not.toContain("Lembrete do Suporte");
    }
    const [row] = await t.db.select().from(schedules).where(eq(schedules.id, theirs));
    expect(row).toMatchObject({ body: "Lembrete do Suporte", contactId: q.supportNow.id, mediaPath: null, userId: q.carla.id });
    expect((await t.app.inject({ method: "GET", url: `/schedules/${theirs}`, headers: bearer(a.adminToken) })).statusCode).toBe(200);
  });

  it("lets an attendant keep managing her own schedule after its contact moved to another queue, but not save it for that contact", async () => {
    const q = await twoQueues();
    const mine = await createSchedule(a.agentToken, q.nobody.id, { body: "Lembrete antigo" });
    const [suporte] = await t.db.select().from(queues).where(eq(queues.name, "Suporte"));
    await t.db.insert(tickets).values({ companyId: a.company.id, contactId: q.nobody.id, status: "pending", queueId: suporte!.id });

    expect((await t.app.inject({ method: "GET", url: `/schedules/${mine}`, headers: bearer(a.agentToken) })).json()).toMatchObject({ body: "Lembrete antigo" });
    const put = await t.app.inject({ method: "PUT", url: `/schedules/${mine}`, headers: bearer(a.agentToken), payload: { body: "Lembrete novo", sendAt: inHours(2), contactId: q.nobody.id } });
    expect(put.json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    expect((await t.db.select().from(schedules).where(eq(schedules.id, mine)))[0]!.body).toBe("Lembrete antigo");
    expect((await t.app.inject({ method: "DELETE", url: `/schedules/${mine}`, headers: bearer(a.agentToken) })).statusCode).toBe(200);
  });
});
