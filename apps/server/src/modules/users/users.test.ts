import { and, asc, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditLogs, contacts, plans, tickets, userQueues, users } from "../../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { createConnectionRow, createQueue } from "../../../test/engine-harness.ts";
import { DEFAULT_PASSWORD, bearer, createCompany, createTenant, createUser, loginAs } from "../../../test/factories.ts";

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

const send = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token?: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload });

async function rowsOf(companyId: number) {
  return t.db.select().from(users).where(eq(users.companyId, companyId)).orderBy(asc(users.id));
}

async function queueIdsOf(userId: number) {
  const rows = await t.db.select({ queueId: userQueues.queueId }).from(userQueues).where(eq(userQueues.userId, userId));
  return rows.map((row) => row.queueId).sort((x, y) => x - y);
}

function recordEvents(action: "create" | "update" | "delete") {
  return t.published.flatMap((event) => (event.name === "record.changed" && event.payload.channel === "user" && event.payload.action === action ? [event.payload] : []));
}

const newUser = (overrides: Record<string, unknown> = {}) => ({ name: "Carla Nova", email: `carla-${Math.random().toString(36).slice(2, 8)}@example.com`, password: "Senha-123", ...overrides });

describe("GET /users", () => {
  it("lists the company's users by name with their queues, never a password", async () => {
    const vendas = await createQueue(t.db, a.company.id, { name: "Vendas", color: "#00ff00" });
    await t.db.insert(userQueues).values({ companyId: a.company.id, userId: a.agent.id, queueId: vendas.id });
    await t.db.update(users).set({ online: true }).where(eq(users.id, a.agent.id));

    const response = await send("GET", "/users", a.adminToken);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      count: 2,
      hasMore: false,
      users: [
        { id: a.admin.id, name: "Ana Admin", email: a.admin.email, profile: "admin", allTicket: "desabled", whatsappId: null, super: false, online: false, queues: [] },
        { id: a.agent.id, name: "Beto Atendente", profile: "user", online: true, queues: [{ id: vendas.id, name: "Vendas", color: "#00ff00" }] },
      ],
    });
    expect(response.body).not.toContain("argon2");
    expect(response.json().users[0]).not.toHaveProperty("passwordHash");
  });

  it("searches name and e-mail without regard to case or accents", async () => {
    await createUser(t.db, { companyId: a.company.id, name: "José Álvares" });
    await createUser(t.db, { companyId: a.company.id, name: "Outra Pessoa", email: "MARIA.souza@example.com" });
    await createUser(t.db, { companyId: b.company.id, name: "Jose Alvares de B" });

    const byName = await send("GET", "/users?searchParam=jose%20alvares", a.adminToken);
    const byEmail = await send("GET", "/users?searchParam=maria.souza", a.adminToken);

    expect(byName.json().users.map((u: { name: string }) => u.name)).toEqual(["José Álvares"]);
    expect(byEmail.json()).toMatchObject({ count: 1, users: [{ name: "Outra Pessoa" }] });
  });

  it("pages by 20 with hasMore and count", async () => {
    for (let i = 0; i < 20; i++) await createUser(t.db, { companyId: a.company.id, name: `Pessoa ${String(i).padStart(2, "0")}` });

    const first = await send("GET", "/users?pageNumber=1", a.adminToken);
    const second = await send("GET", "/users?pageNumber=2", a.adminToken);

    expect(first.json()).toMatchObject({ count: 22, hasMore: true });
    expect(first.json().users).toHaveLength(20);
    expect(second.json()).toMatchObject({ count: 22, hasMore: false });
    expect(second.json().users).toHaveLength(2);
  });

  it("answers 401 without a session, 400 for a bad query and ERR_NO_PERMISSION to a user-profile account", async () => {
    expect((await send("GET", "/users")).statusCode).toBe(401);
    const bad = await send("GET", "/users?pageNumber=0", a.adminToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: "ERR_VALIDATION" });
    const agent = await send("GET", "/users", a.agentToken);
    expect(agent.statusCode).toBe(403);
    expect(agent.json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
  });
});

