import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { contactListItems, contactLists } from "../../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { attachFakeDriver, createConnectionRow } from "../../../test/engine-harness.ts";
import { bearer, createTenant } from "../../../test/factories.ts";
import { spreadsheetBomb } from "../../../test/spreadsheet-bombs.ts";
import { CHECK_NUMBERS_JOB, runCheckNumbersJob } from "./contact-lists.validity.ts";

let t: TestApp;
let a: Awaited<ReturnType<typeof createTenant>>;
let b: Awaited<ReturnType<typeof createTenant>>;
beforeEach(async () => {
  t = await buildTestApp();
  await t.platform.jobs.start();
  a = await createTenant(t.app, t.db);
  b = await createTenant(t.app, t.db);
});
afterEach(async () => {
  await t.platform.jobs.stop();
  await t.close();
});

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token: string | null, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

function xlsx(rows: unknown[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Contatos");
  const written: unknown = XLSX.write(book, { bookType: "xlsx", type: "buffer", compression: true });
  if (!Buffer.isBuffer(written)) throw new Error("no buffer");
  return written;
}

function upload(url: string, token: string, fileName: string, content: Buffer) {
  const boundary = "----conversa-list-upload";
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({ method: "POST", url, payload, headers: { ...bearer(token), "content-type": `multipart/form-data; boundary=${boundary}` } });
}

async function createList(token = a.adminToken, name = "Clientes VIP") {
  const response = await call("POST", "/contact-lists", token, { name });
  expect(response.statusCode).toBe(200);
  return response.json<{ id: number; name: string; contactsCount: number }>();
}

const listEvents = (channel: string) => t.published.filter((event) => event.name === "record.changed" && event.payload.channel === channel);

describe("/contact-lists", () => {
  it("answers 401 without a session and ERR_NO_PERMISSION to a user-profile account", async () => {
    expect((await call("GET", "/contact-lists", null)).statusCode).toBe(401);
    const refused = await call("POST", "/contact-lists", a.agentToken, { name: "Lista" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    expect(await t.db.select().from(contactLists)).toEqual([]);
  });

  it("creates, renames, pages, lists and deletes, announcing each change", async () => {
    const list = await createList();
    expect(list).toMatchObject({ name: "Clientes VIP", contactsCount: 0 });
    expect(listEvents("ContactList")).toContainEqual({ name: "record.changed", payload: expect.objectContaining({ action: "create", record: list }) });
    const renamed = await call("PUT", `/contact-lists/${list.id}`, a.adminToken, { name: "Clientes Ouro" });
    expect(renamed.json()).toMatchObject({ id: list.id, name: "Clientes Ouro" });
    for (let i = 0; i < 21; i++) await createList(a.adminToken, `Lista ${String(i).padStart(2, "0")}`);
    const first = await call("GET", "/contact-lists?pageNumber=1", a.adminToken);
    expect(first.json()).toMatchObject({ hasMore: true });
    expect(first.json<{ records: unknown[] }>().records).toHaveLength(20);
    const second = await call("GET", "/contact-lists?pageNumber=2", a.adminToken);
    expect(second.json()).toMatchObject({ hasMore: false });
    const searched = await call("GET", "/contact-lists?searchParam=ouro", a.adminToken);
    expect(searched.json<{ records: { name: string }[] }>().records.map((r) => r.name)).toEqual(["Clientes Ouro"]);
    expect((await call("GET", "/contact-lists/list", a.adminToken)).json<unknown[]>()).toHaveLength(22);
    expect((await call("DELETE", `/contact-lists/${list.id}`, a.adminToken)).statusCode).toBe(200);
    expect((await call("GET", `/contact-lists/${list.id}`, a.adminToken)).json()).toMatchObject({ error: "ERR_NO_CONTACT_LIST_FOUND" });
    expect(listEvents("ContactList")).toContainEqual({ name: "record.changed", payload: expect.objectContaining({ action: "delete", record: { id: list.id } }) });
  });

  it("refuses a name under 2 or over 50 characters and unknown fields", async () => {
    for (const payload of [{ name: "A" }, { name: "x".repeat(51) }, { name: "Boa", extra: 1 }]) {
      const response = await call("POST", "/contact-lists", a.adminToken, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: "ERR_VALIDATION" });
    }
  });

  it("answers 404 for another company's list and changes nothing", async () => {
    const theirs = await createList(b.adminToken, "Deles");
    for (const [method, payload] of [["GET"], ["PUT", { name: "Tomada" }], ["DELETE"]] as const) {
      const response = await call(method, `/contact-lists/${theirs.id}`, a.adminToken, payload);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: "ERR_NO_CONTACT_LIST_FOUND" });
    }
    const [row] = await t.db.select().from(contactLists).where(eq(contactLists.id, theirs.id));
    expect(row?.name).toBe("Deles");
  });

  it("imports an .xlsx through the contacts import, reports rejected rows and the progress, and queues the numbers' check", async () => {
    const list = await createList();
    const file = xlsx([
      ["Nome", "Número", "E-mail"],
      ["Maria Clara", "5511911110000", "maria@example.com"],
      ["Pedro", "+55 (11) 92222-0000", ""],
      ["J", "5511933330000", ""],
      ["Email Ruim", "5511944440000", "nope"],
      ["Maria de Novo", "55 11 91111-0000", ""],
    ]);
    const response = await upload(`/contact-lists/${list.id}/upload`, a.adminToken, "lista.xlsx", file);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      total: 5,
      created: 2,
      updated: 0,
      rejected: [
        { row: 4, reason: "nameTooShort", name: "J", number: "5511933330000" },
        { row: 5, reason: "emailInvalid", name: "Email Ruim", number: "5511944440000" },
        { row: 6, reason: "duplicatedInFile", name: "Maria de Novo", number: "55 11 91111-0000" },
      ],
    });
    const items = await call("GET", `/contact-list-items?contactListId=${list.id}`, a.adminToken);
    expect(items.json<{ contacts: { name: string; isWhatsappValid: boolean | null }[] }>().contacts.map((c) => [c.name, c.isWhatsappValid])).toEqual([
      ["Maria Clara", null],
      ["Pedro", null],
    ]);
    const progress = t.published.filter((event) => event.name === "contact.import.progress").map((event) => event.payload);
    expect(progress.at(-1)).toMatchObject({ userId: a.admin.id, processed: 5, total: 5 });
    expect((await t.platform.jobs.queued(CHECK_NUMBERS_JOB)).length).toBe(1);
    // A second import of the same numbers updates them.
    const again = await upload(`/contact-lists/${list.id}/upload`, a.adminToken, "lista.xlsx", xlsx([["nome", "numero"], ["Maria Nova", "5511911110000"]]));
    expect(again.json()).toMatchObject({ created: 0, updated: 1 });
  });

  it("refuses a file that is not a spreadsheet by its content and another company's list", async () => {
    const list = await createList();
    const fake = await upload(`/contact-lists/${list.id}/upload`, a.adminToken, "lista.xlsx", Buffer.from("not a zip at all"));
    expect(fake.json()).toMatchObject({ error: "ERR_IMPORT_FILE_TYPE" });
    const theirs = await createList(b.adminToken, "Deles");
    const foreign = await upload(`/contact-lists/${theirs.id}/upload`, a.adminToken, "lista.xlsx", xlsx([["nome", "numero"], ["Maria", "5511911110000"]]));
    expect(foreign.json()).toMatchObject({ error: "ERR_NO_CONTACT_LIST_FOUND" });
    expect(await t.db.select().from(contactListItems)).toEqual([]);
  });

  it("refuses a spreadsheet that unpacks past 50 MiB, honest or lying about its sizes, with 400 ERR_IMPORT_CONTENT_TOO_LARGE", async () => {
    const list = await createList();
    for (const bomb of [spreadsheetBomb(64 * 1024 * 1024), spreadsheetBomb(64 * 1024 * 1024, 4096)]) {
      const response = await upload(`/contact-lists/${list.id}/upload`, a.adminToken, "lista.xlsx", bomb);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: "ERR_IMPORT_CONTENT_TOO_LARGE" });
    }
    expect(await t.db.select().from(contactListItems)).toEqual([]);
  });
});

