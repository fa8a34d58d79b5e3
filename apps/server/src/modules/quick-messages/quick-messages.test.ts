import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { quickMessages } from "../../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { bearer, createTenant, createUser, loginAs } from "../../../test/factories.ts";

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c636000010000050001a5f645400000000049454e44ae426082", "hex");

let t: TestApp;
let a: Awaited<ReturnType<typeof createTenant>>;
let b: Awaited<ReturnType<typeof createTenant>>;
/** A second user-profile account of company a. */
let colleague: { id: number; token: string };

beforeEach(async () => {
  t = await buildTestApp();
  a = await createTenant(t.app, t.db);
  b = await createTenant(t.app, t.db);
  const user = await createUser(t.db, { companyId: a.company.id, name: "Carla Colega" });
  colleague = { id: user.id, token: (await loginAs(t.app, user.email)).token };
});
afterEach(async () => {
  await t.close();
});

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (method: Method, url: string, token?: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

async function insertQuick(companyId: number, values: Partial<typeof quickMessages.$inferInsert> & { shortcode: string }) {
  const [row] = await t.db.insert(quickMessages).values({ companyId, message: `Texto de ${values.shortcode}`, ...values }).returning();
  if (!row) throw new Error("quick message not created");
  return row;
}

const rowOf = async (id: number) => (await t.db.select().from(quickMessages).where(eq(quickMessages.id, id)))[0];
const events = () => t.published.flatMap((event) => (event.name === "record.changed" && event.payload.channel === "quickmessage" ? [event.payload] : []));
const shortcodes = (body: { records: { shortcode: string }[] }) => body.records.map((r) => r.shortcode);

function upload(token: string, id: number, file: { name: string; content: Buffer }, field = "file") {
  const boundary = "----conversa-quick-boundary";
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="typeArch"\r\n\r\nquickMessage\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\nContent-Type: image/png\r\n\r\n`),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({ method: "POST", url: `/quick-messages/${id}/media-upload`, payload, headers: { ...bearer(token), "content-type": `multipart/form-data; boundary=${boundary}` } });
}

describe("GET /quick-messages", () => {
  it("lists the company's shared replies and the caller's own, never another user's personal ones", async () => {
    await insertQuick(a.company.id, { shortcode: "bomdia", geral: true, userId: a.admin.id });
    await insertQuick(a.company.id, { shortcode: "meu", userId: a.agent.id });
    await insertQuick(a.company.id, { shortcode: "dacarla", userId: colleague.id });
    await insertQuick(a.company.id, { shortcode: "doadmin", userId: a.admin.id });
    await insertQuick(b.company.id, { shortcode: "alheio", geral: true });

    const agent = await call("GET", "/quick-messages", a.agentToken);
    const admin = await call("GET", "/quick-messages", a.adminToken);

    expect(agent.statusCode).toBe(200);
    expect(shortcodes(agent.json())).toEqual(["bomdia", "meu"]);
    expect(agent.json().hasMore).toBe(false);
    // Personal replies are private even from admins.
    expect(shortcodes(admin.json())).toEqual(["bomdia", "doadmin"]);
  });

  it("searches shortcode and message ignoring case, and pages by 20", async () => {
    for (let i = 0; i < 21; i += 1) await insertQuick(a.company.id, { shortcode: `r${String(i).padStart(2, "0")}`, message: "Entrega amanhã", geral: true });
    await insertQuick(a.company.id, { shortcode: "PRAZO", message: "Outro", geral: true });

    const byShortcode = (await call("GET", "/quick-messages?searchParam=prazo", a.agentToken)).json();
    const page1 = (await call("GET", "/quick-messages?searchParam=entrega&pageNumber=1", a.agentToken)).json();
    const page2 = (await call("GET", "/quick-messages?searchParam=entrega&pageNumber=2", a.agentToken)).json();

    expect(shortcodes(byShortcode)).toEqual(["PRAZO"]);
    expect(page1.records).toHaveLength(20);
    expect(page1.hasMore).toBe(true);
    expect(shortcodes(page2)).toEqual(["r20"]);
    expect(page2.hasMore).toBe(false);
  });

  it("answers 401 without a session and 400 for a bad page", async () => {
    expect((await call("GET", "/quick-messages")).statusCode).toBe(401);
    expect((await call("GET", "/quick-messages?pageNumber=-1", a.agentToken)).json()).toMatchObject({ error: "ERR_VALIDATION" });
  });
});

describe("GET /quick-messages/list", () => {
  it("keeps answering the active shared replies plus the caller's own for the conversation input", async () => {
    await insertQuick(a.company.id, { shortcode: "oi", geral: true });
    await insertQuick(a.company.id, { shortcode: "inativa", geral: true, status: false });
    await insertQuick(a.company.id, { shortcode: "meu", userId: a.agent.id });
    await insertQuick(a.company.id, { shortcode: "dacarla", userId: colleague.id });
    const replies = (await call("GET", "/quick-messages/list", a.agentToken)).json();
    expect(replies.map((r: { shortcode: string }) => r.shortcode)).toEqual(["meu", "oi"]);
  });
});

describe("GET /quick-messages/:id", () => {
  it("answers a shared reply to anyone of the company and a personal one to its owner", async () => {
    const shared = await insertQuick(a.company.id, { shortcode: "oi", geral: true, userId: a.admin.id });
    const mine = await insertQuick(a.company.id, { shortcode: "meu", userId: a.agent.id });
    expect((await call("GET", `/quick-messages/${shared.id}`, a.agentToken)).json()).toMatchObject({ id: shared.id, shortcode: "oi", geral: true, isMedia: false, mediaPath: null });
    expect((await call("GET", `/quick-messages/${mine.id}`, a.agentToken)).json()).toMatchObject({ id: mine.id, userId: a.agent.id });
  });

  it("answers 404 for another user's personal reply (also to an admin) and for another company's reply", async () => {
    const personal = await insertQuick(a.company.id, { shortcode: "dacarla", userId: colleague.id });
    const foreign = await insertQuick(b.company.id, { shortcode: "alheio", geral: true });
    for (const [url, token] of [
      [`/quick-messages/${personal.id}`, a.agentToken],
      [`/quick-messages/${personal.id}`, a.adminToken],
      [`/quick-messages/${foreign.id}`, a.adminToken],
    ] as const) {
      const response = await call("GET", url, token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: "ERR_NO_QUICK_MESSAGE_FOUND" });
    }
  });

  it("answers 401 without a session and 400 for a bad id", async () => {
    expect((await call("GET", "/quick-messages/1")).statusCode).toBe(401);
    expect((await call("GET", "/quick-messages/0", a.agentToken)).statusCode).toBe(400);
    expect((await call("GET", "/quick-messages/x", a.agentToken)).statusCode).toBe(404);
  });
});

describe("POST /quick-messages", () => {
  it("creates a personal reply owned by the caller and tells only the owner", async () => {
    t.published.length = 0;
    const response = await call("POST", "/quick-messages", a.agentToken, { shortcode: " pix ", message: "Nossa chave Pix é 123" });

    expect(response.statusCode).toBe(200);
    const quick = response.json();
    expect(quick).toEqual({ id: expect.any(Number), shortcode: "pix", message: "Nossa chave Pix é 123", geral: false, status: true, isMedia: false, mediaPath: null, mediaName: null, userId: a.agent.id });
    expect(await rowOf(quick.id)).toMatchObject({ companyId: a.company.id, userId: a.agent.id });
    expect(events()).toEqual([{ companyId: a.company.id, channel: "quickmessage", action: "create", record: quick, userId: a.agent.id }]);
    // The colleague never sees it.
    expect(shortcodes((await call("GET", "/quick-messages", colleague.token)).json())).toEqual([]);
  });

  it("creates a shared reply and tells the whole company", async () => {
    t.published.length = 0;
    const quick = (await call("POST", "/quick-messages", a.agentToken, { shortcode: "horario", message: "Atendemos das 8h às 18h", geral: true })).json();
    expect(events()).toEqual([{ companyId: a.company.id, channel: "quickmessage", action: "create", record: quick }]);
    expect(shortcodes((await call("GET", "/quick-messages", colleague.token)).json())).toEqual(["horario"]);
  });

  it.each([
    ["a missing shortcode", { message: "x" }],
    ["a blank shortcode", { shortcode: "   ", message: "x" }],
    ["a shortcode over 100 characters", { shortcode: "x".repeat(101) }],
    ["a non-boolean geral", { shortcode: "oi", geral: "yes" }],
    ["an unknown field", { shortcode: "oi", userId: 1 }],
  ])("answers 400 ERR_VALIDATION for %s and creates nothing", async (_label, payload) => {
    const response = await call("POST", "/quick-messages", a.agentToken, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_VALIDATION" });
    expect(await t.db.select().from(quickMessages).where(eq(quickMessages.companyId, a.company.id))).toHaveLength(0);
  });

  it("answers 401 without a session", async () => {
    expect((await call("POST", "/quick-messages", undefined, { shortcode: "oi" })).statusCode).toBe(401);
  });
});

describe("PUT /quick-messages/:id", () => {
  it("lets the owner change their reply and tells only them while it stays personal", async () => {
    const mine = await insertQuick(a.company.id, { shortcode: "meu", userId: a.agent.id });
    t.published.length = 0;
    const response = await call("PUT", `/quick-messages/${mine.id}`, a.agentToken, { shortcode: "meu2", message: "Novo texto" });
    expect(response.statusCode).toBe(200);
    expect(await rowOf(mine.id)).toMatchObject({ shortcode: "meu2", message: "Novo texto", geral: false });
    expect(events()).toEqual([{ companyId: a.company.id, channel: "quickmessage", action: "update", record: response.json(), userId: a.agent.id }]);
  });

  it("when the owner makes a shared reply personal, removes it from everyone's list and updates the owner's", async () => {
    const shared = await insertQuick(a.company.id, { shortcode: "oi", geral: true, userId: a.agent.id });
    t.published.length = 0;
    const response = await call("PUT", `/quick-messages/${shared.id}`, a.agentToken, { shortcode: "oi", message: "Só meu agora", geral: false });
    expect(events()).toEqual([
      { companyId: a.company.id, channel: "quickmessage", action: "delete", record: { id: shared.id } },
      { companyId: a.company.id, channel: "quickmessage", action: "update", record: response.json(), userId: a.agent.id },
    ]);
  });

  it("lets an admin edit someone else's shared reply but not make it personal", async () => {
    const shared = await insertQuick(a.company.id, { shortcode: "oi", geral: true, userId: a.agent.id });
    const edited = await call("PUT", `/quick-messages/${shared.id}`, a.adminToken, { shortcode: "ola", message: "Olá!", geral: true });
    expect(edited.statusCode).toBe(200);
    expect(await rowOf(shared.id)).toMatchObject({ shortcode: "ola", userId: a.agent.id });
    const unshared = await call("PUT", `/quick-messages/${shared.id}`, a.adminToken, { shortcode: "ola", message: "Olá!", geral: false });
    expect(unshared.json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    expect(await rowOf(shared.id)).toMatchObject({ geral: true });
  });

  it("answers ERR_NO_PERMISSION when a user-profile account edits someone else's shared reply", async () => {
    const shared = await insertQuick(a.company.id, { shortcode: "oi", geral: true, userId: a.admin.id });
    const response = await call("PUT", `/quick-messages/${shared.id}`, a.agentToken, { shortcode: "tomado", geral: true });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    expect(await rowOf(shared.id)).toMatchObject({ shortcode: "oi" });
  });

  it("answers 404 for another user's personal reply and for another company's, leaving them unchanged", async () => {
    const personal = await insertQuick(a.company.id, { shortcode: "dacarla", userId: colleague.id });
    const foreign = await insertQuick(b.company.id, { shortcode: "alheio", geral: true });
    for (const id of [personal.id, foreign.id]) {
      const response = await call("PUT", `/quick-messages/${id}`, a.adminToken, { shortcode: "tomado", geral: true });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: "ERR_NO_QUICK_MESSAGE_FOUND" });
    }
    expect(await rowOf(personal.id)).toMatchObject({ shortcode: "dacarla", geral: false });
    expect(await rowOf(foreign.id)).toMatchObject({ shortcode: "alheio" });
  });

  it("answers 400 for a blank shortcode and 401 without a session", async () => {
    const mine = await insertQuick(a.company.id, { shortcode: "meu", userId: a.agent.id });
    expect((await call("PUT", `/quick-messages/${mine.id}`, a.agentToken, { shortcode: "" })).json()).toMatchObject({ error: "ERR_VALIDATION" });
    expect((await call("PUT", `/quick-messages/${mine.id}`, undefined, { shortcode: "x" })).statusCode).toBe(401);
    expect(await rowOf(mine.id)).toMatchObject({ shortcode: "meu" });
  });
});

describe("DELETE /quick-messages/:id", () => {
  it("lets the owner delete a personal reply and tells only them", async () => {
    const mine = await insertQuick(a.company.id, { shortcode: "meu", userId: a.agent.id });
    t.published.length = 0;
    expect((await call("DELETE", `/quick-messages/${mine.id}`, a.agentToken)).statusCode).toBe(200);
    expect(await rowOf(mine.id)).toBeUndefined();
    expect(events()).toEqual([{ companyId: a.company.id, channel: "quickmessage", action: "delete", record: { id: mine.id }, userId: a.agent.id }]);
  });

  it("lets an admin delete a shared reply and tells the company; a user-profile account may not", async () => {
    const shared = await insertQuick(a.company.id, { shortcode: "oi", geral: true, userId: colleague.id });
    expect((await call("DELETE", `/quick-messages/${shared.id}`, a.agentToken)).json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    expect(await rowOf(shared.id)).toBeDefined();
    t.published.length = 0;
    expect((await call("DELETE", `/quick-messages/${shared.id}`, a.adminToken)).statusCode).toBe(200);
    expect(events()).toEqual([{ companyId: a.company.id, channel: "quickmessage", action: "delete", record: { id: shared.id } }]);
  });

  it("answers 404 for another user's personal reply and another company's, keeping them", async () => {
    const personal = await insertQuick(a.company.id, { shortcode: "dacarla", userId: colleague.id });
    const foreign = await insertQuick(b.company.id, { shortcode: "alheio", geral: true });
    for (const id of [personal.id, foreign.id]) {
      expect((await call("DELETE", `/quick-messages/${id}`, a.adminToken)).json()).toMatchObject({ error: "ERR_NO_QUICK_MESSAGE_FOUND" });
      expect(await rowOf(id)).toBeDefined();
    }
  });

  it("answers 401 without a session", async () => {
    const mine = await insertQuick(a.company.id, { shortcode: "meu", userId: a.agent.id });
    expect((await call("DELETE", `/quick-messages/${mine.id}`)).statusCode).toBe(401);
    expect(await rowOf(mine.id)).toBeDefined();
  });
});

describe("POST and DELETE /quick-messages/:id/media-upload", () => {
  it("attaches a file checked by content, names it without spaces, serves it, and replaces it on a new upload", async () => {
    const mine = await insertQuick(a.company.id, { shortcode: "catalogo", userId: a.agent.id });
    t.published.length = 0;

    const response = await upload(a.agentToken, mine.id, { name: "catálogo de verão.png", content: PNG });

    expect(response.statusCode).toBe(200);
    const quick = response.json();
    expect(quick).toMatchObject({ isMedia: true, mediaName: "catálogo_de_verão.png", mediaPath: expect.stringMatching(/^\/media\/[0-9a-f]{32}\.png$/) });
    expect(events()).toEqual([{ companyId: a.company.id, channel: "quickmessage", action: "update", record: quick, userId: a.agent.id }]);
    const served = await call("GET", quick.mediaPath, a.agentToken);
    expect(served.headers["content-type"]).toBe("image/png");

    const replaced = (await upload(a.agentToken, mine.id, { name: "novo.png", content: PNG })).json();
    expect(replaced.mediaPath).not.toBe(quick.mediaPath);
    expect((await call("GET", quick.mediaPath, a.agentToken)).statusCode).toBe(404);
  });

  it("refuses a file whose content is not an accepted media type and leaves the reply without media", async () => {
    const mine = await insertQuick(a.company.id, { shortcode: "catalogo", userId: a.agent.id });
    const response = await upload(a.agentToken, mine.id, { name: "foto.png", content: Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_MEDIA_TYPE_NOT_ALLOWED" });
    expect(await rowOf(mine.id)).toMatchObject({ isMedia: false, mediaPath: null });
  });

  it("answers 400 for a body without a file field", async () => {
    const mine = await insertQuick(a.company.id, { shortcode: "catalogo", userId: a.agent.id });
    expect((await upload(a.agentToken, mine.id, { name: "foto.png", content: PNG }, "medias")).json()).toMatchObject({ error: "ERR_VALIDATION" });
    expect((await call("POST", `/quick-messages/${mine.id}/media-upload`, a.agentToken, { file: "x" })).json()).toMatchObject({ error: "ERR_VALIDATION" });
  });

  it("answers 404 for another user's personal reply and ERR_NO_PERMISSION for someone else's shared one", async () => {
    const personal = await insertQuick(a.company.id, { shortcode: "dacarla", userId: colleague.id });
    const shared = await insertQuick(a.company.id, { shortcode: "oi", geral: true, userId: a.admin.id });
    expect((await upload(a.agentToken, personal.id, { name: "a.png", content: PNG })).json()).toMatchObject({ error: "ERR_NO_QUICK_MESSAGE_FOUND" });
    expect((await upload(a.agentToken, shared.id, { name: "a.png", content: PNG })).json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    expect(await rowOf(shared.id)).toMatchObject({ isMedia: false });
  });

  it("removes the attachment and its file", async () => {
    const mine = await insertQuick(a.company.id, { shortcode: "catalogo", userId: a.agent.id });
    const { mediaPath } = (await upload(a.agentToken, mine.id, { name: "a.png", content: PNG })).json();

    const response = await call("DELETE", `/quick-messages/${mine.id}/media-upload`, a.agentToken);

    expect(response.json()).toMatchObject({ isMedia: false, mediaPath: null, mediaName: null });
    expect((await call("GET", mediaPath, a.agentToken)).statusCode).toBe(404);
  });

  it("deletes the attachment's file with the reply", async () => {
    const mine = await insertQuick(a.company.id, { shortcode: "catalogo", userId: a.agent.id });
    const { mediaPath } = (await upload(a.agentToken, mine.id, { name: "a.png", content: PNG })).json();
    await call("DELETE", `/quick-messages/${mine.id}`, a.agentToken);
    expect((await call("GET", mediaPath, a.agentToken)).statusCode).toBe(404);
  });

  it("answers 404 for another company's reply and 401 without a session", async () => {
    const foreign = await insertQuick(b.company.id, { shortcode: "alheio", geral: true });
    expect((await call("DELETE", `/quick-messages/${foreign.id}/media-upload`, a.adminToken)).json()).toMatchObject({ error: "ERR_NO_QUICK_MESSAGE_FOUND" });
    expect((await call("DELETE", `/quick-messages/${foreign.id}/media-upload`)).statusCode).toBe(401);
  });
});