describe("GET /users/list", () => {
  it("lists the company's users for pickers to any profile, without e-mails", async () => {
    const response = await send("GET", `/users/list?companyId=${b.company.id}`, a.agentToken);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: a.admin.id, name: "Ana Admin", profile: "admin", online: false, queues: [] },
      { id: a.agent.id, name: "Beto Atendente", profile: "user", online: false, queues: [] },
    ]);
  });
});

describe("GET /users/:id", () => {
  it("shows an admin any user of the company and a user-profile account only itself", async () => {
    expect((await send("GET", `/users/${a.agent.id}`, a.adminToken)).json()).toMatchObject({ id: a.agent.id, email: a.agent.email });
    expect((await send("GET", `/users/${a.agent.id}`, a.agentToken)).json()).toMatchObject({ id: a.agent.id, name: "Beto Atendente" });
    const other = await send("GET", `/users/${a.admin.id}`, a.agentToken);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
  });

  it("answers 404 for another company's user, 401 without a session and 400 for a bad id", async () => {
    const response = await send("GET", `/users/${b.agent.id}`, a.adminToken);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: "ERR_NO_USER_FOUND" });
    expect((await send("GET", `/users/${a.agent.id}`)).statusCode).toBe(401);
    expect((await send("GET", "/users/abc", a.adminToken)).statusCode).toBe(404);
    expect((await send("GET", "/users/0", a.adminToken)).statusCode).toBe(400);
  });
});

describe("POST /users", () => {
  it("creates a user with a hashed password, queues and defaults, who can then log in", async () => {
    const vendas = await createQueue(t.db, a.company.id, { name: "Vendas" });
    const connection = await createConnectionRow(t.db, a.company.id);
    const email = `Nova.Pessoa-${Date.now()}@Example.com`;

    const response = await send("POST", "/users", a.adminToken, { name: "  Nova Pessoa ", email, password: "Senha-123", queueIds: [vendas.id, vendas.id], whatsappId: connection.id });

    expect(response.statusCode).toBe(200);
    const created = response.json();
    expect(created).toMatchObject({ name: "Nova Pessoa", email: email.toLowerCase(), profile: "user", allTicket: "desabled", whatsappId: connection.id, companyId: a.company.id });
    expect(created.queues.map((q: { id: number }) => q.id)).toEqual([vendas.id]);
    expect(response.body).not.toContain("Senha-123");
    const [row] = await t.db.select().from(users).where(eq(users.id, created.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await queueIdsOf(created.id)).toEqual([vendas.id]);
    expect(recordEvents("create")).toEqual([{ companyId: a.company.id, channel: "user", action: "create", record: created }]);
    expect((await loginAs(t.app, email.toLowerCase(), "Senha-123")).user.id).toBe(created.id);
  });

  it("answers 400 for a short name or password, a bad e-mail or an unknown field, and writes nothing", async () => {
    for (const payload of [newUser({ name: "A" }), newUser({ password: "1234" }), newUser({ password: "x".repeat(51) }), newUser({ email: "nope" }), newUser({ companyUuid: b.company.id })]) {
      const response = await send("POST", "/users", a.adminToken, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: "ERR_VALIDATION" });
    }
    expect(await rowsOf(a.company.id)).toHaveLength(2);
  });

  it("answers 401 without a session and ERR_NO_PERMISSION to a user-profile account", async () => {
    expect((await send("POST", "/users", undefined, newUser())).statusCode).toBe(401);
    const response = await send("POST", "/users", a.agentToken, newUser());
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    expect(await rowsOf(a.company.id)).toHaveLength(2);
  });

  it("refuses a user beyond the plan's limit with ERR_USER_LIMIT", async () => {
    await t.db.update(plans).set({ users: 3 }).where(eq(plans.id, a.company.plan.id));
    expect((await send("POST", "/users", a.adminToken, newUser())).statusCode).toBe(200);

    const response = await send("POST", "/users", a.adminToken, newUser());

    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: "ERR_USER_LIMIT" });
    expect(await rowsOf(a.company.id)).toHaveLength(3);
  });

  it("refuses an e-mail any user already has, whatever its case or company, with ERR_EMAIL_ALREADY_EXISTS", async () => {
    const response = await send("POST", "/users", a.adminToken, newUser({ email: b.agent.email.toUpperCase() }));

    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: "ERR_EMAIL_ALREADY_EXISTS" });
    expect(await rowsOf(a.company.id)).toHaveLength(2);
  });

  it("answers 404 for another company's queue or connection and writes nothing", async () => {
    const theirQueue = await createQueue(t.db, b.company.id, { name: "Deles" });
    const theirConnection = await createConnectionRow(t.db, b.company.id);

    const byQueue = await send("POST", "/users", a.adminToken, newUser({ queueIds: [theirQueue.id] }));
    const byConnection = await send("POST", "/users", a.adminToken, newUser({ whatsappId: theirConnection.id }));

    expect(byQueue.statusCode).toBe(404);
    expect(byQueue.json()).toMatchObject({ error: "ERR_NO_QUEUE_FOUND" });
    expect(byConnection.statusCode).toBe(404);
    expect(byConnection.json()).toMatchObject({ error: "ERR_NO_WAPP_FOUND" });
    expect(await rowsOf(a.company.id)).toHaveLength(2);
    expect(recordEvents("create")).toEqual([]);
  });
});

