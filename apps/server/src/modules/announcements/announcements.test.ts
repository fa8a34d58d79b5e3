import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { type Socket, io as connect } from "socket.io-client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ANNOUNCEMENTS_PAGE_SIZE, ANNOUNCEMENT_EVENT, type Announcement } from "@conversa/shared";
import { announcements, auditLogs } from "../../db/schema/index.ts";
import { INSTALLATION_MEDIA } from "../../media/media-store.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { bearer, createTenant, createUser, loginAs } from "../../../test/factories.ts";
import { PNG, multipartFile } from "../queues/upload-fixtures.ts";

let t: TestApp;
/** The super user's company. */
let a: Awaited<ReturnType<typeof createTenant>>;
/** Another company: its users read the installation's announcements too. */
let b: Awaited<ReturnType<typeof createTenant>>;
let superToken: string;

beforeEach(async () => {
  t = await buildTestApp();
  a = await createTenant(t.app, t.db);
  b = await createTenant(t.app, t.db);
  const superUser = await createUser(t.db, { companyId: a.company.id, profile: "admin", isSuper: true, name: "Sara Super", email: "announcements-super@example.com" });
  superToken = (await loginAs(t.app, superUser.email)).token;
});
afterEach(async () => {
  await t.close();
});

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (method: Method, url: string, token?: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const errorOf = (response: { statusCode: number; json: () => { error?: string } }) => ({ status: response.statusCode, error: response.json().error });

const body = (overrides: Record<string, unknown> = {}) => ({ title: "Manutenção programada", text: "O sistema fica fora do ar no domingo, das 2h às 4h.", priority: 1, status: true, ...overrides });
const row = async (id: number) => (await t.db.select().from(announcements).where(eq(announcements.id, id)))[0];
const rowCount = async () => (await t.db.select({ id: announcements.id }).from(announcements)).length;
const create = async (overrides: Record<string, unknown> = {}) => {
  const response = await call("POST", "/announcements", superToken, body(overrides));
  if (response.statusCode !== 200) throw new Error(response.body);
  return response.json<Announcement>();
};
const events = () => t.published.flatMap((event) => (event.name === "announcement.changed" ? [event.payload] : []));

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32)]);
const upload = (id: number, token: string, file: { name: string; content: Buffer; type: string } = { name: "aviso.png", content: PNG, type: "image/png" }) => {
  const request = multipartFile(token, file);
  return t.app.inject({ method: "POST", url: `/announcements/${id}/media-upload`, payload: request.payload, headers: request.headers });
};
const fileOf = (announcement: { mediaPath: string | null }) => announcement.mediaPath!.replace("/media/announcements/", "");
const stored = (fileName: string) => t.platform.media.resolve(INSTALLATION_MEDIA, fileName);

describe("POST /announcements", () => {
  it("creates an announcement for a super user, trimmed, and tells the installation", async () => {
    const response = await call("POST", "/announcements", superToken, body({ title: "  Manutenção programada  " }));
    expect(response.statusCode, response.body).toBe(200);
    const announcement = response.json<Announcement>();
    expect(announcement).toMatchObject({ ...body(), mediaPath: null, mediaName: null });
    expect(await row(announcement.id)).toMatchObject({ title: "Manutenção programada", priority: 1, status: true });
    expect(events()).toEqual([{ action: "create", announcement }]);
  });

  it("makes a new announcement low priority (3) and active unless told otherwise", async () => {
    const response = await call("POST", "/announcements", superToken, { title: "Novidade", text: "Há um novo relatório." });
    expect(response.json()).toMatchObject({ priority: 3, status: true });
  });

  it.each([
    ["an admin", () => a.adminToken],
    ["a user-profile account", () => a.agentToken],
  ])("answers 403 ERR_NO_PERMISSION to %s and creates nothing", async (_label, token) => {
    expect(errorOf(await call("POST", "/announcements", token(), body()))).toEqual({ status: 403, error: "ERR_NO_PERMISSION" });
    expect(await rowCount()).toBe(0);
    expect(events()).toEqual([]);
  });

  it("answers 401 without a session", async () => {
    expect((await call("POST", "/announcements", undefined, body())).statusCode).toBe(401);
  });

  it.each([
    ["no title", { title: undefined }],
    ["an empty title", { title: "" }],
    ["a title of spaces", { title: "   " }],
    ["a 201-character title", { title: "x".repeat(201) }],
    ["no text", { text: undefined }],
    ["a text of spaces", { text: " \n " }],
    ["a 5001-character text", { text: "x".repeat(5001) }],
    ["priority 0", { priority: 0 }],
    ["priority 4", { priority: 4 }],
    ["priority as text", { priority: "1" }],
    ["a status as text", { status: "true" }],
    ["an unknown field", { mediaPath: "../../etc/passwd" }],
  ])("answers 400 ERR_VALIDATION to %s and creates nothing", async (_label, overrides) => {
    expect(errorOf(await call("POST", "/announcements", superToken, body(overrides)))).toEqual({ status: 400, error: "ERR_VALIDATION" });
    expect(await rowCount()).toBe(0);
  });
});

