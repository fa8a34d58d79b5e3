import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HELPS_PAGE_SIZE } from "@conversa/shared";
import { auditLogs, helps } from "../../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { bearer, createTenant, createUser, loginAs } from "../../../test/factories.ts";

let t: TestApp;
let a: Awaited<ReturnType<typeof createTenant>>;
let superToken: string;

beforeEach(async () => {
  t = await buildTestApp();
  a = await createTenant(t.app, t.db);
  const superUser = await createUser(t.db, { companyId: a.company.id, profile: "admin", isSuper: true, name: "Sara Super", email: "helps-super@example.com" });
  superToken = (await loginAs(t.app, superUser.email)).token;
});
afterEach(async () => {
  await t.close();
});

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (method: Method, url: string, token?: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

const body = (overrides: Record<string, unknown> = {}) => ({ title: "Abrindo um atendimento", video: "dQw4w9WgXcQ", description: "Como aceitar um ticket.", ...overrides });
const helpRow = async (id: number) => (await t.db.select().from(helps).where(eq(helps.id, id)))[0];
const helpCount = async () => (await t.db.select({ id: helps.id }).from(helps)).length;
const create = async (overrides: Record<string, unknown> = {}) => (await call("POST", "/helps", superToken, body(overrides))).json<{ id: number }>();

describe("POST /helps", () => {
  it("creates a help video for a super user", async () => {
    const response = await call("POST", "/helps", superToken, body());
    expect(response.statusCode, response.body).toBe(200);
    const help = response.json<{ id: number }>();
    expect(help).toEqual({ id: help.id, ...body() });
    expect(await helpRow(help.id)).toMatchObject(body());
  });

  it("keeps an empty description when none is given", async () => {
    const response = await call("POST", "/helps", superToken, { title: "Sem descrição", video: "abcDEF_-123" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ title: "Sem descrição", video: "abcDEF_-123", description: "" });
  });

  it.each([
    ["an admin", () => a.adminToken],
    ["a user-profile account", () => a.agentToken],
  ])("answers 403 ERR_NO_PERMISSION to %s and creates nothing", async (_label, token) => {
    const response = await call("POST", "/helps", token(), body());
    expect({ status: response.statusCode, error: response.json().error }).toEqual({ status: 403, error: "ERR_NO_PERMISSION" });
    expect(await helpCount()).toBe(0);
  });

  it("answers 401 without a session", async () => {
    expect((await call("POST", "/helps", undefined, body())).statusCode).toBe(401);
  });

  it.each([
    ["a full video URL", { video: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" }],
    ["a 10-character code", { video: "dQw4w9WgXc" }],
    ["a 12-character code", { video: "dQw4w9WgXcQQ" }],
    ["a code with a slash", { video: "dQw4w9/gXcQ" }],
    ["a code with markup", { video: '"><script>' }],
    ["a code with a query", { video: "dQw4w?a=1cQ" }],
    ["a one-letter title", { title: "A" }],
    ["a 101-character title", { title: "x".repeat(101) }],
    ["a 1001-character description", { description: "x".repeat(1001) }],
    ["a title as a number", { title: 12 }],
    ["an unknown field", { companyId: 1 }],
  ])("answers 400 ERR_VALIDATION to %s and creates nothing", async (_label, overrides) => {
    const response = await call("POST", "/helps", superToken, body(overrides));
    expect({ status: response.statusCode, error: response.json().error }).toEqual({ status: 400, error: "ERR_VALIDATION" });
    expect(await helpCount()).toBe(0);
  });
});

describe("PUT /helps/:id", () => {
  it("replaces the help video's fields", async () => {
    const created = await create();
    const response = await call("PUT", `/helps/${created.id}`, superToken, body({ title: "Transferindo", video: "AAAAAAAAAAA", description: "" }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ id: created.id, title: "Transferindo", video: "AAAAAAAAAAA", description: "" });
    expect(await helpRow(created.id)).toMatchObject({ title: "Transferindo", video: "AAAAAAAAAAA", description: "" });
  });

  it("answers 404 ERR_NO_HELP_FOUND for an unknown id", async () => {
    const response = await call("PUT", "/helps/2147483647", superToken, body());
    expect({ status: response.statusCode, error: response.json().error }).toEqual({ status: 404, error: "ERR_NO_HELP_FOUND" });
  });

  it.each([["2147483648"], ["99999999999999999999"], ["0"]])("answers 400 to the id %s", async (id) => {
    expect((await call("PUT", `/helps/${id}`, superToken, body())).statusCode).toBe(400);
  });

  it.each([["-1"], ["abc"]])("answers 404 ERR_NOT_FOUND to %s, which is no id", async (id) => {
    expect((await call("PUT", `/helps/${id}`, superToken, body())).json()).toMatchObject({ error: "ERR_NOT_FOUND" });
  });

  it.each([
    ["an admin", () => a.adminToken],
    ["a user-profile account", () => a.agentToken],
  ])("answers 403 ERR_NO_PERMISSION to %s and leaves the video as it was", async (_label, token) => {
    const created = await create();
    const response = await call("PUT", `/helps/${created.id}`, token(), body({ video: "evilevil123" }));
    expect({ status: response.statusCode, error: response.json().error }).toEqual({ status: 403, error: "ERR_NO_PERMISSION" });
    expect((await helpRow(created.id))?.video).toBe("dQw4w9WgXcQ");
  });

  it("answers 400 to a bad video code and keeps the stored one", async () => {
    const created = await create();
    const response = await call("PUT", `/helps/${created.id}`, superToken, body({ video: "javascript:alert(1)" }));
    expect(response.statusCode).toBe(400);
    expect((await helpRow(created.id))?.video).toBe("dQw4w9WgXcQ");
  });
});

describe("DELETE /helps/:id", () => {
  it("deletes a help video", async () => {
    const created = await create();
    const response = await call("DELETE", `/helps/${created.id}`, superToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(await helpRow(created.id)).toBeUndefined();
  });

  it("answers 404 ERR_NO_HELP_FOUND for an unknown id", async () => {
    const response = await call("DELETE", "/helps/2147483647", superToken);
    expect({ status: response.statusCode, error: response.json().error }).toEqual({ status: 404, error: "ERR_NO_HELP_FOUND" });
  });

  it.each([
    ["an admin", () => a.adminToken],
    ["a user-profile account", () => a.agentToken],
  ])("answers 403 ERR_NO_PERMISSION to %s and deletes nothing", async (_label, token) => {
    const created = await create();
    const response = await call("DELETE", `/helps/${created.id}`, token());
    expect({ status: response.statusCode, error: response.json().error }).toEqual({ status: 403, error: "ERR_NO_PERMISSION" });
    expect(await helpRow(created.id)).toBeDefined();
  });
});

describe("GET /helps/list and GET /helps", () => {
  it("answer 401 without a session", async () => {
    expect((await call("GET", "/helps/list")).statusCode).toBe(401);
    expect((await call("GET", "/helps")).statusCode).toBe(401);
  });

  it("list every help video by title to any user, of any company", async () => {
    await create({ title: "Zeta" });
    await create({ title: "Alfa" });
    const b = await createTenant(t.app, t.db);
    for (const token of [a.agentToken, a.adminToken, b.agentToken, superToken]) {
      const response = await call("GET", "/helps/list", token);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ title: string }[]>().map((help) => help.title)).toEqual(["Alfa", "Zeta"]);
    }
  });

  it("pages the help videos and searches them", async () => {
    for (let i = 0; i < HELPS_PAGE_SIZE + 3; i += 1) await create({ title: `Vídeo ${String(i).padStart(2, "0")}`, description: i === 7 ? "Sobre etiquetas" : "" });
    const first = (await call("GET", "/helps", a.agentToken)).json<{ helps: { title: string }[]; count: number; hasMore: boolean }>();
    expect(first.helps).toHaveLength(HELPS_PAGE_SIZE);
    expect(first.helps[0]?.title).toBe("Vídeo 00");
    expect({ count: first.count, hasMore: first.hasMore }).toEqual({ count: HELPS_PAGE_SIZE + 3, hasMore: true });
    const second = (await call("GET", "/helps?pageNumber=2", a.agentToken)).json<{ helps: { title: string }[]; hasMore: boolean }>();
    expect(second.helps.map((help) => help.title)).toEqual(["Vídeo 20", "Vídeo 21", "Vídeo 22"]);
    expect(second.hasMore).toBe(false);
    const search = (await call("GET", `/helps?searchParam=${encodeURIComponent("ETIQUETAS")}`, a.agentToken)).json<{ helps: { title: string }[]; count: number }>();
    expect(search).toMatchObject({ count: 1, helps: [{ title: "Vídeo 07" }] });
    const pattern = (await call("GET", "/helps?searchParam=%25", a.agentToken)).json<{ count: number }>();
    expect(pattern.count).toBe(0);
  });

  it("answers 400 to a page number out of range", async () => {
    expect((await call("GET", "/helps?pageNumber=0", a.agentToken)).statusCode).toBe(400);
    expect((await call("GET", "/helps?pageNumber=99999999999", a.agentToken)).statusCode).toBe(400);
  });
});

describe("the audit log", () => {
  it("records a help video's creation, change and deletion as the installation's, with the changed fields only", async () => {
    const { id } = await create();
    expect((await call("PUT", `/helps/${id}`, superToken, body({ title: "Aceitando um ticket" }))).statusCode).toBe(200);
    expect((await call("DELETE", `/helps/${id}`, superToken)).statusCode).toBe(200);

    const entries = await t.db.select().from(auditLogs).where(eq(auditLogs.targetType, "help")).orderBy(auditLogs.id);
    expect(entries).toMatchObject([
      { action: "help.create", companyId: null, actorKind: "provider", userName: "Sara Super", targetId: String(id) },
      { action: "help.update", companyId: null, targetId: String(id) },
      { action: "help.delete", companyId: null, targetId: String(id) },
    ]);
    expect(entries[0]!.changes).toMatchObject({ title: { before: null, after: "Abrindo um atendimento" }, video: { before: null, after: "dQw4w9WgXcQ" } });
    expect(entries[1]!.changes).toEqual({ title: { before: "Abrindo um atendimento", after: "Aceitando um ticket" } });
    expect(entries[2]!.changes).toEqual({ title: { before: "Aceitando um ticket", after: null } });
  });
});