describe("PUT /users/:id", () => {
  const agentBody = (overrides: Record<string, unknown> = {}) => ({ name: "Beto Atendente", email: a.agent.email, ...overrides });

  it("lets an admin change a user's profile, queues, default connection and allTicket", async () => {
    const vendas = await createQueue(t.db, a.company.id, { name: "Vendas" });
    const suporte = await createQueue(t.db, a.company.id, { name: "Suporte" });
    const connection = await createConnectionRow(t.db, a.company.id);

    const response = await send("PUT", `/users/${a.agent.id}`, a.adminToken, agentBody({ name: "Beto Gerente", profile: "admin", queueIds: [suporte.id, vendas.id], whatsappId: connection.id, allTicket: "enabled" }));

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: "Beto Gerente", profile: "admin", whatsappId: connection.id, allTicket: "enabled" });
    expect(await queueIdsOf(a.agent.id)).toEqual([vendas.id, suporte.id].sort((x, y) => x - y));
    expect(recordEvents("update")).toEqual([{ companyId: a.company.id, channel: "user", action: "update", record: response.json() }]);
  });

  it("lets a user-profile account change its own name, e-mail and password, keeping its session", async () => {
    const email = `beto-${Date.now()}@example.com`;

    const response = await send("PUT", `/users/${a.agent.id}`, a.agentToken, { name: "Beto Silva", email, password: "Nova-senha-1", currentPassword: DEFAULT_PASSWORD });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: "Beto Silva", email, profile: "user" });
    expect((await send("GET", `/users/${a.agent.id}`, a.agentToken)).statusCode).toBe(200);
    expect(t.published.some((event) => event.name === "session.ended")).toBe(false);
    expect((await loginAs(t.app, email, "Nova-senha-1")).user.id).toBe(a.agent.id);
  });

  it("accepts the guarded fields from a user-profile account when they are unchanged", async () => {
    const vendas = await createQueue(t.db, a.company.id, { name: "Vendas" });
    await t.db.insert(userQueues).values({ companyId: a.company.id, userId: a.agent.id, queueId: vendas.id });

    const response = await send("PUT", `/users/${a.agent.id}`, a.agentToken, agentBody({ profile: "user", queueIds: [vendas.id], whatsappId: null, allTicket: "desabled", password: "" }));

    expect(response.statusCode).toBe(200);
  });

  it("refuses a user-profile account's change of its profile, queues, connection or allTicket, and of another user", async () => {
    const vendas = await createQueue(t.db, a.company.id, { name: "Vendas" });
    const connection = await createConnectionRow(t.db, a.company.id);
    const before = await rowsOf(a.company.id);

    for (const body of [agentBody({ profile: "admin" }), agentBody({ queueIds: [vendas.id] }), agentBody({ whatsappId: connection.id }), agentBody({ allTicket: "enabled" })]) {
      const response = await send("PUT", `/users/${a.agent.id}`, a.agentToken, body);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    }
    const other = await send("PUT", `/users/${a.admin.id}`, a.agentToken, { name: "Hacked", email: a.admin.email });
    expect(other.statusCode).toBe(403);
    expect(await rowsOf(a.company.id)).toEqual(before);
    expect(await queueIdsOf(a.agent.id)).toEqual([]);
  });

  it("keeps the password when it is left empty", async () => {
    const response = await send("PUT", `/users/${a.agent.id}`, a.adminToken, agentBody({ password: "" }));

    expect(response.statusCode).toBe(200);
    expect((await loginAs(t.app, a.agent.email)).user.id).toBe(a.agent.id);
  });

  it("ends the user's session when an admin sets a new password", async () => {
    const response = await send("PUT", `/users/${a.agent.id}`, a.adminToken, agentBody({ password: "Trocada-1" }));

    expect(response.statusCode).toBe(200);
    expect((await send("GET", "/auth/me", a.agentToken)).statusCode).toBe(401);
    expect(t.published).toContainEqual({ name: "session.ended", payload: { companyId: a.company.id, userId: a.agent.id } });
    expect((await loginAs(t.app, a.agent.email, "Trocada-1")).user.id).toBe(a.agent.id);
  });

  it("refuses to demote the company's last admin with ERR_LAST_ADMIN", async () => {
    const response = await send("PUT", `/users/${a.admin.id}`, a.adminToken, { name: "Ana Admin", email: a.admin.email, profile: "user" });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: "ERR_LAST_ADMIN" });
    expect((await rowsOf(a.company.id)).find((row) => row.id === a.admin.id)?.profile).toBe("admin");

    await createUser(t.db, { companyId: a.company.id, profile: "admin" });
    expect((await send("PUT", `/users/${a.admin.id}`, a.adminToken, { name: "Ana Admin", email: a.admin.email, profile: "user" })).statusCode).toBe(200);
  });

  it("refuses another user's e-mail with ERR_EMAIL_ALREADY_EXISTS", async () => {
    const response = await send("PUT", `/users/${a.agent.id}`, a.adminToken, agentBody({ email: a.admin.email.toUpperCase() }));

    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: "ERR_EMAIL_ALREADY_EXISTS" });
  });

  it("answers 404 for another company's user and leaves it unchanged", async () => {
    const before = await rowsOf(b.company.id);

    const response = await send("PUT", `/users/${b.agent.id}`, a.adminToken, { name: "Tomado", email: b.agent.email, profile: "admin" });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: "ERR_NO_USER_FOUND" });
    expect(await rowsOf(b.company.id)).toEqual(before);
    expect(recordEvents("update")).toEqual([]);
  });

  it("answers 401 without a session and 400 for bad input", async () => {
    expect((await send("PUT", `/users/${a.agent.id}`, undefined, agentBody())).statusCode).toBe(401);
    for (const body of [agentBody({ name: "B" }), agentBody({ password: "123" }), agentBody({ profile: "root" }), { name: "Sem e-mail" }]) {
      const response = await send("PUT", `/users/${a.agent.id}`, a.adminToken, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: "ERR_VALIDATION" });
    }
  });
});