describe("GET /announcements", () => {
  it("shows every user of every company the active ones, by priority then newest, and super users the inactive ones too", async () => {
    const low = await create({ title: "Baixa", priority: 3 });
    const highOld = await create({ title: "Alta antiga", priority: 1 });
    const hidden = await create({ title: "Rascunho", priority: 1, status: false });
    const medium = await create({ title: "Média", priority: 2 });
    const highNew = await create({ title: "Alta nova", priority: 1 });
    const ids = async (token: string) => (await call("GET", "/announcements", token)).json<{ records: Announcement[] }>().records.map((r) => r.id);

    for (const token of [a.adminToken, a.agentToken, b.adminToken, b.agentToken]) expect(await ids(token)).toEqual([highNew.id, highOld.id, medium.id, low.id]);
    expect(await ids(superToken)).toEqual([highNew.id, hidden.id, highOld.id, medium.id, low.id]);
    const answer = await call("GET", "/announcements", b.agentToken);
    expect(answer.json()).toMatchObject({ count: 4, hasMore: false });
    expect(answer.body).not.toContain("Rascunho");
  });

  it("searches title and text, and pages by 20 with count and hasMore", async () => {
    for (let i = 0; i < ANNOUNCEMENTS_PAGE_SIZE + 1; i += 1) await create({ title: `Aviso ${i}`, text: i === 3 ? "Fala de 100% das filas" : "Texto" });
    const first = (await call("GET", "/announcements/", b.agentToken)).json<{ records: unknown[]; count: number; hasMore: boolean }>();
    expect({ length: first.records.length, count: first.count, hasMore: first.hasMore }).toEqual({ length: 20, count: 21, hasMore: true });
    const second = (await call("GET", "/announcements?pageNumber=2", b.agentToken)).json<{ records: unknown[]; hasMore: boolean }>();
    expect({ length: second.records.length, hasMore: second.hasMore }).toEqual({ length: 1, hasMore: false });
    const searched = (await call("GET", "/announcements?searchParam=100%25", b.agentToken)).json<{ records: Announcement[] }>();
    expect(searched.records.map((r) => r.title)).toEqual(["Aviso 3"]);
    expect((await call("GET", "/announcements?searchParam=aviso%2020", b.agentToken)).json<{ records: Announcement[] }>().records.map((r) => r.title)).toEqual(["Aviso 20"]);
  });

  it("answers 401 without a session and 400 to a page that is no page", async () => {
    expect((await call("GET", "/announcements")).statusCode).toBe(401);
    expect(errorOf(await call("GET", "/announcements?pageNumber=0", a.agentToken))).toEqual({ status: 400, error: "ERR_VALIDATION" });
  });
});

describe("GET /announcements/:id", () => {
  it("shows an active announcement to a user of any company, an inactive one only to super users", async () => {
    const active = await create();
    const inactive = await create({ status: false });
    expect((await call("GET", `/announcements/${active.id}`, b.agentToken)).json()).toEqual(active);
    for (const token of [a.adminToken, b.adminToken, b.agentToken]) {
      expect(errorOf(await call("GET", `/announcements/${inactive.id}`, token))).toEqual({ status: 404, error: "ERR_NO_ANNOUNCEMENT_FOUND" });
    }
    expect((await call("GET", `/announcements/${inactive.id}`, superToken)).json()).toEqual(inactive);
  });

  it("answers 404 for a missing announcement and 400 for an id that is no id", async () => {
    expect(errorOf(await call("GET", "/announcements/999", superToken))).toEqual({ status: 404, error: "ERR_NO_ANNOUNCEMENT_FOUND" });
    expect(errorOf(await call("GET", "/announcements/0", superToken))).toEqual({ status: 400, error: "ERR_VALIDATION" });
    expect(errorOf(await call("GET", "/announcements/abc", superToken))).toEqual({ status: 404, error: "ERR_NOT_FOUND" });
  });
});