describe("/contact-list-items", () => {
  it("adds, pages, searches, edits and deletes a list's contacts with the spec's rules", async () => {
    const list = await createList();
    const created = await call("POST", "/contact-list-items", a.adminToken, { name: "Joana", number: "+55 11 98888-7777", email: "joana@example.com", contactListId: list.id });
    expect(created.statusCode).toBe(200);
    const item = created.json<{ id: number }>();
    expect(item).toMatchObject({ name: "Joana", number: "5511988887777", isWhatsappValid: null, contactListId: list.id, companyId: a.company.id });
    expect(listEvents("ContactListItem")).toContainEqual({ name: "record.changed", payload: expect.objectContaining({ action: "create" }) });
    const duplicate = await call("POST", "/contact-list-items", a.adminToken, { name: "Joana 2", number: "5511988887777", contactListId: list.id });
    expect(duplicate.json()).toMatchObject({ error: "ERR_DUPLICATED_CONTACT_LIST_ITEM" });
    for (const bad of [{ name: "J", number: "5511988887770" }, { name: "Joana", number: "1234" }, { name: "Joana", number: "5511988887770", email: "nope" }]) {
      const response = await call("POST", "/contact-list-items", a.adminToken, { ...bad, contactListId: list.id });
      expect(response.json()).toMatchObject({ error: "ERR_VALIDATION" });
    }
    const found = await call("GET", `/contact-list-items?contactListId=${list.id}&searchParam=joana`, a.adminToken);
    expect(found.json()).toMatchObject({ count: 1, hasMore: false });
    const edited = await call("PUT", `/contact-list-items/${item.id}`, a.adminToken, { name: "Joana Lima", number: "5511988887777", contactListId: list.id });
    expect(edited.json()).toMatchObject({ name: "Joana Lima", email: "" });
    const theirList = await createList(b.adminToken, "Deles");
    const moved = await call("PUT", `/contact-list-items/${item.id}`, a.adminToken, { name: "Joana Lima", number: "5511988887777", contactListId: theirList.id });
    expect(moved.json()).toMatchObject({ error: "ERR_NO_CONTACT_LIST_FOUND" });
    expect((await call("GET", `/contact-list-items/${item.id}`, b.adminToken)).json()).toMatchObject({ error: "ERR_NO_CONTACT_LIST_ITEM_FOUND" });
    expect((await call("DELETE", `/contact-list-items/${item.id}`, b.adminToken)).statusCode).toBe(404);
    expect((await call("DELETE", `/contact-list-items/${item.id}`, a.adminToken)).statusCode).toBe(200);
    expect(await t.db.select().from(contactListItems)).toEqual([]);
  });

  it("gives numbers added, edited or imported without a calling code the company's default", async () => {
    const list = await createList();
    const created = await call("POST", "/contact-list-items", a.adminToken, { name: "Joana", number: "(11) 98888-7777", contactListId: list.id });
    expect(created.json()).toMatchObject({ number: "5511988887777" });
    const edited = await call("PUT", `/contact-list-items/${created.json<{ id: number }>().id}`, a.adminToken, { name: "Joana", number: "021 98888-7777", contactListId: list.id });
    expect(edited.json()).toMatchObject({ number: "5521988887777" });
    await call("PUT", "/settings/defaultCountryCode", a.adminToken, { value: "351" });
    const imported = await upload(`/contact-lists/${list.id}/upload`, a.adminToken, "lista.xlsx", xlsx([["nome", "numero"], ["Rui", "912 345 678"], ["Ana", "+55 11 97777-6666"]]));
    expect(imported.json()).toMatchObject({ created: 2, rejected: [] });
    const numbers = await t.db.select({ number: contactListItems.number }).from(contactListItems).where(eq(contactListItems.contactListId, list.id));
    expect(numbers.map((row) => row.number).sort()).toEqual(["351912345678", "5511977776666", "5521988887777"]);
  });

  it("checks the numbers on the company's connection and announces each answer", async () => {
    const connection = await createConnectionRow(t.db, a.company.id);
    const driver = await attachFakeDriver(t, connection);
    driver.checkNumber = async (_id: number, number: string) => ({ exists: !number.endsWith("0"), number });
    const list = await createList();
    for (const number of ["5511988880001", "5511988880000"]) await call("POST", "/contact-list-items", a.adminToken, { name: `N ${number.slice(-4)}`, number, contactListId: list.id });
    await runCheckNumbersJob(t.platform.engine.deps, { companyId: a.company.id, contactListId: list.id, waits: 0 }, 0);
    const rows = await t.db.select().from(contactListItems).orderBy(contactListItems.number);
    expect(rows.map((row) => [row.number, row.isWhatsappValid])).toEqual([
      ["5511988880000", false],
      ["5511988880001", true],
    ]);
    expect(listEvents("ContactListItem").filter((event) => "action" in event.payload && event.payload.action === "update")).toHaveLength(2);
    expect((await call("GET", `/contact-lists/${list.id}`, a.adminToken)).json()).toMatchObject({ contactsCount: 2, validCount: 1 });
  });
});
