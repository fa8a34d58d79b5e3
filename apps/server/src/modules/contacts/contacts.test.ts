import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { contactExtraInfo, contacts, messages, schedules, tickets } from "../../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { bearer, createTenant } from "../../../test/factories.ts";

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

let seq = 0;
async function contact(values: Partial<typeof contacts.$inferInsert> = {}) {
  seq += 1;
  const [row] = await t.db
    .insert(contacts)
    .values({ companyId: a.company.id, name: `Contato ${seq}`, number: `55119${String(seq).padStart(8, "0")}`, ...values })
    .returning();
  return row!;
}

const get = (url: string, token = a.agentToken) => t.app.inject({ method: "GET", url, headers: bearer(token) });
const names = (body: { contacts: { name: string }[] }) => body.contacts.map((c) => c.name);

describe("POST /contacts", () => {
  it("creates a contact with the number as digits and its extra information, and announces it", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/contacts",
      headers: bearer(a.agentToken),
      payload: { name: "João Pereira", number: "+55 (11) 98888-7777", email: "joao@example.com", extraInfo: [{ name: "CPF", value: "123" }] },
    });
    expect(response.statusCode).toBe(200);
    const created = response.json();
    expect(created).toMatchObject({ name: "João Pereira", number: "5511988887777", extraInfo: [{ name: "CPF", value: "123" }] });
    expect(t.published).toContainEqual({ name: "record.changed", payload: { companyId: a.company.id, channel: "contact", action: "create", record: created } });
  });

  it("answers ERR_DUPLICATED_CONTACT with the existing contact for a number the company has", async () => {
    await t.app.inject({ method: "POST", url: "/contacts", headers: bearer(a.agentToken), payload: { name: "Primeiro", number: "5511977776666" } });
    const dup = await t.app.inject({ method: "POST", url: "/contacts", headers: bearer(a.agentToken), payload: { name: "Segundo", number: "55 11 97777-6666" } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ error: "ERR_DUPLICATED_CONTACT", details: { alreadyExists: true, existingContact: { name: "Primeiro" } } });
    const otherCompany = await t.app.inject({ method: "POST", url: "/contacts", headers: bearer(b.agentToken), payload: { name: "Outro", number: "5511977776666" } });
    expect(otherCompany.statusCode).toBe(200);
  });

  it("gives a number typed without a calling code the company's default (55), and keeps one typed with it", async () => {
    const post = (number: string) => t.app.inject({ method: "POST", url: "/contacts", headers: bearer(a.agentToken), payload: { name: "Cliente", number } });
    expect((await post("(11) 98765-4321")).json()).toMatchObject({ number: "5511987654321" });
    expect((await post("+1 419 555 0123")).json()).toMatchObject({ number: "14195550123" });
    expect((await post("00351 912 345 678")).json()).toMatchObject({ number: "351912345678" });
    const national = await post("011 98765-4321");
    expect(national.statusCode).toBe(409);
    expect(national.json()).toMatchObject({ error: "ERR_DUPLICATED_CONTACT", details: { existingContact: { number: "5511987654321" } } });
  });

  it("uses the company's own default calling code", async () => {
    await t.app.inject({ method: "PUT", url: "/settings/defaultCountryCode", headers: bearer(a.adminToken), payload: { value: "351" } });
    const post = (token: string) => t.app.inject({ method: "POST", url: "/contacts", headers: bearer(token), payload: { name: "Cliente", number: "912 345 678" } });
    expect((await post(a.agentToken)).json()).toMatchObject({ number: "351912345678" });
    expect((await post(b.agentToken)).json()).toMatchObject({ number: "912345678" });
  });

  it.each([
    ["no name", { name: "", number: "5511999999999" }, "Required"],
    ["a short name", { name: "J", number: "5511999999999" }, "Too Short!"],
    ["a long name", { name: "J".repeat(51), number: "5511999999999" }, "Too Long!"],
    ["a short number", { name: "João", number: "12-34" }, "Too Short!"],
    ["an invalid e-mail", { name: "João", number: "5511999999999", email: "nope" }, "Invalid email"],
  ])("answers 400 ERR_VALIDATION for %s", async (_label, payload, text) => {
    const response = await t.app.inject({ method: "POST", url: "/contacts", headers: bearer(a.agentToken), payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_VALIDATION" });
    expect(response.body).toContain(text);
    expect(await t.db.select().from(contacts)).toHaveLength(0);
  });

  it("answers 401 without a session", async () => {
    const response = await t.app.inject({ method: "POST", url: "/contacts", payload: { name: "João", number: "5511999999999" } });
    expect(response.statusCode).toBe(401);
  });
});

