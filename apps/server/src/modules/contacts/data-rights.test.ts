import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  auditLogs,
  campaignShipping,
  campaigns,
  contactExtraInfo,
  contactListItems,
  contactLists,
  contacts,
  distributionLogs,
  messages,
  schedules,
  ticketNotes,
  tickets,
} from "../../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { attachFakeDriver, createConnectionRow, inbound } from "../../../test/engine-harness.ts";
import { bearer, createTenant } from "../../../test/factories.ts";
import { DEFAULT_INFLATE_LIMITS, inflateZip } from "./spreadsheet-zip.ts";
import { EXPORT_PAGE_SIZE, exportContactData } from "./data-rights.service.ts";

let t: TestApp;
let a: Awaited<ReturnType<typeof createTenant>>;
let b: Awaited<ReturnType<typeof createTenant>>;
let connection: Awaited<ReturnType<typeof createConnectionRow>>;

const NAME = "Heloísa Quintanilha";
const NUMBER = "5511987650042";
const EMAIL = "heloisa.q@example.org";
const SECRET_TEXT = "meu-cpf-e-38291746500-zebra";
// The smallest PNG the media store's sniffing accepts.
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082",
  "hex",
);

beforeEach(async () => {
  t = await buildTestApp({}, { start: true });
  a = await createTenant(t.app, t.db);
  b = await createTenant(t.app, t.db);
  connection = await createConnectionRow(t.db, a.company.id);
  await attachFakeDriver(t, connection);
});
afterEach(async () => {
  await t.close();
});

/** A contact with a ticket, messages (one with a file), a note, a schedule, a campaign row and a distribution line. */
async function seedPerson() {
  await t.platform.engine.handleInbound(inbound(connection, NUMBER, `Olá, ${SECRET_TEXT}`, { sender: { number: NUMBER, name: NAME } }));
  const [contact] = await t.db.select().from(contacts).where(and(eq(contacts.companyId, a.company.id), eq(contacts.number, NUMBER)));
  await t.db.update(contacts).set({ name: NAME, email: EMAIL }).where(eq(contacts.id, contact!.id));
  await t.db.insert(contactExtraInfo).values({ companyId: a.company.id, contactId: contact!.id, name: "CPF", value: SECRET_TEXT });
  const [ticket] = await t.db.select().from(tickets).where(eq(tickets.contactId, contact!.id));
  const stored = await t.platform.media.save(a.company.id, PNG, "foto.png");
  await t.db.insert(messages).values({
    companyId: a.company.id,
    ticketId: ticket!.id,
    contactId: contact!.id,
    body: `legenda ${SECRET_TEXT}`,
    mediaType: "image",
    mediaUrl: stored.fileName,
    mediaName: `foto ${NAME}.png`,
  });
  await t.db.insert(ticketNotes).values({ companyId: a.company.id, ticketId: ticket!.id, contactId: contact!.id, note: `Nota: ${SECRET_TEXT}` });
  await t.db.insert(schedules).values({ companyId: a.company.id, contactId: contact!.id, body: `Lembrete ${NAME}`, sendAt: new Date(Date.now() + 3_600_000) });
  const [list] = await t.db.insert(contactLists).values({ companyId: a.company.id, name: "Lista" }).returning();
  const [item] = await t.db.insert(contactListItems).values({ companyId: a.company.id, contactListId: list!.id, name: NAME, number: NUMBER, email: EMAIL }).returning();
  const [campaign] = await t.db.insert(campaigns).values({ companyId: a.company.id, name: "Campanha" }).returning();
  await t.db
    .insert(campaignShipping)
    .values({ companyId: a.company.id, campaignId: campaign!.id, contactListItemId: item!.id, number: NUMBER, name: NAME, email: EMAIL });
  await t.db.insert(distributionLogs).values({ companyId: a.company.id, ticketId: ticket!.id, message: `Ticket de ${NAME} (${NUMBER}) distribuído` });
  return { contact: contact!, ticket: ticket!, mediaFile: stored.fileName };
}

const exportOf = (id: number, token = a.adminToken) => t.app.inject({ method: "GET", url: `/contacts/${id}/export`, headers: bearer(token) });
const erase = (id: number, number: string, token = a.adminToken) =>
  t.app.inject({ method: "POST", url: `/contacts/${id}/erase`, headers: bearer(token), payload: { number } });

/** The rows of a raw query, whichever database answered it. */
function rowsOf<T>(result: unknown): T[] {
  return (result !== null && typeof result === "object" && "rows" in result ? result.rows : result) as T[];
}