describe("PUT /announcements/:id", () => {
  it("replaces the fields for a super user and tells whether it was active before", async () => {
    const created = await create();
    t.published.length = 0;
    const response = await call("PUT", `/announcements/${created.id}`, superToken, body({ title: "Manutenção adiada", priority: 2, status: false }));
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<Announcement>();
    expect(updated).toMatchObject({ id: created.id, title: "Manutenção adiada", priority: 2, status: false });
    expect(await row(created.id)).toMatchObject({ title: "Manutenção adiada", priority: 2, status: false });
    expect(events()).toEqual([{ action: "update", announcement: updated, previousStatus: true }]);
  });

  it("refuses admins and attendants with 403 and changes nothing; 404 for a missing one; 400 for bad input", async () => {
    const created = await create();
    for (const token of [a.adminToken, b.agentToken]) {
      expect(errorOf(await call("PUT", `/announcements/${created.id}`, token, body({ title: "Invadido" })))).toEqual({ status: 403, error: "ERR_NO_PERMISSION" });
    }
    expect(await row(created.id)).toMatchObject({ title: body().title });
    expect(errorOf(await call("PUT", "/announcements/999", superToken, body()))).toEqual({ status: 404, error: "ERR_NO_ANNOUNCEMENT_FOUND" });
    expect(errorOf(await call("PUT", `/announcements/${created.id}`, superToken, body({ text: "" })))).toEqual({ status: 400, error: "ERR_VALIDATION" });
  });
});