describe("GET /contacts, /contacts/list and /contacts/:id", () => {
  it("searches the company's contacts by name or number, and hides other companies'", async () => {
    await contact({ name: "Maria Clara", number: "5511911110000" });
    await contact({ name: "Pedro", number: "5511922220000" });
    const foreign = await contact({ companyId: b.company.id, name: "Maria Alheia", number: "5511933330000" });
    const byName = (await get("/contacts?searchParam=maria")).json();
    expect(byName).toMatchObject({ count: 1, hasMore: false, contacts: [{ name: "Maria Clara" }] });
    expect(names((await get("/contacts?searchParam=2222")).json())).toEqual(["Pedro"]);
    const hidden = await get(`/contacts/${foreign.id}`, a.adminToken);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ error: "ERR_NO_CONTACT_FOUND" });
  });

  it("searches names and e-mails without regard to accents or case", async () => {
    await contact({ name: "João Araújo", number: "5511911110001" });
    await contact({ name: "MÁRCIA", number: "5511911110002", email: "marcia@exemplo.com.br" });
    await contact({ name: "Joana", number: "5511911110003" });
    expect(names((await get("/contacts?searchParam=joao")).json())).toEqual(["João Araújo"]);
    expect(names((await get("/contacts?searchParam=araujo")).json())).toEqual(["João Araújo"]);
    expect(names((await get(`/contacts?searchParam=${encodeURIComponent("márcia")}`)).json())).toEqual(["MÁRCIA"]);
    expect(names((await get("/contacts?searchParam=marcia")).json())).toEqual(["MÁRCIA"]);
    // Every word typed, in any order, not only the name's own run of letters.
    expect(names((await get(`/contacts?searchParam=${encodeURIComponent("ARAUJO joao")}`)).json())).toEqual(["João Araújo"]);
    expect(names((await get(`/contacts?searchParam=${encodeURIComponent("jo araujo")}`)).json())).toEqual(["João Araújo"]);
    expect(names((await get(`/contacts?searchParam=${encodeURIComponent("joana araujo")}`)).json())).toEqual([]);
  });

  it("pages by name, 20 a page", async () => {
    for (let index = 0; index < 21; index++) await contact({ name: `Cliente ${String(index).padStart(2, "0")}` });
    const first = (await get("/contacts?pageNumber=1")).json();
    expect(first).toMatchObject({ count: 21, hasMore: true });
    expect(first.contacts).toHaveLength(20);
    expect(names((await get("/contacts?pageNumber=2")).json())).toEqual(["Cliente 20"]);
  });

  it("filters by creation day in the company's time zone (America/Sao_Paulo)", async () => {
    // 02:00 UTC on the 10th is still the 9th in São Paulo (UTC-3).
    await contact({ name: "Dia 9", createdAt: new Date("2024-05-10T02:00:00Z") });
    await contact({ name: "Dia 10", createdAt: new Date("2024-05-10T15:00:00Z") });
    await contact({ name: "Dia 12", createdAt: new Date("2024-05-12T12:00:00Z") });
    expect(names((await get("/contacts?date=2024-05-09")).json())).toEqual(["Dia 9"]);
    expect(names((await get("/contacts?date=2024-05-10")).json())).toEqual(["Dia 10"]);
    expect(names((await get("/contacts?dateStart=2024-05-10")).json())).toEqual(["Dia 10", "Dia 12"]);
    expect(names((await get("/contacts?dateStart=2024-05-09&dateEnd=2024-05-11")).json())).toEqual(["Dia 10", "Dia 9"]);
  });

  it.each([
    ["a malformed date", "?date=10/05/2024"],
    ["a day that does not exist", "?date=2024-02-30"],
    ["a start after the end", "?dateStart=2024-05-11&dateEnd=2024-05-10"],
    ["a page below 1", "?pageNumber=0"],
  ])("answers 400 ERR_VALIDATION for %s", async (_label, query) => {
    const response = await get(`/contacts${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_VALIDATION" });
  });

  it("lists the company's contacts by name in /contacts/list", async () => {
    await contact({ name: "Zé" });
    await contact({ name: "Ana" });
    await contact({ companyId: b.company.id, name: "Alheio" });
    const body = (await get("/contacts/list")).json();
    expect(body).toMatchObject({ hasMore: false });
    expect(names(body)).toEqual(["Ana", "Zé"]);
  });

  it("answers 401 without a session", async () => {
    for (const url of ["/contacts", "/contacts/list", "/contacts/1", "/contacts/export"]) {
      expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(401);
    }
  });
});

describe("PUT /contacts/:id", () => {
  it("changes the fields and replaces the extra information, and announces the contact", async () => {
    const row = await contact({ name: "Antigo", email: "antigo@example.com" });
    await t.db.insert(contactExtraInfo).values({ companyId: a.company.id, contactId: row.id, name: "Velho", value: "x" });
    const response = await t.app.inject({
      method: "PUT",
      url: `/contacts/${row.id}`,
      headers: bearer(a.agentToken),
      payload: { name: "Novo Nome", number: "+55 11 91234-5678", email: "novo@example.com", extraInfo: [{ name: "Empresa", value: "ACME" }] },
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json();
    expect(updated).toMatchObject({ id: row.id, name: "Novo Nome", number: "5511912345678", email: "novo@example.com", extraInfo: [{ name: "Empresa", value: "ACME" }] });
    expect(await t.db.select().from(contactExtraInfo).where(eq(contactExtraInfo.contactId, row.id))).toHaveLength(1);
    expect(t.published).toContainEqual({ name: "contact.updated", payload: { companyId: a.company.id, contact: updated } });
  });

  it("gives a number typed without a calling code the company's default, and leaves a group's id alone", async () => {
    const row = await contact();
    const group = await contact({ number: "120363041234567890", isGroup: true });
    const put = (id: number, number: string) => t.app.inject({ method: "PUT", url: `/contacts/${id}`, headers: bearer(a.agentToken), payload: { name: "Cliente", number } });
    expect((await put(row.id, "(21) 99876-5432")).json()).toMatchObject({ number: "5521998765432" });
    expect((await put(group.id, "(21) 99876-5433")).json()).toMatchObject({ number: "120363041234567890" });
  });

  it("answers ERR_DUPLICATED_CONTACT for another contact's number and changes nothing", async () => {
    const first = await contact({ name: "Primeiro", number: "5511900000001" });
    const second = await contact({ name: "Segundo", number: "5511900000002" });
    const response = await t.app.inject({ method: "PUT", url: `/contacts/${second.id}`, headers: bearer(a.agentToken), payload: { name: "Segundo", number: first.number } });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: "ERR_DUPLICATED_CONTACT", details: { existingContact: { id: first.id } } });
    expect((await t.db.select().from(contacts).where(eq(contacts.id, second.id)))[0]!.number).toBe("5511900000002");
  });

  it("answers 404 for another company's contact and leaves it unchanged", async () => {
    const foreign = await contact({ companyId: b.company.id, name: "Alheio" });
    const response = await t.app.inject({ method: "PUT", url: `/contacts/${foreign.id}`, headers: bearer(a.adminToken), payload: { name: "Tomado", number: "5511955555555" } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: "ERR_NO_CONTACT_FOUND" });
    expect((await t.db.select().from(contacts).where(eq(contacts.id, foreign.id)))[0]).toMatchObject({ name: "Alheio", number: foreign.number });
  });

  it("answers 400 for bad input and 401 without a session", async () => {
    const row = await contact();
    const bad = await t.app.inject({ method: "PUT", url: `/contacts/${row.id}`, headers: bearer(a.agentToken), payload: { name: "Ok", number: "123" } });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ method: "PUT", url: `/contacts/${row.id}`, payload: { name: "Ok", number: "5511999999999" } })).statusCode).toBe(401);
  });
});

describe("DELETE /contacts/:id", () => {
  async function contactWithHistory(companyId = a.company.id) {
    const row = await contact({ companyId });
    const [open] = await t.db.insert(tickets).values({ companyId, contactId: row.id, status: "open" }).returning();
    const [closed] = await t.db.insert(tickets).values({ companyId, contactId: row.id, status: "closed" }).returning();
    await t.db.insert(messages).values([
      { companyId, ticketId: open!.id, contactId: row.id, body: "oi" },
      { companyId, ticketId: closed!.id, contactId: row.id, body: "tchau" },
    ]);
    await t.db.insert(schedules).values({ companyId, contactId: row.id, body: "Lembrete", sendAt: new Date(Date.now() + 3_600_000) });
    return { row, open: open!, closed: closed! };
  }

  it("is refused to a user-profile account (contacts-page:deleteContact) and changes nothing", async () => {
    const { row } = await contactWithHistory();
    const response = await t.app.inject({ method: "DELETE", url: `/contacts/${row.id}`, headers: bearer(a.agentToken) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    expect(await t.db.select().from(contacts).where(eq(contacts.id, row.id))).toHaveLength(1);
    expect(await t.db.select().from(tickets).where(eq(tickets.contactId, row.id))).toHaveLength(2);
  });

  it("deletes the contact with its tickets, messages and schedules, and tells the lists", async () => {
    const { row, open, closed } = await contactWithHistory();
    const response = await t.app.inject({ method: "DELETE", url: `/contacts/${row.id}`, headers: bearer(a.adminToken) });
    expect(response.statusCode).toBe(200);
    expect(await t.db.select().from(contacts).where(eq(contacts.id, row.id))).toHaveLength(0);
    expect(await t.db.select().from(tickets).where(eq(tickets.contactId, row.id))).toHaveLength(0);
    expect(await t.db.select().from(messages).where(eq(messages.companyId, a.company.id))).toHaveLength(0);
    expect(await t.db.select().from(schedules).where(eq(schedules.companyId, a.company.id))).toHaveLength(0);
    expect(t.published).toContainEqual({ name: "ticket.deleted", payload: { companyId: a.company.id, ticketId: open.id, status: "open", queueId: open.queueId, userId: open.userId } });
    expect(t.published).toContainEqual({ name: "ticket.deleted", payload: { companyId: a.company.id, ticketId: closed.id, status: "closed", queueId: closed.queueId, userId: closed.userId } });
    expect(t.published).toContainEqual({ name: "record.changed", payload: { companyId: a.company.id, channel: "contact", action: "delete", record: { id: row.id } } });
  });

  it("answers 404 for another company's contact and leaves it with its history", async () => {
    const { row } = await contactWithHistory(b.company.id);
    const response = await t.app.inject({ method: "DELETE", url: `/contacts/${row.id}`, headers: bearer(a.adminToken) });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: "ERR_NO_CONTACT_FOUND" });
    expect(await t.db.select().from(tickets).where(eq(tickets.contactId, row.id))).toHaveLength(2);
    expect(t.published.some((event) => event.name === "ticket.deleted")).toBe(false);
  });

  it("answers 400 for a bad id and 401 without a session", async () => {
    expect((await t.app.inject({ method: "DELETE", url: "/contacts/0", headers: bearer(a.adminToken) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: "DELETE", url: "/contacts/abc", headers: bearer(a.adminToken) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "DELETE", url: "/contacts/1" })).statusCode).toBe(401);
  });
});

describe("GET /contacts/export", () => {
  it("streams the matching contacts as CSV with ';', quoting and formula cells neutralised", async () => {
    await contact({ name: "Silva; Maria", number: "5511900000001", email: "maria@example.com" });
    await contact({ name: "=HYPERLINK(\"http://x\")", number: "5511900000002" });
    await contact({ companyId: b.company.id, name: "Alheio" });
    const response = await get("/contacts/export");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toContain("contacts.csv");
    expect(response.body).toBe(`\uFEFFname;number;email\r\n"Silva; Maria";5511900000001;maria@example.com\r\n"'=HYPERLINK(""http://x"")";5511900000002;\r\n`);
  });

  it("applies the list's filters, and answers 204 when nothing matches", async () => {
    await contact({ name: "Maria" });
    await contact({ name: "Pedro" });
    const filtered = await get("/contacts/export?searchParam=ped");
    expect(filtered.body.split("\r\n").filter(Boolean)).toHaveLength(2);
    expect(filtered.body).toContain("Pedro");
    expect((await get("/contacts/export?searchParam=ninguem")).statusCode).toBe(204);
    expect((await get("/contacts/export?dateStart=2030-01-02&dateEnd=2030-01-01")).statusCode).toBe(400);
  });
});