function unzip(content: Buffer): Map<string, Buffer> {
  const result = inflateZip(content, DEFAULT_INFLATE_LIMITS);
  if (!result.ok) throw new Error(`not a zip: ${result.reason}`);
  return new Map(result.files.map((file) => [file.name, file.content]));
}

describe("GET /contacts/{id}/export", () => {
  it("answers one ZIP with the manifest, the contact, its messages and their media bytes", async () => {
    const { contact, mediaFile } = await seedPerson();
    const response = await exportOf(contact.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/zip");
    const files = unzip(response.rawPayload);
    const manifest = JSON.parse(files.get("manifest.json")!.toString("utf8"));
    expect(manifest).toMatchObject({
      formatVersion: 1,
      company: { id: a.company.id },
      contact: { id: contact.id, number: NUMBER },
      counts: { tickets: 1, messages: 2, mediaFiles: 1, ticketNotes: 1, schedules: 1, extraInfo: 1, contactListItems: 1, campaignShipping: 1, distributionLogs: 1 },
    });
    expect(Date.parse(manifest.exportedAt)).not.toBeNaN();
    expect(JSON.parse(files.get("contact.json")!.toString("utf8"))).toMatchObject({ name: NAME, email: EMAIL, extraInfo: [{ name: "CPF", value: SECRET_TEXT }] });
    const exported = JSON.parse(files.get("messages.json")!.toString("utf8")) as { body: string }[];
    expect(exported.map((message) => message.body)).toEqual([`Olá, ${SECRET_TEXT}`, `legenda ${SECRET_TEXT}`]);
    expect(files.get(`media/${mediaFile}`)).toEqual(PNG);
    expect(JSON.parse(files.get("ticket-notes.json")!.toString("utf8"))).toHaveLength(1);
  });

  it("reads the messages in pages, never all at once", async () => {
    const { contact, ticket } = await seedPerson();
    const extra = EXPORT_PAGE_SIZE + 10;
    await t.db.execute(sql`
      insert into messages (company_id, ticket_id, contact_id, body)
      select ${a.company.id}, ${ticket.id}, ${contact.id}, 'linha ' || n from generate_series(1, ${extra}) as n`);
    const pages: number[] = [];
    const deps = { db: t.db, events: t.platform.events, media: t.platform.media };
    const ctx = { companyId: a.company.id, userId: a.admin.id, profile: "admin" as const, isSuper: false };
    const { stream } = await exportContactData(deps, ctx as never, contact.id, new Date(), (size) => pages.push(size));
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(pages.every((size) => size <= EXPORT_PAGE_SIZE)).toBe(true);
    expect(pages.reduce((sum, size) => sum + size, 0)).toBe(extra + 2);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    const manifest = JSON.parse(unzip(Buffer.concat(chunks)).get("manifest.json")!.toString("utf8"));
    expect(manifest.counts.messages).toBe(extra + 2);
  });

  it("is for admins only, and another company's contact is not found", async () => {
    const { contact } = await seedPerson();
    expect((await exportOf(contact.id, a.agentToken)).json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    expect((await exportOf(contact.id, a.agentToken)).statusCode).toBe(403);
    const other = await exportOf(contact.id, b.adminToken);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ error: "ERR_NO_CONTACT_FOUND" });
  });
});