describe("DELETE /users/:id", () => {
  it("deletes the user, refuses their token at once and returns their tickets to pending", async () => {
    const [contact] = await t.db.insert(contacts).values({ companyId: a.company.id, name: "Cliente", number: "5511988887777" }).returning();
    const [open] = await t.db.insert(tickets).values({ companyId: a.company.id, contactId: contact!.id, status: "open", userId: a.agent.id }).returning();

    const response = await send("DELETE", `/users/${a.agent.id}`, a.adminToken);

    expect(response.statusCode).toBe(200);
    expect(await rowsOf(a.company.id)).toHaveLength(1);
    expect((await send("GET", "/auth/me", a.agentToken)).statusCode).toBe(401);
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.id, open!.id));
    expect(ticket).toMatchObject({ status: "pending", userId: null });
    expect(t.published).toContainEqual({ name: "session.ended", payload: { companyId: a.company.id, userId: a.agent.id } });
    expect(t.published).toContainEqual({
      name: "ticket.updated",
      payload: { companyId: a.company.id, previousStatus: "open", ticket: expect.objectContaining({ id: open!.id, status: "pending", userId: null }) },
    });
    expect(recordEvents("delete")).toEqual([{ companyId: a.company.id, channel: "user", action: "delete", record: { id: a.agent.id } }]);
  });

  it("refuses to delete one's own user with ERR_CANNOT_DELETE_SELF", async () => {
    const response = await send("DELETE", `/users/${a.admin.id}`, a.adminToken);

    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: "ERR_CANNOT_DELETE_SELF" });
    expect(await rowsOf(a.company.id)).toHaveLength(2);
  });

  it("answers ERR_NO_PERMISSION to a user-profile account and 404 for another company's user, deleting nothing", async () => {
    const agent = await send("DELETE", `/users/${a.admin.id}`, a.agentToken);
    expect(agent.statusCode).toBe(403);
    expect(agent.json()).toMatchObject({ error: "ERR_NO_PERMISSION" });

    const other = await send("DELETE", `/users/${b.agent.id}`, a.adminToken);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ error: "ERR_NO_USER_FOUND" });
    expect(await rowsOf(a.company.id)).toHaveLength(2);
    expect(await rowsOf(b.company.id)).toHaveLength(2);
    expect(recordEvents("delete")).toEqual([]);
  });

  it("answers 401 without a session and 400 for a bad id", async () => {
    expect((await send("DELETE", `/users/${a.agent.id}`)).statusCode).toBe(401);
    expect((await send("DELETE", "/users/0", a.adminToken)).statusCode).toBe(400);
  });
});