describe("DELETE /announcements/:id", () => {
  it("deletes the announcement and its image for a super user", async () => {
    const created = await create();
    const withImage = (await upload(created.id, superToken)).json<Announcement>();
    t.published.length = 0;
    const response = await call("DELETE", `/announcements/${created.id}`, superToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(await row(created.id)).toBeUndefined();
    expect(await stored(fileOf(withImage))).toBeUndefined();
    expect(events()).toEqual([{ action: "delete", announcement: withImage }]);
  });

  it("refuses admins and attendants with 403 and keeps it; 404 for a missing one", async () => {
    const created = await create();
    for (const token of [a.adminToken, a.agentToken]) expect(errorOf(await call("DELETE", `/announcements/${created.id}`, token))).toEqual({ status: 403, error: "ERR_NO_PERMISSION" });
    expect(await row(created.id)).toBeDefined();
    expect(errorOf(await call("DELETE", "/announcements/999", superToken))).toEqual({ status: 404, error: "ERR_NO_ANNOUNCEMENT_FOUND" });
  });
});

describe("POST and DELETE /announcements/:id/media-upload", () => {
  it("attaches a png or a jpeg in the installation's folder, replacing the earlier one, and removes it", async () => {
    const created = await create();
    const first = await upload(created.id, superToken);
    expect(first.statusCode, first.body).toBe(200);
    const withPng = first.json<Announcement>();
    expect(withPng).toMatchObject({ mediaName: "aviso.png", mediaPath: expect.stringMatching(/^\/media\/announcements\/[0-9a-f]{32}\.png$/) });
    expect(await stored(fileOf(withPng))).toMatchObject({ mime: "image/png" });
    expect(await t.platform.media.resolve(a.company.id, fileOf(withPng))).toBeUndefined();

    const withJpeg = (await upload(created.id, superToken, { name: "foto.jpeg", content: JPEG, type: "image/jpeg" })).json<Announcement>();
    expect(withJpeg).toMatchObject({ mediaName: "foto.jpeg", mediaPath: expect.stringMatching(/\.jpg$/) });
    expect(await stored(fileOf(withPng))).toBeUndefined();

    const removed = await call("DELETE", `/announcements/${created.id}/media-upload`, superToken);
    expect(removed.json()).toMatchObject({ mediaPath: null, mediaName: null });
    expect(await stored(fileOf(withJpeg))).toBeUndefined();
    expect(await row(created.id)).toMatchObject({ mediaPath: null, mediaName: null });
  });

  it.each([
    ["text named .png", { name: "aviso.png", content: Buffer.from("<html><script>alert(1)</script></html>"), type: "image/png" }],
    ["a PDF named .jpg", { name: "aviso.jpg", content: Buffer.from("%PDF-1.4\n%probe\n"), type: "image/jpeg" }],
    ["a GIF", { name: "aviso.gif", content: Buffer.from("GIF89a\x01\x00\x01\x00", "latin1"), type: "image/gif" }],
  ])("refuses %s with ERR_MEDIA_TYPE_NOT_ALLOWED and keeps no file", async (_label, file) => {
    const created = await create();
    expect(errorOf(await upload(created.id, superToken, file))).toEqual({ status: 400, error: "ERR_MEDIA_TYPE_NOT_ALLOWED" });
    expect(await row(created.id)).toMatchObject({ mediaPath: null });
  });

  it("refuses admins and attendants with 403 before reading the file, and answers 404 for a missing announcement", async () => {
    const created = await create();
    for (const token of [a.adminToken, b.agentToken]) {
      expect(errorOf(await upload(created.id, token))).toEqual({ status: 403, error: "ERR_NO_PERMISSION" });
      expect(errorOf(await call("DELETE", `/announcements/${created.id}/media-upload`, token))).toEqual({ status: 403, error: "ERR_NO_PERMISSION" });
    }
    expect(await row(created.id)).toMatchObject({ mediaPath: null });
    expect(errorOf(await upload(999, superToken))).toEqual({ status: 404, error: "ERR_NO_ANNOUNCEMENT_FOUND" });
  });
});

describe("the audit log", () => {
  const entriesOf = async (id: number) =>
    (await t.db.select().from(auditLogs).where(eq(auditLogs.targetType, "announcement")).orderBy(auditLogs.id)).filter((entry) => entry.targetId === String(id));

  it("records an announcement's creation, change, picture and deletion as the installation's, with the changed fields only", async () => {
    const created = await create();
    expect((await call("PUT", `/announcements/${created.id}`, superToken, body({ priority: 2 }))).statusCode).toBe(200);
    const withPng = (await upload(created.id, superToken)).json<Announcement>();
    expect((await call("DELETE", `/announcements/${created.id}/media-upload`, superToken)).statusCode).toBe(200);
    expect((await call("DELETE", `/announcements/${created.id}`, superToken)).statusCode).toBe(200);

    const entries = await entriesOf(created.id);
    expect(entries.map((entry) => [entry.action, entry.companyId, entry.actorKind])).toEqual([
      ["announcement.create", null, "provider"],
      ["announcement.update", null, "provider"],
      ["announcement.update", null, "provider"],
      ["announcement.update", null, "provider"],
      ["announcement.delete", null, "provider"],
    ]);
    const [creation, change, attached, removed, deletion] = entries;
    expect(creation!.changes).toMatchObject({ title: { before: null, after: "Manutenção programada" }, priority: { before: null, after: 1 } });
    expect(change!.changes).toEqual({ priority: { before: 1, after: 2 } });
    expect(attached!.changes).toEqual({ mediaPath: { before: null, after: fileOf(withPng) }, mediaName: { before: null, after: "aviso.png" } });
    expect(removed!.changes).toEqual({ mediaPath: { before: fileOf(withPng), after: null }, mediaName: { before: "aviso.png", after: null } });
    expect(deletion!.changes).toEqual({ title: { before: "Manutenção programada", after: null } });
  });

  it("writes no entry and keeps no file for a picture the announcement's type refuses", async () => {
    const created = await create();
    await upload(created.id, superToken, { name: "aviso.gif", content: Buffer.from("GIF89a", "latin1"), type: "image/gif" });
    expect((await entriesOf(created.id)).map((entry) => entry.action)).toEqual(["announcement.create"]);
  });
});

describe("GET /media/announcements/:fileName", () => {
  it("serves an active announcement's image to every user of every company, never cached", async () => {
    const created = await create();
    const fileName = fileOf((await upload(created.id, superToken)).json<Announcement>());
    for (const token of [b.agentToken, b.adminToken, a.agentToken, superToken]) {
      const response = await call("GET", `/media/announcements/${fileName}`, token);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(PNG)).toBe(true);
      expect(response.headers["cache-control"]).toBe("private, no-store");
      expect(response.headers["content-type"]).toBe("image/png");
    }
    expect((await call("GET", `/media/announcements/${fileName}`)).statusCode).toBe(401);
  });

  it("hides an inactive announcement's image from all but super users with 404", async () => {
    const created = await create({ status: false });
    const fileName = fileOf((await upload(created.id, superToken)).json<Announcement>());
    for (const token of [b.agentToken, a.adminToken]) expect(errorOf(await call("GET", `/media/announcements/${fileName}`, token))).toEqual({ status: 404, error: "ERR_NOT_FOUND" });
    expect((await call("GET", `/media/announcements/${fileName}`, superToken)).statusCode).toBe(200);
  });

  it("keeps company files and installation files apart, in both directions", async () => {
    const companyFile = (await t.platform.media.save(b.company.id, PNG, "empresa.png")).fileName;
    const created = await create();
    const announcementFile = fileOf((await upload(created.id, superToken)).json<Announcement>());
    // A company file, even one an announcement row were made to name, is never served from the installation's route.
    await t.db.update(announcements).set({ mediaPath: companyFile }).where(eq(announcements.id, (await create()).id));
    expect(errorOf(await call("GET", `/media/announcements/${companyFile}`, b.adminToken))).toEqual({ status: 404, error: "ERR_NOT_FOUND" });
    // The announcement's image is not a company file: the company route does not find it.
    expect(errorOf(await call("GET", `/media/${announcementFile}`, a.adminToken))).toEqual({ status: 404, error: "ERR_NOT_FOUND" });
    // A stored installation file that no announcement names is not served.
    const orphan = (await t.platform.media.save(INSTALLATION_MEDIA, PNG, "solto.png")).fileName;
    expect(errorOf(await call("GET", `/media/announcements/${orphan}`, superToken))).toEqual({ status: 404, error: "ERR_NOT_FOUND" });
    expect((await call("GET", `/media/announcements/..%2F${b.company.id}%2F${companyFile}`, b.adminToken)).statusCode).toBeGreaterThanOrEqual(400);
  });
});