describe("POST /contacts/{id}/erase", () => {
  it("asks for the contact's number, is for admins only, and another company's contact is not found", async () => {
    const { contact } = await seedPerson();
    const wrong = await erase(contact.id, "5511000000000");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: "ERR_ERASE_CONFIRMATION_MISMATCH" });
    expect((await erase(contact.id, NUMBER, a.agentToken)).statusCode).toBe(403);
    expect((await erase(contact.id, NUMBER, b.adminToken)).json()).toMatchObject({ error: "ERR_NO_CONTACT_FOUND" });
    const [still] = await t.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(still).toMatchObject({ name: NAME, number: NUMBER, erasedAt: null });
  });

  it("leaves the erased name, number, e-mail and message text in no text column of any table, and removes the media file", async () => {
    const { contact, ticket, mediaFile } = await seedPerson();
    // Exported first, so that the audit log holds both entries when the sweep runs.
    expect((await exportOf(contact.id)).statusCode).toBe(200);
    const response = await erase(contact.id, `+55 (11) 98765-0042`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ contactId: contact.id, tickets: 1, messages: 2, mediaFiles: 1 });

    const columns = await t.db.execute<{ table_name: string; column_name: string }>(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json')`);
    const rows = rowsOf<{ table_name: string; column_name: string }>(columns);
    expect(rows.length).toBeGreaterThan(50);
    const found: string[] = [];
    for (const { table_name, column_name } of rows) {
      for (const needle of [NAME, NUMBER, EMAIL, SECRET_TEXT]) {
        const hit = await t.db.execute(
          sql`select 1 from ${sql.identifier(table_name)} where strpos(${sql.identifier(column_name)}::text, ${needle}) > 0 limit 1`,
        );
        const hitRows = rowsOf<unknown>(hit);
        if (hitRows.length) found.push(`${table_name}.${column_name}: ${needle}`);
      }
    }
    expect(found).toEqual([]);
    expect(await t.platform.media.resolve(a.company.id, mediaFile)).toBeUndefined();

    const [erased] = await t.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(erased).toMatchObject({ name: "Contato removido", email: "" });
    expect(erased!.erasedAt).toBeInstanceOf(Date);
    const [kept] = await t.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(kept).toMatchObject({ status: ticket.status, queueId: ticket.queueId, userId: ticket.userId, contactId: contact.id });
    expect(t.published.some((event) => event.name === "contact.updated")).toBe(true);
    expect(t.published.some((event) => event.name === "ticket.updated")).toBe(true);
  });

  it("keeps the dashboard's counts, refuses sends, and a later message from the same number starts a new contact and ticket", async () => {
    const { contact, ticket } = await seedPerson();
    const dashboard = async () => (await t.app.inject({ method: "GET", url: "/dashboard", headers: bearer(a.adminToken) })).json();
    const before = await dashboard();
    expect((await erase(contact.id, NUMBER)).statusCode).toBe(200);
    expect(await dashboard()).toEqual(before);

    await t.db.update(tickets).set({ status: "open", userId: a.admin.id }).where(eq(tickets.id, ticket.id));
    const send = await t.app.inject({ method: "POST", url: `/messages/${ticket.id}`, headers: bearer(a.adminToken), payload: { body: "Olá" } });
    expect(send.json()).toMatchObject({ error: "ERR_CONTACT_ERASED" });
    expect((await erase(contact.id, NUMBER)).json()).toMatchObject({ error: "ERR_CONTACT_ERASED" });

    await t.platform.engine.handleInbound(inbound(connection, NUMBER, "Voltei"));
    const sameNumber = await t.db.select().from(contacts).where(and(eq(contacts.companyId, a.company.id), eq(contacts.number, NUMBER)));
    expect(sameNumber).toHaveLength(1);
    expect(sameNumber[0]!.id).not.toBe(contact.id);
    const newTickets = await t.db.select().from(tickets).where(eq(tickets.contactId, sameNumber[0]!.id));
    expect(newTickets).toHaveLength(1);
    expect(newTickets[0]!.id).not.toBe(ticket.id);
  });
});

describe("the audit log of a contact's data rights", () => {
  const entriesOf = (contactId: number) =>
    t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, "contact"), eq(auditLogs.targetId, String(contactId))))
      .orderBy(auditLogs.id);

  it("records the export when it starts and the erasure with it, by the admin, on the contact's id only", async () => {
    const { contact } = await seedPerson();
    expect((await exportOf(contact.id)).statusCode).toBe(200);
    expect((await erase(contact.id, NUMBER)).statusCode).toBe(200);
    const entries = await entriesOf(contact.id);
    expect(entries.map((entry) => entry.action)).toEqual(["contact.export", "contact.erase"]);
    for (const entry of entries) {
      expect(entry).toMatchObject({ companyId: a.company.id, actorKind: "user", userId: a.admin.id, targetType: "contact", targetId: String(contact.id), changes: {} });
      const text = JSON.stringify(entry);
      for (const needle of [NAME, NUMBER, EMAIL, SECRET_TEXT]) expect(text).not.toContain(needle);
    }
  });

  it("writes no entry for a refused request, and an erasure that fails writes none", async () => {
    const { contact } = await seedPerson();
    expect((await exportOf(contact.id, a.agentToken)).statusCode).toBe(403);
    expect((await exportOf(contact.id, b.adminToken)).statusCode).toBe(404);
    expect((await erase(contact.id, "5511000000000")).statusCode).toBe(400);
    expect((await erase(contact.id, NUMBER, a.agentToken)).statusCode).toBe(403);
    expect(await entriesOf(contact.id)).toEqual([]);
  });

  it("records a contact's deletion with its id only", async () => {
    const { contact } = await seedPerson();
    const response = await t.app.inject({ method: "DELETE", url: `/contacts/${contact.id}`, headers: bearer(a.adminToken) });
    expect(response.statusCode).toBe(200);
    const entries = await entriesOf(contact.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: "contact.delete", companyId: a.company.id, userId: a.admin.id, targetType: "contact", targetId: String(contact.id), changes: {} });
    expect(JSON.stringify(entries[0])).not.toContain(NAME);
  });
});