describe("changing one's own password", () => {
  const ownBody = (overrides: Record<string, unknown> = {}) => ({ name: "Beto Atendente", email: a.agent.email, password: "Nova-senha-1", ...overrides });

  it("refuses a missing or wrong current password with ERR_WRONG_PASSWORD and keeps the old password", async () => {
    const before = await rowsOf(a.company.id);

    for (const body of [ownBody(), ownBody({ currentPassword: "" }), ownBody({ currentPassword: "not-the-password" })]) {
      const response = await send("PUT", `/users/${a.agent.id}`, a.agentToken, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: "ERR_WRONG_PASSWORD" });
    }
    expect(await rowsOf(a.company.id)).toEqual(before);
    expect((await loginAs(t.app, a.agent.email)).user.id).toBe(a.agent.id);
  });

  it("asks an admin for their own current password too, but not for another user's new password", async () => {
    const own = await send("PUT", `/users/${a.admin.id}`, a.adminToken, { name: "Ana Admin", email: a.admin.email, password: "Nova-senha-1" });
    const other = await send("PUT", `/users/${a.agent.id}`, a.adminToken, ownBody());

    expect(own.json()).toMatchObject({ error: "ERR_WRONG_PASSWORD" });
    expect(other.statusCode).toBe(200);
  });

  it("slows guesses of the current password like failed logins: after six wrong ones in a row the next waits", async () => {
    const before = await rowsOf(a.company.id);
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      const response = await send("PUT", `/users/${a.agent.id}`, a.agentToken, ownBody({ currentPassword: `guess-${attempt}` }));
      expect(response.json()).toMatchObject({ error: "ERR_WRONG_PASSWORD" });
    }
    const throttled = await send("PUT", `/users/${a.agent.id}`, a.agentToken, ownBody({ currentPassword: DEFAULT_PASSWORD }));

    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ error: "ERR_RATE_LIMITED" });
    expect(Number(throttled.headers["retry-after"])).toBeGreaterThan(0);
    expect(await rowsOf(a.company.id)).toEqual(before);
  });

  it("needs no current password when the password is left out or empty", async () => {
    const response = await send("PUT", `/users/${a.agent.id}`, a.agentToken, ownBody({ name: "Beto Novo", password: "" }));

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: "Beto Novo" });
  });
});

