import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as XLSX from "xlsx";
import { buildApp } from "../../app.ts";
import { contactExtraInfo, contacts, simulatorMessages } from "../../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { bearer, createSimulatorConnection, createTenant } from "../../../test/factories.ts";
import { plainZippedSpreadsheet, spreadsheetBomb } from "../../../test/spreadsheet-bombs.ts";
import { type ImportLocks, PgImportLocks } from "./import-locks.ts";
import { MAX_PARALLEL_READS, MAX_WAITING_READS, type ReleaseParseSlot, parseSlotUse, takeParseSlot } from "./parse-slots.ts";

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

/** A real spreadsheet written by the spreadsheet library: .xlsx (zip) or .xls (BIFF8 in OLE2). */
function spreadsheet(rows: unknown[][], bookType: "xlsx" | "biff8", sheetName = "Contatos"): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), sheetName);
  const written: unknown = XLSX.write(book, { bookType, type: "buffer", compression: true });
  if (!Buffer.isBuffer(written)) throw new Error("the library did not write a buffer");
  return written;
}

function multipart(fileName: string, content: Buffer, field = "file") {
  const boundary = `----conversa${Date.now()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(fileName: string, content: Buffer, options: { app?: FastifyInstance; token?: string | null; field?: string } = {}) {
  const body = multipart(fileName, content, options.field);
  const token = options.token === undefined ? a.agentToken : options.token;
  return (options.app ?? t.app).inject({ method: "POST", url: "/contacts/upload", payload: body.payload, headers: { ...body.headers, ...(token ? bearer(token) : {}) } });
}

const ROWS = [
  ["Nome", "Número", "E-mail", "Empresa"],
  ["Maria Clara", 5511911110000, "maria@example.com", "ACME"],
  ["Pedro Novo Nome", "+55 (11) 92222-0000", "", ""],
  ["J", "5511933330000", "", ""],
  ["Sem Número", "12-34", "", ""],
  ["Email Ruim", "5511944440000", "nope", ""],
  [],
  ["Maria Repetida", "55 11 91111-0000", "", ""],
];

describe("POST /contacts/upload", () => {
  it.each([
    ["xlsx", "contatos.xlsx"],
    ["biff8", "contatos.xls"],
  ] as const)("imports a real %s file: creates, updates by number, and reports the bad rows with reasons", async (bookType, fileName) => {
    const [existing] = await t.db.insert(contacts).values({ companyId: a.company.id, name: "Pedro", number: "5511922220000", email: "pedro@example.com" }).returning();
    const response = await upload(fileName, spreadsheet(ROWS, bookType));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      total: 6,
      created: 1,
      updated: 1,
      rejected: [
        { row: 4, reason: "nameTooShort", name: "J", number: "5511933330000" },
        { row: 5, reason: "numberTooShort", name: "Sem Número", number: "12-34" },
        { row: 6, reason: "emailInvalid", name: "Email Ruim", number: "5511944440000" },
        { row: 8, reason: "duplicatedInFile", name: "Maria Repetida", number: "55 11 91111-0000" },
      ],
    });
    const saved = await t.db.select().from(contacts).where(eq(contacts.companyId, a.company.id));
    expect(saved.map((row) => [row.name, row.number, row.email]).sort()).toEqual([
      ["Maria Clara", "5511911110000", "maria@example.com"],
      ["Pedro Novo Nome", "5511922220000", "pedro@example.com"],
    ]);
    const maria = saved.find((row) => row.name === "Maria Clara");
    expect(await t.db.select({ name: contactExtraInfo.name, value: contactExtraInfo.value }).from(contactExtraInfo).where(eq(contactExtraInfo.contactId, maria!.id))).toEqual([
      { name: "Empresa", value: "ACME" },
    ]);
    expect(saved.find((row) => row.id === existing!.id)?.name).toBe("Pedro Novo Nome");
    expect(await t.db.select().from(contacts).where(eq(contacts.companyId, b.company.id))).toHaveLength(0);
    const progress = t.published.flatMap((event) => (event.name === "contact.import.progress" ? [event.payload] : []));
    expect(progress.at(-1)).toEqual({ companyId: a.company.id, userId: a.agent.id, processed: 6, total: 6 });
  });

  it("gives numbers without a calling code the company's default: 55, or the one the company chose", async () => {
    const rows = [
      ["Nome", "Número"],
      ["Ana Nacional", "(11) 98765-4321"],
      ["Bia Numérica", 21998765432],
      ["Caio Exterior", "+1 419 555 0123"],
      ["Duda Lisboa", "912 345 678"],
    ];
    expect((await upload("contatos.xlsx", spreadsheet(rows, "xlsx"))).json()).toMatchObject({ created: 4, rejected: [] });
    await t.app.inject({ method: "PUT", url: "/settings/defaultCountryCode", headers: bearer(b.adminToken), payload: { value: "351" } });
    expect((await upload("contatos.xlsx", spreadsheet(rows, "xlsx"), { token: b.agentToken })).json()).toMatchObject({ created: 4, rejected: [] });

    const numbersOf = async (companyId: number) =>
      (await t.db.select().from(contacts).where(eq(contacts.companyId, companyId))).map((row) => [row.name, row.number]).sort();
    expect(await numbersOf(a.company.id)).toEqual([
      ["Ana Nacional", "5511987654321"],
      ["Bia Numérica", "5521998765432"],
      ["Caio Exterior", "14195550123"],
      ["Duda Lisboa", "912345678"],
    ]);
    expect(await numbersOf(b.company.id)).toEqual([
      ["Ana Nacional", "11987654321"],
      ["Bia Numérica", "21998765432"],
      ["Caio Exterior", "14195550123"],
      ["Duda Lisboa", "351912345678"],
    ]);
  });

  it("does not let a crafted file reach a prototype", async () => {
    const crafted = spreadsheet(
      [
        ["__proto__", "constructor", "prototype", "nome", "numero", "polluted"],
        ['{"polluted":"yes"}', "polluted", "polluted", "Ana Souza", "5511955550000", "yes"],
      ],
      "xlsx",
      "__proto__",
    );
    const response = await upload("crafted.xlsx", crafted);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ created: 1, rejected: [] });
    const probe: Record<string, unknown> = {};
    expect(probe.polluted).toBeUndefined();
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain("polluted");
    const [ana] = await t.db.select().from(contacts).where(eq(contacts.number, "5511955550000"));
    const extras = await t.db.select({ name: contactExtraInfo.name }).from(contactExtraInfo).where(eq(contactExtraInfo.contactId, ana!.id));
    expect(extras.map((extra) => extra.name)).toEqual(["__proto__", "constructor", "prototype", "polluted"]);
  });

  it.each([
    ["a text file named .xlsx", "contatos.xlsx", Buffer.from("nome;numero\nAna;5511955550000\n")],
    ["a spreadsheet named .csv", "contatos.csv", spreadsheet(ROWS, "xlsx")],
    ["an .xlsx that holds an .xls", "contatos.xlsx", spreadsheet(ROWS, "biff8")],
  ])("answers 400 ERR_IMPORT_FILE_TYPE for %s", async (_label, fileName, content) => {
    const response = await upload(fileName, content);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_IMPORT_FILE_TYPE" });
    expect(await t.db.select().from(contacts)).toHaveLength(0);
  });

  it("answers 413 ERR_IMPORT_FILE_TOO_LARGE over 5 MB", async () => {
    const huge = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(5 * 1024 * 1024)]);
    const response = await upload("grande.xlsx", huge);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: "ERR_IMPORT_FILE_TOO_LARGE", details: { maxBytes: 5 * 1024 * 1024 } });
  });

  it("answers 400 for a damaged spreadsheet, one without a number column, and an upload without the file field", async () => {
    const damaged = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from("not really a zip")]);
    expect((await upload("danificado.xlsx", damaged)).json()).toMatchObject({ error: "ERR_IMPORT_UNREADABLE" });
    const noNumber = await upload("sem-numero.xlsx", spreadsheet([["Nome", "Cidade"], ["Ana", "Recife"]], "xlsx"));
    expect(noNumber.statusCode).toBe(400);
    expect(noNumber.json()).toMatchObject({ error: "ERR_IMPORT_MISSING_COLUMNS" });
    const wrongField = await upload("contatos.xlsx", spreadsheet(ROWS, "xlsx"), { field: "planilha" });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toMatchObject({ error: "ERR_VALIDATION" });
    const json = await t.app.inject({ method: "POST", url: "/contacts/upload", headers: bearer(a.agentToken), payload: { file: "x" } });
    expect(json.statusCode).toBe(400);
  });

  it("answers 401 without a session", async () => {
    expect((await upload("contatos.xlsx", spreadsheet(ROWS, "xlsx"), { token: null })).statusCode).toBe(401);
  });

  describe("with shortened limits", () => {
    let limited: FastifyInstance;
    afterEach(async () => {
      await limited.close();
    });

    it("stops a parse that runs past the time limit with ERR_IMPORT_TIMEOUT, and the server keeps serving", async () => {
      limited = await buildApp({ ...t.platform, contactImport: { timeoutMs: 1 } });
      await limited.ready();
      const response = await upload("contatos.xlsx", spreadsheet(ROWS, "xlsx"), { app: limited });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: "ERR_IMPORT_TIMEOUT", details: { timeoutMs: 1 } });
      expect((await limited.inject({ method: "GET", url: "/contacts", headers: bearer(a.agentToken) })).statusCode).toBe(200);
      const normal = await upload("contatos.xlsx", spreadsheet(ROWS, "xlsx"));
      expect(normal.json()).toMatchObject({ created: 2 });
    });

    it("stops a parse that outgrows its memory with ERR_IMPORT_UNREADABLE, and the server keeps serving", async () => {
      limited = await buildApp({ ...t.platform, contactImport: { memoryMb: 16 } });
      await limited.ready();
      const rows = Array.from({ length: 9000 }, (_, index) => [`Cliente ${index} ${"x".repeat(200)}`, 5511900000000 + index, "y".repeat(500)]);
      const response = await upload("grande.xlsx", spreadsheet([["Nome", "Numero", "Obs"], ...rows], "xlsx"), { app: limited });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: "ERR_IMPORT_UNREADABLE" });
      expect((await limited.inject({ method: "GET", url: "/contacts", headers: bearer(a.agentToken) })).statusCode).toBe(200);
    });

    it("refuses more rows than allowed with ERR_IMPORT_TOO_MANY_ROWS", async () => {
      limited = await buildApp({ ...t.platform, contactImport: { maxRows: 3 } });
      await limited.ready();
      const response = await upload("contatos.xlsx", spreadsheet(ROWS, "xlsx"), { app: limited });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: "ERR_IMPORT_TOO_MANY_ROWS", details: { maxRows: 3 } });
      expect(await t.db.select().from(contacts)).toHaveLength(0);
    });
  });
});

/** The import slots as another server process sees them: its own advisory-lock session on PostgreSQL; this process's on PGlite (one process). */
function importLocksOfAnotherProcess(): ImportLocks {
  const pool = t.platform.database.pool;
  return pool ? new PgImportLocks(pool) : t.platform.importLocks;
}

/** A 26-byte file that starts like a zip and is nothing more. */
const BROKEN_XLSX = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(22, 0x41)]);

describe("the import slots", () => {
  it("refuse a damaged or truncated spreadsheet with ERR_IMPORT_UNREADABLE at once, before any parsing thread", async () => {
    const whole = spreadsheet(ROWS, "xlsx");
    const xls = spreadsheet(ROWS, "biff8");
    const withoutWorkbook = Buffer.from(whole.toString("latin1").replaceAll("xl/workbook.xml", "xl/workbook.xmk"), "latin1");
    const damaged: [string, Buffer][] = [
      ["broken.xlsx", BROKEN_XLSX],
      ["truncated.xlsx", whole.subarray(0, Math.floor(whole.length / 2))],
      ["no-workbook.xlsx", withoutWorkbook],
      ["header-only.xls", xls.subarray(0, 512)],
      ["bad-sectors.xls", Buffer.concat([xls.subarray(0, 30), Buffer.from([0x07, 0x00]), xls.subarray(32)])],
    ];
    expect(BROKEN_XLSX).toHaveLength(26);
    for (const [name, content] of damaged) {
      const started = performance.now();
      const response = await upload(name, content);
      expect(performance.now() - started, name).toBeLessThan(1_000);
      expect(response.statusCode, name).toBe(400);
      expect(response.json(), name).toMatchObject({ error: "ERR_IMPORT_UNREADABLE" });
    }
    expect((await upload("contatos.xls", xls)).json()).toMatchObject({ created: 2 });
  });

  it("let a third company import while two companies send damaged files at the same time", async () => {
    const c = await createTenant(t.app, t.db);
    const started = performance.now();
    const [first, second, third] = await Promise.all([
      upload("broken.xlsx", BROKEN_XLSX, { token: a.agentToken }),
      upload("broken.xlsx", BROKEN_XLSX, { token: b.agentToken }),
      upload("contatos.xlsx", spreadsheet(ROWS, "xlsx"), { token: c.agentToken }),
    ]);
    expect(first.json()).toMatchObject({ error: "ERR_IMPORT_UNREADABLE" });
    expect(second.json()).toMatchObject({ error: "ERR_IMPORT_UNREADABLE" });
    expect(third.statusCode, third.body).toBe(200);
    expect(third.json()).toMatchObject({ created: 2 });
    expect(performance.now() - started).toBeLessThan(9_000);
  });

  it("refuse a company's second import while its first runs with 409 ERR_IMPORT_BUSY, and other companies still import", async () => {
    const answers = await Promise.all([upload("contatos.xlsx", spreadsheet(ROWS, "xlsx")), upload("contatos.xlsx", spreadsheet(ROWS, "xlsx"), { token: a.adminToken })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json()).toMatchObject({ error: "ERR_IMPORT_BUSY" });

    // A's import running in another process holds A's slot there: refused here, for a spreadsheet and for the phone's contacts.
    const release = await importLocksOfAnotherProcess().tryAcquire(a.company.id);
    expect(release).toBeDefined();
    try {
      const busy = await upload("contatos.xlsx", spreadsheet(ROWS, "xlsx"));
      expect(busy.statusCode).toBe(409);
      expect(busy.json()).toMatchObject({ error: "ERR_IMPORT_BUSY" });
      await createSimulatorConnection(t.db, { companyId: a.company.id, session: { paired: true, number: "5511999990000" } });
      expect((await t.app.inject({ method: "POST", url: "/contacts/import", headers: bearer(a.agentToken) })).json()).toMatchObject({ error: "ERR_IMPORT_BUSY" });
      expect((await upload("contatos.xlsx", spreadsheet(ROWS, "xlsx"), { token: b.agentToken })).json()).toMatchObject({ created: 2 });
    } finally {
      await release?.();
    }
    // Released: A imports again (the rows exist now, so they are updated).
    expect((await upload("contatos.xlsx", spreadsheet(ROWS, "xlsx"))).json()).toMatchObject({ created: 0, updated: 2 });
  });
});

const MIB = 1024 * 1024;

describe("spreadsheets that unpack past the limits", () => {
  it("imports the unbombed workbook the bombs are made of (the test's zip writer is sound)", async () => {
    expect((await upload("contatos.xlsx", plainZippedSpreadsheet())).json()).toMatchObject({ created: 1 });
  });

  it("refuses a file whose zip declares 64 MiB unpacked with 400 ERR_IMPORT_CONTENT_TOO_LARGE before any parse, and frees every slot", async () => {
    const bomb = spreadsheetBomb(64 * MIB);
    expect(bomb.length).toBeLessThan(300 * 1024);
    const answers = await Promise.all([upload("bomba.xlsx", bomb), upload("bomba.xlsx", bomb, { token: b.agentToken })]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ error: "ERR_IMPORT_CONTENT_TOO_LARGE", details: { maxInflatedBytes: 50 * MIB } });
    }
    expect(parseSlotUse()).toEqual({ running: 0, waiting: 0 });
    const after = await Promise.all([upload("contatos.xlsx", spreadsheet(ROWS, "xlsx")), upload("contatos.xlsx", spreadsheet(ROWS, "xlsx"), { token: b.agentToken })]);
    expect(after.map((answer) => answer.json())).toMatchObject([{ created: 2 }, { created: 2 }]);
  });

  it("refuses a large part that unpacks more than 200-fold, though under 50 MiB in all", async () => {
    const response = await upload("bomba.xlsx", spreadsheetBomb(8 * MIB));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_IMPORT_CONTENT_TOO_LARGE" });
  });

  it("stops unpacking a sheet that declares 4 KiB and holds 64 MiB, with ERR_IMPORT_CONTENT_TOO_LARGE, and frees the parse slot", async () => {
    const liar = spreadsheetBomb(64 * MIB, 4096);
    const answers = await Promise.all([upload("mentira.xlsx", liar), upload("mentira.xlsx", liar, { token: b.agentToken })]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ error: "ERR_IMPORT_CONTENT_TOO_LARGE" });
    }
    expect(parseSlotUse()).toEqual({ running: 0, waiting: 0 });
    const after = await Promise.all([upload("contatos.xlsx", spreadsheet(ROWS, "xlsx")), upload("contatos.xlsx", spreadsheet(ROWS, "xlsx"), { token: b.agentToken })]);
    expect(after.map((answer) => answer.json())).toMatchObject([{ created: 2 }, { created: 2 }]);
  });
});

describe("the parse slots", () => {
  const held: ReleaseParseSlot[] = [];
  afterEach(() => {
    for (const release of held.splice(0)) release();
  });

  /** Two other companies' parses in flight: the test holds their slots until it releases them. */
  async function holdSlots(count: number): Promise<void> {
    for (let i = 0; i < count; i += 1) held.push(await takeParseSlot());
  }

  it("serve a third company in its turn while two others hold both slots, instead of answering 429", async () => {
    const c = await createTenant(t.app, t.db);
    await holdSlots(MAX_PARALLEL_READS);
    const answer = upload("contatos.xlsx", spreadsheet(ROWS, "xlsx"), { token: c.agentToken });
    await vi.waitFor(() => expect(parseSlotUse()).toEqual({ running: MAX_PARALLEL_READS, waiting: 1 }), { timeout: 5_000 });
    held.shift()?.();
    const served = await answer;
    expect(served.statusCode, served.body).toBe(200);
    expect(served.json()).toMatchObject({ created: 2 });
  });

  it("give company C a slot while company A sends two large imports at once: A holds one slot, its second import is refused", async () => {
    const c = await createTenant(t.app, t.db);
    // One slot is another company's; A and C compete for the other.
    await holdSlots(1);
    const large = spreadsheet([["Nome", "Numero"], ...Array.from({ length: 3000 }, (_, index) => [`Cliente ${index}`, 5511900000000 + index])], "xlsx");
    const [firstOfA, secondOfA, ofC] = await Promise.all([upload("grande.xlsx", large), upload("grande.xlsx", large, { token: a.adminToken }), upload("contatos.xlsx", spreadsheet(ROWS, "xlsx"), { token: c.agentToken })]);
    expect(ofC.statusCode, ofC.body).toBe(200);
    expect(ofC.json()).toMatchObject({ created: 2 });
    const ofA = [firstOfA, secondOfA].map((answer) => answer.json<{ error?: string; created?: number }>());
    expect(ofA.map((answer) => answer.error ?? answer.created).sort()).toEqual([3000, "ERR_IMPORT_BUSY"]);
  });

  it("refuse a read with ERR_RATE_LIMITED when the line of waiting reads is full", async () => {
    await holdSlots(MAX_PARALLEL_READS);
    const waiting = Array.from({ length: MAX_WAITING_READS }, () => takeParseSlot());
    await expect(takeParseSlot()).rejects.toMatchObject({ code: "ERR_RATE_LIMITED" });
    held.splice(0).forEach((release) => release());
    for (const slot of waiting) (await slot)();
    expect(parseSlotUse()).toEqual({ running: 0, waiting: 0 });
  });
});

describe("POST /contacts/import", () => {
  async function connectedSimulator(companyId: number) {
    const connection = await createSimulatorConnection(t.db, { companyId, session: { paired: true, number: "5511999990000" } });
    await t.platform.channels.start(companyId, connection.id);
    return connection;
  }

  async function customerWrote(companyId: number, connectionId: number, number: string, name: string | null, wid: string) {
    await t.db.insert(simulatorMessages).values({ companyId, connectionId, direction: "in", customerNumber: number, customerName: name, wid, body: "oi" });
  }

  it("imports the people the simulator's phone has talked with, then updates them", async () => {
    const connection = await connectedSimulator(a.company.id);
    await customerWrote(a.company.id, connection.id, "5511977776666", "Maria", "W1");
    await customerWrote(a.company.id, connection.id, "5511977776666", "Maria Clara", "W2");
    await customerWrote(a.company.id, connection.id, "5511955554444", null, "W3");
    await t.db.insert(contacts).values({ companyId: a.company.id, name: "Cliente Antigo", number: "5511955554444" });

    const first = await t.app.inject({ method: "POST", url: "/contacts/import", headers: bearer(a.agentToken) });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ total: 2, created: 1, updated: 1, rejected: [] });
    const saved = await t.db.select().from(contacts).where(eq(contacts.companyId, a.company.id));
    expect(saved.map((row) => [row.name, row.number]).sort()).toEqual([
      ["Cliente Antigo", "5511955554444"],
      ["Maria Clara", "5511977776666"],
    ]);
    expect(saved.find((row) => row.number === "5511977776666")?.whatsappId).toBe(connection.id);

    const again = await t.app.inject({ method: "POST", url: `/contacts/import?whatsappId=${connection.id}`, headers: bearer(a.agentToken) });
    expect(again.json()).toEqual({ total: 2, created: 0, updated: 2, rejected: [] });
  });

  it("answers ERR_WAPP_NOT_INITIALIZED when the connection is not connected", async () => {
    await createSimulatorConnection(t.db, { companyId: a.company.id, status: "DISCONNECTED" });
    const response = await t.app.inject({ method: "POST", url: "/contacts/import", headers: bearer(a.agentToken) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_WAPP_NOT_INITIALIZED" });
  });

  it("answers 404 for another company's connection, or with no default connection, and 401 without a session", async () => {
    const foreign = await connectedSimulator(b.company.id);
    const response = await t.app.inject({ method: "POST", url: `/contacts/import?whatsappId=${foreign.id}`, headers: bearer(a.agentToken) });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: "ERR_NO_WAPP_FOUND" });
    expect((await t.app.inject({ method: "POST", url: "/contacts/import", headers: bearer(a.agentToken) })).json()).toMatchObject({ error: "ERR_NO_DEF_WAPP_FOUND" });
    expect((await t.app.inject({ method: "POST", url: "/contacts/import?whatsappId=abc", headers: bearer(a.agentToken) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: "POST", url: "/contacts/import" })).statusCode).toBe(401);
    expect(await t.db.select().from(contacts)).toHaveLength(0);
  });
});
