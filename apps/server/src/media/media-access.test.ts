import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { announcements, contacts, messages, queueOptions, queues, quickMessages, schedules, tickets, userQueues, users } from "../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../test/build-test-app.ts";
import { createQueue } from "../../test/engine-harness.ts";
import { bearer, createTenant, createUser, loginAs } from "../../test/factories.ts";

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c636000010000050001a5f645400000000049454e44ae426082", "hex");

let t: TestApp;
let a: Awaited<ReturnType<typeof createTenant>>;
let sales: { id: number };
let support: { id: number };

beforeEach(async () => {
  t = await buildTestApp();
  a = await createTenant(t.app, t.db);
  sales = await createQueue(t.db, a.company.id, { name: "Vendas" });
  support = await createQueue(t.db, a.company.id, { name: "Suporte" });
  await t.db.insert(userQueues).values({ companyId: a.company.id, userId: a.agent.id, queueId: sales.id });
});
afterEach(async () => {
  await t.close();
});

async function storedFile(): Promise<string> {
  return (await t.platform.media.save(a.company.id, PNG, "foto.png")).fileName;
}

let seq = 0;
/** A ticket in `queueId` with a message whose media is a new stored file; answers the file name. */
async function messageFile(queueId: number | null): Promise<string> {
  seq += 1;
  const fileName = await storedFile();
  const [contact] = await t.db.insert(contacts).values({ companyId: a.company.id, name: `Cliente ${seq}`, number: `5511977${String(seq).padStart(6, "0")}` }).returning();
  const [ticket] = await t.db.insert(tickets).values({ companyId: a.company.id, contactId: contact!.id, queueId, status: "pending" }).returning();
  await t.db.insert(messages).values({ companyId: a.company.id, ticketId: ticket!.id, contactId: contact!.id, body: "", mediaType: "image", mediaUrl: fileName });
  return fileName;
}

const get = (token: string, fileName: string) => t.app.inject({ method: "GET", url: `/media/${fileName}`, headers: bearer(token) });

describe("GET /media/:fileName", () => {
  it("serves a message's file only to those who may open its ticket, and never lets the browser keep it", async () => {
    const forbidden = await messageFile(support.id);
    const allowed = await messageFile(sales.id);

    const refused = await get(a.agentToken, forbidden);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    expect(refused.body).not.toContain("PNG");

    const served = await get(a.agentToken, allowed);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers["cache-control"]).toBe("private, no-store");
    expect((await get(a.adminToken, forbidden)).statusCode).toBe(200);
  });

  it("follows the ticket: a no-queue ticket's file with allTicket, the user's own ticket's file", async () => {
    const noQueue = await messageFile(null);
    expect((await get(a.agentToken, noQueue)).statusCode).toBe(403);
    await t.db.update(users).set({ allTicket: "enabled" }).where(eq(users.id, a.agent.id));
    expect((await get(a.agentToken, noQueue)).statusCode).toBe(200);

    const inSupport = await messageFile(support.id);
    await t.db.update(tickets).set({ userId: a.agent.id }).where(eq(tickets.queueId, support.id));
    expect((await get(a.agentToken, inSupport)).statusCode).toBe(200);
  });

  it("answers 404 for a stored file that no record names", async () => {
    const orphan = await storedFile();
    const response = await get(a.adminToken, orphan);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: "ERR_NOT_FOUND" });
  });

  it("serves a schedule's file to its owner and admins, a personal quick reply's to its owner, queue media to all staff", async () => {
    const colleague = await createUser(t.db, { companyId: a.company.id, name: "Outra" });
    const colleagueToken = (await loginAs(t.app, colleague.email)).token;
    const [contact] = await t.db.insert(contacts).values({ companyId: a.company.id, name: "Agenda", number: "5511966000001" }).returning();

    const scheduleFile = await storedFile();
    await t.db.insert(schedules).values({ companyId: a.company.id, body: "Lembrete", sendAt: new Date(Date.now() + 86_400_000), contactId: contact!.id, userId: a.agent.id, mediaPath: scheduleFile });
    expect((await get(a.agentToken, scheduleFile)).statusCode).toBe(200);
    expect((await get(a.adminToken, scheduleFile)).statusCode).toBe(200);
    expect((await get(colleagueToken, scheduleFile)).statusCode).toBe(403);

    const personal = await storedFile();
    const shared = await storedFile();
    await t.db.insert(quickMessages).values([
      { companyId: a.company.id, userId: a.agent.id, shortcode: "minha", geral: false, isMedia: true, mediaPath: personal },
      { companyId: a.company.id, userId: a.admin.id, shortcode: "todos", geral: true, isMedia: true, mediaPath: shared },
    ]);
    expect((await get(a.agentToken, personal)).statusCode).toBe(200);
    expect((await get(colleagueToken, personal)).statusCode).toBe(403);
    expect((await get(colleagueToken, shared)).statusCode).toBe(200);

    const queueFile = await storedFile();
    const optionFile = await storedFile();
    await t.db.insert(queueOptions).values({ companyId: a.company.id, queueId: support.id, title: "Opção", option: 1, mediaPath: optionFile });
    await t.db.update(queues).set({ mediaPath: queueFile }).where(eq(queues.id, support.id));
    expect((await get(colleagueToken, queueFile)).statusCode).toBe(200);
    expect((await get(colleagueToken, optionFile)).statusCode).toBe(200);
  });

  it("stays as strict with announcements around: an announcement naming a company file makes it readable to no one", async () => {
    const fileName = await storedFile();
    await t.db.insert(announcements).values({ title: "Aviso", text: "Texto", mediaPath: fileName, mediaName: "foto.png" });
    const response = await get(a.agentToken, fileName);
    expect({ status: response.statusCode, error: response.json().error }).toEqual({ status: 404, error: "ERR_NOT_FOUND" });
    const other = await createTenant(t.app, t.db);
    expect((await get(other.adminToken, fileName)).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/media/announcements/${fileName}`, headers: bearer(other.adminToken) })).statusCode).toBe(404);
  });
});