describe("super users", () => {
  let superUser: Awaited<ReturnType<typeof createUser>>;
  let superToken: string;
  beforeEach(async () => {
    superUser = await createUser(t.db, { companyId: a.company.id, profile: "admin", isSuper: true, name: "Sara Super" });
    superToken = (await loginAs(t.app, superUser.email)).token;
  });
  const superBody = (overrides: Record<string, unknown> = {}) => ({ name: "Sara Super", email: superUser.email, ...overrides });

  it("lets a plain admin list and read a super user of the company", async () => {
    const list = await send("GET", "/users", a.adminToken);
    const one = await send("GET", `/users/${superUser.id}`, a.adminToken);

    expect(list.json().users.map((u: { id: number }) => u.id)).toContain(superUser.id);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: superUser.id, super: true });
  });

  it("refuses a plain admin's change of a super user's password, e-mail, profile, queues or flag, changing nothing", async () => {
    const vendas = await createQueue(t.db, a.company.id, { name: "Vendas" });
    const before = await rowsOf(a.company.id);

    for (const body of [
      superBody({ password: "Tomada-123" }),
      superBody({ email: "attacker@example.com" }),
      superBody({ name: "Outro Nome" }),
      superBody({ profile: "user" }),
      superBody({ queueIds: [vendas.id] }),
      superBody({ super: false }),
      superBody(),
    ]) {
      const response = await send("PUT", `/users/${superUser.id}`, a.adminToken, body);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    }
    expect(await rowsOf(a.company.id)).toEqual(before);
    expect(await queueIdsOf(superUser.id)).toEqual([]);
    expect((await send("GET", "/auth/me", superToken)).statusCode).toBe(200);
  });

  it("refuses a plain admin's deletion of a super user and deletes nothing", async () => {
    const before = await rowsOf(a.company.id);

    const response = await send("DELETE", `/users/${superUser.id}`, a.adminToken);

    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    expect(await rowsOf(a.company.id)).toEqual(before);
  });

  it("refuses `super` from a plain admin on a create or an update, unless it is the current value", async () => {
    const before = await rowsOf(a.company.id);

    const created = await send("POST", "/users", a.adminToken, newUser({ super: true }));
    const promoted = await send("PUT", `/users/${a.agent.id}`, a.adminToken, { name: "Beto Atendente", email: a.agent.email, super: true });
    const self = await send("PUT", `/users/${a.admin.id}`, a.adminToken, { name: "Ana Admin", email: a.admin.email, super: true });

    for (const response of [created, promoted, self]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    }
    expect(await rowsOf(a.company.id)).toEqual(before);
    expect((await send("POST", "/users", a.adminToken, newUser({ super: false }))).json()).toMatchObject({ super: false });
    expect((await send("PUT", `/users/${a.agent.id}`, a.adminToken, { name: "Beto Atendente", email: a.agent.email, super: false })).statusCode).toBe(200);
  });

  it("lets a super user make, change, demote and delete super users", async () => {
    const other = await createUser(t.db, { companyId: a.company.id, profile: "admin", isSuper: true, name: "Otto Super" });

    const created = await send("POST", "/users", superToken, newUser({ super: true, profile: "admin" }));
    const changed = await send("PUT", `/users/${other.id}`, superToken, { name: "Otto Trocado", email: other.email, password: "Nova-senha-1" });
    const promoted = await send("PUT", `/users/${a.agent.id}`, superToken, { name: "Beto Atendente", email: a.agent.email, super: true });
    const demoted = await send("PUT", `/users/${a.agent.id}`, superToken, { name: "Beto Atendente", email: a.agent.email, super: false });
    const deleted = await send("DELETE", `/users/${other.id}`, superToken);

    expect(created.json()).toMatchObject({ super: true, profile: "admin" });
    expect(changed.json()).toMatchObject({ name: "Otto Trocado", super: true });
    expect(promoted.json()).toMatchObject({ super: true });
    expect(demoted.json()).toMatchObject({ super: false });
    expect(deleted.statusCode).toBe(200);
    expect((await rowsOf(a.company.id)).some((row) => row.id === other.id)).toBe(false);
  });

  it("refuses to demote the installation's last super user with ERR_LAST_SUPER, counting every company", async () => {
    const response = await send("PUT", `/users/${superUser.id}`, superToken, superBody({ super: false }));

    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: "ERR_LAST_SUPER" });
    expect((await rowsOf(a.company.id)).find((row) => row.id === superUser.id)?.isSuper).toBe(true);

    const toAttendant = await send("PUT", `/users/${superUser.id}`, superToken, superBody({ profile: "user" }));
    expect(toAttendant.json()).toMatchObject({ error: "ERR_LAST_SUPER" });
    expect((await rowsOf(a.company.id)).find((row) => row.id === superUser.id)).toMatchObject({ isSuper: true, profile: "admin" });

    await createUser(t.db, { companyId: b.company.id, profile: "admin", isSuper: true });
    const allowed = await send("PUT", `/users/${superUser.id}`, superToken, superBody({ super: false }));
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toMatchObject({ super: false });
  });

  it("keeps a super user an admin: making one makes an admin, demoting one to attendant ends both", async () => {
    const other = await createUser(t.db, { companyId: a.company.id, profile: "admin", isSuper: true, name: "Otto Super" });

    const promoted = await send("PUT", `/users/${a.agent.id}`, superToken, { name: "Beto Atendente", email: a.agent.email, super: true });
    const toAttendant = await send("PUT", `/users/${other.id}`, superToken, { name: "Otto Super", email: other.email, profile: "user" });
    const contradiction = await send("PUT", `/users/${a.agent.id}`, superToken, { name: "Beto Atendente", email: a.agent.email, super: true, profile: "user" });

    expect(promoted.json()).toMatchObject({ super: true, profile: "admin" });
    expect(toAttendant.json()).toMatchObject({ super: false, profile: "user" });
    expect(contradiction.statusCode).toBe(400);
    expect(contradiction.json()).toMatchObject({ error: "ERR_VALIDATION" });
  });

  it("lets only one of two concurrent demotions of the last two super users pass", async () => {
    const other = await createUser(t.db, { companyId: b.company.id, profile: "admin", isSuper: true, name: "Otto Super" });
    const otherToken = (await loginAs(t.app, other.email)).token;

    const [first, second] = await Promise.all([
      send("PUT", `/users/${superUser.id}`, superToken, superBody({ super: false })),
      send("PUT", `/users/${other.id}`, otherToken, { name: "Otto Super", email: other.email, super: false }),
    ]);

    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const supers = await t.db.select({ id: users.id }).from(users).where(eq(users.isSuper, true));
    expect(supers).toHaveLength(1);
  });

  it("refuses a plain admin's demotion of a super user with ERR_NO_PERMISSION even when other super users remain", async () => {
    await createUser(t.db, { companyId: b.company.id, profile: "admin", isSuper: true });

    const response = await send("PUT", `/users/${superUser.id}`, a.adminToken, superBody({ super: false }));

    expect(response.json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    expect((await rowsOf(a.company.id)).find((row) => row.id === superUser.id)?.isSuper).toBe(true);
  });
});

