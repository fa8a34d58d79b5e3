import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import multipart from "@fastify/multipart";
import { eq } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { type TestApp, buildTestApp } from "../../test/build-test-app.ts";
import { attachFakeDriver, createConnectionRow, eventually, inbound } from "../../test/engine-harness.ts";
import { bearer, createTenant, createUser, loginAs } from "../../test/factories.ts";
import { companyStorage, fileListOptions, messages, plans, quickMessages } from "../db/schema/index.ts";
import { AppError } from "../lib/app-error.ts";
import { PNG } from "../modules/queues/upload-fixtures.ts";
import { readUpload } from "./uploads.ts";
import { MAX_UPLOAD_REQUEST_BYTES } from "./media-upload.ts";

const MIB = 1024 * 1024;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "conversa-quota-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

let t: TestApp;
let a: Awaited<ReturnType<typeof createTenant>>;

beforeEach(async () => {
  rmSync(path.join(dataDir, "media"), { recursive: true, force: true });
  t = await buildTestApp({ dataDir });
  a = await createTenant(t.app, t.db);
});
afterEach(async () => {
  await t.close();
});

/** A PNG of `size` bytes (the picture, then zeros). */
const pngOf = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length)]);

const BOUNDARY = "----conversa-quota";
function multipartOf(token: string, field: string, files: Buffer[]) {
  const parts = files.map((content, i) =>
    Buffer.concat([Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="f${i}.png"\r\nContent-Type: image/png\r\n\r\n`), content, Buffer.from("\r\n")]),
  );
  return { payload: Buffer.concat([...parts, Buffer.from(`--${BOUNDARY}--\r\n`)]), headers: { ...bearer(token), "content-type": `multipart/form-data; boundary=${BOUNDARY}` } };
}

const companyFiles = () => {
  try {
    return readdirSync(path.join(dataDir, "media", String(a.company.id))).sort();
  } catch {
    return [];
  }
};
const storageOf = async (token = a.adminToken) => (await t.app.inject({ method: "GET", url: "/companies/storage", headers: bearer(token) })).json<{ usedBytes: number; quotaBytes: number | null }>();
const setQuotaMb = (mb: number) => t.db.update(plans).set({ storageQuotaMb: mb }).where(eq(plans.id, a.company.plan.id));
/** Starts the company's count at `bytes` (as if its files held that much). */
async function setUsedBytes(bytes: number) {
  await storageOf();
  await t.db.update(companyStorage).set({ usedBytes: bytes }).where(eq(companyStorage.companyId, a.company.id));
}

async function createFileList(): Promise<number> {
  const response = await t.app.inject({ method: "POST", url: "/files", headers: bearer(a.adminToken), payload: { name: "Catálogo", message: "Nossos produtos" } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: number }>().id;
}
const uploadToList = (listId: number, files: Buffer[]) => t.app.inject({ method: "POST", url: `/files/uploadList/${listId}`, ...multipartOf(a.adminToken, "file", files) });
const optionRows = () => t.db.select({ path: fileListOptions.path }).from(fileListOptions).where(eq(fileListOptions.companyId, a.company.id));

describe("GET /companies/storage", () => {
  it("answers the company's usage and its plan's quota to an admin: 5 GiB by default", async () => {
    const response = await t.app.inject({ method: "GET", url: "/companies/storage", headers: bearer(a.adminToken) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ usedBytes: 0, quotaBytes: 5120 * MIB });
  });

  it("answers a null quota when the plan's quota is 0 (unlimited)", async () => {
    await setQuotaMb(0);
    expect(await storageOf()).toEqual({ usedBytes: 0, quotaBytes: null });
  });

  it("answers 403 ERR_NO_PERMISSION to a user-profile account and 401 without a session", async () => {
    const agent = await t.app.inject({ method: "GET", url: "/companies/storage", headers: bearer(a.agentToken) });
    expect({ status: agent.statusCode, error: agent.json().error }).toEqual({ status: 403, error: "ERR_NO_PERMISSION" });
    expect((await t.app.inject({ method: "GET", url: "/companies/storage" })).statusCode).toBe(401);
  });

  it("measures the files a company already had the first time it is asked (files stored before the quota existed)", async () => {
    const folder = path.join(dataDir, "media", String(a.company.id));
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, "0123456789abcdef0123456789abcdef.png"), pngOf(1000));
    writeFileSync(path.join(folder, "fedcba9876543210fedcba9876543210.png"), pngOf(2345));
    expect((await storageOf()).usedBytes).toBe(3345);
    // Counted from then on, not measured again.
    writeFileSync(path.join(folder, "00000000000000000000000000000000.png"), pngOf(500));
    expect((await storageOf()).usedBytes).toBe(3345);
  });

  it("is the company's own: another company's uploads do not count", async () => {
    const b = await createTenant(t.app, t.db);
    const quick = await t.app.inject({ method: "POST", url: "/quick-messages", headers: bearer(b.adminToken), payload: { shortcode: "foto", message: "veja" } });
    const upload = await t.app.inject({ method: "POST", url: `/quick-messages/${quick.json<{ id: number }>().id}/media-upload`, ...multipartOf(b.adminToken, "file", [pngOf(4000)]) });
    expect(upload.statusCode, upload.body).toBe(200);
    expect((await storageOf(b.adminToken)).usedBytes).toBe(4000);
    expect((await storageOf()).usedBytes).toBe(0);
  });
});

describe("uploads against the company's storage quota", () => {
  it("counts a file list's files and frees them when the list is deleted", async () => {
    const listId = await createFileList();
    const response = await uploadToList(listId, [pngOf(1500), pngOf(2500)]);
    expect(response.statusCode, response.body).toBe(200);
    expect((await storageOf()).usedBytes).toBe(4000);
    expect(companyFiles()).toHaveLength(2);
    const deleted = await t.app.inject({ method: "DELETE", url: `/files/${listId}`, headers: bearer(a.adminToken) });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await storageOf()).usedBytes).toBe(0);
    expect(companyFiles()).toEqual([]);
  });

  it("frees a file list item's file when the item is taken out of the list", async () => {
    const listId = await createFileList();
    const list = (await uploadToList(listId, [pngOf(1500), pngOf(2500)])).json<{ name: string; message: string; options: { id: number; name: string; path: string | null }[] }>();
    const kept = list.options.find((option) => option.name === "f1.png");
    const response = await t.app.inject({ method: "PUT", url: `/files/${listId}`, headers: bearer(a.adminToken), payload: { name: list.name, message: list.message, options: [{ id: kept!.id, name: kept!.name }] } });
    expect(response.statusCode, response.body).toBe(200);
    expect((await storageOf()).usedBytes).toBe(2500);
  });

  it("refuses a file past the quota with 413 ERR_STORAGE_QUOTA and its figures, storing nothing", async () => {
    await setQuotaMb(1);
    await setUsedBytes(MIB - 999);
    const listId = await createFileList();
    const response = await uploadToList(listId, [pngOf(1000)]);
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json()).toMatchObject({ error: "ERR_STORAGE_QUOTA", details: { usedBytes: MIB - 999, quotaBytes: MIB } });
    expect(companyFiles()).toEqual([]);
    expect(await optionRows()).toEqual([]);
    expect((await storageOf()).usedBytes).toBe(MIB - 999);
  });

  it("takes a file that fills the quota to the byte", async () => {
    await setQuotaMb(1);
    await setUsedBytes(MIB - 1000);
    const response = await uploadToList(await createFileList(), [pngOf(1000)]);
    expect(response.statusCode, response.body).toBe(200);
    expect(await storageOf()).toEqual({ usedBytes: MIB, quotaBytes: MIB });
  });

  it("refuses the whole upload when its second file passes the quota, removing the first", async () => {
    await setQuotaMb(1);
    await setUsedBytes(MIB - 3000);
    const response = await uploadToList(await createFileList(), [pngOf(2000), pngOf(2000)]);
    expect({ status: response.statusCode, error: response.json().error }).toEqual({ status: 413, error: "ERR_STORAGE_QUOTA" });
    expect(companyFiles()).toEqual([]);
    expect(await optionRows()).toEqual([]);
    expect((await storageOf()).usedBytes).toBe(MIB - 3000);
  });

  it("lets only one of two uploads that each fit, but not together, take the last free bytes", async () => {
    await setQuotaMb(1);
    await setUsedBytes(MIB - 3000);
    const [first, second] = [await createFileList(), await createFileList()];
    const answers = await Promise.all([uploadToList(first, [pngOf(2000)]), uploadToList(second, [pngOf(2000)])]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 413]);
    expect(companyFiles()).toHaveLength(1);
    expect((await storageOf()).usedBytes).toBe(MIB - 1000);
  });

  it("refuses a quick reply's file past the quota and keeps the reply without one; deleting the file frees it", async () => {
    const quick = (await t.app.inject({ method: "POST", url: "/quick-messages", headers: bearer(a.adminToken), payload: { shortcode: "foto", message: "veja" } })).json<{ id: number }>();
    const upload = () => t.app.inject({ method: "POST", url: `/quick-messages/${quick.id}/media-upload`, ...multipartOf(a.adminToken, "file", [pngOf(3000)]) });
    expect((await upload()).statusCode).toBe(200);
    expect((await storageOf()).usedBytes).toBe(3000);
    const removed = await t.app.inject({ method: "DELETE", url: `/quick-messages/${quick.id}/media-upload`, headers: bearer(a.adminToken) });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await storageOf()).usedBytes).toBe(0);

    await setQuotaMb(1);
    await setUsedBytes(MIB - 100);
    const refused = await upload();
    expect({ status: refused.statusCode, error: refused.json().error }).toEqual({ status: 413, error: "ERR_STORAGE_QUOTA" });
    const [row] = await t.db.select({ mediaPath: quickMessages.mediaPath }).from(quickMessages).where(eq(quickMessages.id, quick.id));
    expect(row?.mediaPath ?? null).toBeNull();
    expect(companyFiles()).toEqual([]);
  });

  it("takes anything on a plan whose quota is 0 (unlimited)", async () => {
    await setQuotaMb(0);
    await setUsedBytes(50_000 * MIB);
    const response = await uploadToList(await createFileList(), [pngOf(1000)]);
    expect(response.statusCode, response.body).toBe(200);
    expect((await storageOf()).usedBytes).toBe(50_000 * MIB + 1000);
  });
});

describe("media a customer sends, at the quota", () => {
  it("is always kept, and counted", async () => {
    const connection = await createConnectionRow(t.db, a.company.id);
    await attachFakeDriver(t, connection);
    await setQuotaMb(1);
    await setUsedBytes(MIB);
    await t.platform.engine.handleInbound(
      inbound(connection, "5511999990005", "foto", { kind: "image", media: { mimetype: "image/png", filename: "foto.png", download: async () => pngOf(5000) } }),
    );
    const [row] = await eventually(
      () => t.db.select({ mediaUrl: messages.mediaUrl }).from(messages).where(eq(messages.companyId, a.company.id)),
      (rows) => rows.length === 1,
    );
    expect(row?.mediaUrl).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(companyFiles()).toEqual([row!.mediaUrl]);
    expect((await storageOf()).usedBytes).toBe(MIB + 5000);
  });
});

describe("GET /companies for super users", () => {
  it("shows each company's usage and quota", async () => {
    const superUser = await createUser(t.db, { companyId: a.company.id, profile: "admin", isSuper: true, email: "quota-super@example.com" });
    const superToken = (await loginAs(t.app, superUser.email)).token;
    await uploadToList(await createFileList(), [pngOf(1234)]);
    const b = await createTenant(t.app, t.db);
    await t.db.update(plans).set({ storageQuotaMb: 0 }).where(eq(plans.id, b.company.plan.id));
    const response = await t.app.inject({ method: "GET", url: "/companies", headers: bearer(superToken) });
    expect(response.statusCode, response.body).toBe(200);
    const listed = response.json<{ companies: { id: number; storage: unknown }[] }>().companies;
    expect(listed.find((company) => company.id === a.company.id)?.storage).toEqual({ usedBytes: 1234, quotaBytes: 5120 * MIB });
    expect(listed.find((company) => company.id === b.company.id)?.storage).toEqual({ usedBytes: 0, quotaBytes: null });
  });
});

describe("the files of one upload together", () => {
  it("are capped at 200 MiB for a file list's upload", () => {
    const route = t.app.routeTable.find((entry) => entry.method === "POST" && entry.url === "/files/uploadList/:id");
    expect(route?.upload?.maxTotalBytes).toBe(MAX_UPLOAD_REQUEST_BYTES);
    expect(MAX_UPLOAD_REQUEST_BYTES).toBe(200 * MIB);
  });

  it("are refused with 413 ERR_UPLOAD_TOO_LARGE past the route's total, and what was kept is handed back", async () => {
    const app = Fastify();
    await app.register(multipart);
    const discarded: number[][] = [];
    app.setErrorHandler((error, _request, reply) => {
      if (error instanceof AppError) return reply.status(error.statusCode).send({ error: error.code, details: error.details });
      return reply.status(500).send({ error: "ERR_INTERNAL" });
    });
    const upload = { accepts: "media", field: "file", maxFiles: 5, maxBytes: 1000, maxTotalBytes: 2500, maxFields: 1, maxFieldBytes: 100 } as const;
    app.post("/probe", { config: { upload } }, async (request) => {
      const { files } = await readUpload(
        request,
        async (file) => file.content.length,
        async (kept) => {
          discarded.push(kept);
        },
      );
      return { files };
    });
    const within = await app.inject({ method: "POST", url: "/probe", ...multipartOf("x", "file", [pngOf(1000), pngOf(1000), pngOf(500)]) });
    expect(within.json()).toEqual({ files: [1000, 1000, 500] });
    const past = await app.inject({ method: "POST", url: "/probe", ...multipartOf("x", "file", [pngOf(1000), pngOf(1000), pngOf(501)]) });
    expect({ status: past.statusCode, body: past.json() }).toEqual({ status: 413, body: { error: "ERR_UPLOAD_TOO_LARGE", details: { maxTotalBytes: 2500 } } });
    expect(discarded).toEqual([[1000, 1000]]);
    await app.close();
  });
});