describe("company-announcement", () => {
  const sockets: Socket[] = [];
  let url: string;
  beforeEach(async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });

  async function listen(token: string): Promise<unknown[]> {
    const socket = connect(url, { auth: { token }, transports: ["websocket"], reconnection: false, forceNew: true });
    sockets.push(socket);
    const received: unknown[] = [];
    socket.on(ANNOUNCEMENT_EVENT, (payload: unknown) => received.push(payload));
    await new Promise<void>((resolve, reject) => {
      socket.once("ready", () => resolve());
      socket.once("connect_error", reject);
    });
    return received;
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

  it("reaches every user of every company live; an inactive one only super users, and leaves the others' popovers", async () => {
    const otherCompany = await listen(b.agentToken);
    const sameCompany = await listen(a.agentToken);
    const superUser = await listen(superToken);

    const active = await create({ title: "Para todos" });
    await settle();
    for (const received of [otherCompany, sameCompany, superUser]) expect(received).toEqual([{ action: "create", record: active }]);

    const draft = await create({ title: "Rascunho", status: false });
    await settle();
    expect(superUser.at(-1)).toEqual({ action: "create", record: draft });
    expect(otherCompany).toHaveLength(1);

    const hidden = (await call("PUT", `/announcements/${active.id}`, superToken, body({ title: "Para todos", status: false }))).json<Announcement>();
    await settle();
    expect(superUser.at(-1)).toEqual({ action: "update", record: hidden });
    for (const received of [otherCompany, sameCompany]) expect(received.at(-1)).toEqual({ action: "delete", id: active.id });
    expect(JSON.stringify(otherCompany)).not.toContain("Rascunho");

    const shown = (await call("PUT", `/announcements/${draft.id}`, superToken, body({ title: "Publicado", status: true }))).json<Announcement>();
    await settle();
    for (const received of [otherCompany, sameCompany, superUser]) expect(received.at(-1)).toEqual({ action: "update", record: shown });

    await call("DELETE", `/announcements/${draft.id}`, superToken);
    await call("DELETE", `/announcements/${active.id}`, superToken);
    await settle();
    expect(otherCompany.slice(-1)).toEqual([{ action: "delete", id: draft.id }]);
    expect(superUser.slice(-2)).toEqual([
      { action: "delete", id: draft.id },
      { action: "delete", id: active.id },
    ]);
  });

  it("follows a user's super flag: made super, the socket receives inactive announcements", async () => {
    const plain = await createUser(t.db, { companyId: a.company.id, profile: "admin", name: "Futuro Super" });
    const received = await listen((await loginAs(t.app, plain.email)).token);
    await create({ title: "Antes", status: false });
    await settle();
    expect(received).toEqual([]);
    expect((await call("PUT", `/users/${plain.id}`, superToken, { name: plain.name, email: plain.email, super: true })).statusCode).toBe(200);
    await settle();
    const after = await create({ title: "Depois", status: false });
    await settle();
    expect(received).toEqual([{ action: "create", record: after }]);
  });
});