describe("PUT /users/:id with companyId", () => {
  it("accepts the user's own company as no change", async () => {
    const response = await send("PUT", `/users/${a.agent.id}`, a.adminToken, { name: "Beto Atendente", email: a.agent.email, companyId: a.company.id });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ companyId: a.company.id });
  });

  it("refuses another company with ERR_COMPANY_MISMATCH, to a super user too, and moves nobody", async () => {
    const superUser = await createUser(t.db, { companyId: a.company.id, profile: "admin", isSuper: true });
    const superToken = (await loginAs(t.app, superUser.email)).token;
    const other = await createCompany(t.db);
    const before = await rowsOf(a.company.id);

    for (const token of [a.adminToken, superToken]) {
      const response = await send("PUT", `/users/${a.agent.id}`, token, { name: "Beto Atendente", email: a.agent.email, companyId: other.id });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: "ERR_COMPANY_MISMATCH" });
    }
    expect(await rowsOf(a.company.id)).toEqual(before);
    expect(await rowsOf(other.id)).toEqual([]);
  });
});

describe("the audit log", () => {
  const entriesOf = (userId: number) =>
    // The user's administrative entries (their sign-ins are entries about them too).
    t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, "user"), eq(auditLogs.targetId, String(userId)), sql`${auditLogs.action} like 'user.%'`))
      .orderBy(asc(auditLogs.id));

  it("records a change of a user with the changed fields only, and a new password only as redacted", async () => {
    const response = await send("PUT", `/users/${a.agent.id}`, a.adminToken, { name: "Beto Gerente", email: a.agent.email, password: "Trocada-secreta-1" });
    expect(response.statusCode).toBe(200);

    const [entry] = await entriesOf(a.agent.id);
    expect(entry).toMatchObject({ action: "user.update", targetType: "user", companyId: a.company.id, userId: a.admin.id, actorKind: "user" });
    expect(entry!.ip).toBeTruthy();
    expect(entry!.changes).toEqual({
      name: { before: "Beto Atendente", after: "Beto Gerente" },
      password: { before: "[redacted]", after: "[redacted]" },
    });
    const stored = JSON.stringify(entry);
    expect(stored).not.toContain("Trocada-secreta-1");
    expect(stored).not.toContain("argon2");
  });

  it("records a creation with the new user's fields and a deletion with who it was, in the user's company", async () => {
    const created = await send("POST", "/users", a.adminToken, newUser({ name: "Dora Nova", password: "Senha-da-Dora-1" }));
    expect(created.statusCode).toBe(200);
    const { id } = created.json<{ id: number }>();
    expect((await send("DELETE", `/users/${id}`, a.adminToken)).statusCode).toBe(200);

    const [creation, deletion] = await entriesOf(id);
    expect(creation).toMatchObject({ action: "user.create", companyId: a.company.id });
    expect(creation!.changes).toMatchObject({ name: { before: null, after: "Dora Nova" }, profile: { before: null, after: "user" }, password: { before: null, after: "[redacted]" } });
    expect(JSON.stringify(creation)).not.toContain("Senha-da-Dora-1");
    expect(deletion).toMatchObject({ action: "user.delete", companyId: a.company.id });
    expect(deletion!.changes).toMatchObject({ name: { before: "Dora Nova", after: null } });
  });

  it("writes no entry for a refused change", async () => {
    expect((await send("PUT", `/users/${b.agent.id}`, a.adminToken, { name: "Outro", email: b.agent.email })).statusCode).toBe(404);
    expect(await entriesOf(b.agent.id)).toEqual([]);
  });
});
