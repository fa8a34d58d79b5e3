/**
 * The contract with the previous generation's web client (4.8.2) and the integrations written against
 * its API (spec core §7, admin §7): what that client sends and what it reads back, one block per gap
 * it met (docs/compatibility.md).
 */
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { type Socket, io as connect } from "socket.io-client";
import { afterEach, describe, expect, it } from "vitest";
import { companyEvent } from "@conversa/shared";
import { connections, contacts, plans, queues, schedules, tickets, userQueues, users } from "../db/schema/index.ts";
import { acceptTicket } from "../engine/lifecycle.ts";
import { REFRESH_COOKIE } from "../modules/auth/auth.routes.ts";
import { REFRESH_GRACE_MS } from "../modules/auth/auth.service.ts";
import { type TestApp, buildTestApp } from "../../test/build-test-app.ts";
import { attachFakeDriver, createConnectionRow, inbound } from "../../test/engine-harness.ts";
import { bearer, createCompany, createPlan, createSimulatorConnection, createTenant, createUser, loginAs } from "../../test/factories.ts";

const FRONT = "https://front.lineage.example";
const STRANGER = "https://evil.example";

const apps: TestApp[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  for (const app of apps.splice(0)) await app.close();
});

async function appWith(...args: Parameters<typeof buildTestApp>): Promise<TestApp> {
  const t = await buildTestApp(...args);
  apps.push(t);
  return t;
}

async function listening(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

interface Seen {
  event: string;
  payload: Record<string, unknown>;
}

/** A socket as the lineage client opens it (token in the handshake), recording every event. */
async function watch(url: string, token: string): Promise<Seen[]> {
  const socket = connect(url, { auth: { token }, transports: ["websocket"], reconnection: false, forceNew: true });
  sockets.push(socket);
  const seen: Seen[] = [];
  socket.onAny((event: string, payload: Record<string, unknown>) => seen.push({ event, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once("ready", () => resolve());
    socket.once("connect_error", reject);
  });
  return seen;
}

function until(predicate: () => boolean, timeoutMs = 3000): Promise<void> {
  const start = Date.now();
  return new Promise((resolve, reject) => {
    const tick = () => {
      if (predicate()) return resolve();
      if (Date.now() - start > timeoutMs) return reject(new Error("condition not met in time"));
      setTimeout(tick, 25);
    };
    tick();
  });
}

const json = (token: string) => ({ ...bearer(token), "content-type": "application/json" });

describe("1. a web app on another origin", () => {
  it("gets its preflight answered with its exact origin, credentials, the API's methods and headers", async () => {
    const t = await appWith({ corsOrigins: [FRONT] });
    const preflight = await t.app.inject({
      method: "OPTIONS",
      url: "/auth/login",
      headers: { origin: FRONT, "access-control-request-method": "POST", "access-control-request-headers": "content-type,authorization" },
    });

    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe(FRONT);
    expect(preflight.headers["access-control-allow-credentials"]).toBe("true");
    const methods = String(preflight.headers["access-control-allow-methods"]).split(/\s*,\s*/);
    expect(methods).toEqual(expect.arrayContaining(["GET", "POST", "PUT", "DELETE"]));
    const allowed = String(preflight.headers["access-control-allow-headers"]).toLowerCase().split(/\s*,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(["authorization", "content-type"]));
  });

  it("reads the answers of its credentialed calls (login, then a bearer call) and their Retry-After", async () => {
    const t = await appWith({ corsOrigins: [FRONT] });
    const company = await createCompany(t.db);
    const user = await createUser(t.db, { companyId: company.id });
    const login = await t.app.inject({ method: "POST", url: "/auth/login", headers: { origin: FRONT }, payload: { email: user.email, password: "Secret-123" } });

    expect(login.statusCode).toBe(200);
    expect(login.headers["access-control-allow-origin"]).toBe(FRONT);
    expect(login.headers["access-control-allow-credentials"]).toBe("true");
    expect(String(login.headers.vary)).toMatch(/origin/i);
    expect(String(login.headers["access-control-expose-headers"]).toLowerCase()).toContain("retry-after");
    const me = await t.app.inject({ method: "GET", url: "/auth/me", headers: { origin: FRONT, ...bearer(login.json().token) } });
    expect(me.headers["access-control-allow-origin"]).toBe(FRONT);
    // An error answer is readable too (the client shows its code).
    const refused = await t.app.inject({ method: "GET", url: "/auth/me", headers: { origin: FRONT } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers["access-control-allow-origin"]).toBe(FRONT);
  });

  it("gives any other origin no CORS header at all, and none to anyone without the setting", async () => {
    const t = await appWith({ corsOrigins: [FRONT] });
    const plain = await appWith();
    for (const app of [t, plain]) {
      for (const origin of [STRANGER, "https://front.lineage.example.evil.example", "null"]) {
        const preflight = await app.app.inject({ method: "OPTIONS", url: "/auth/login", headers: { origin, "access-control-request-method": "POST" } });
        expect(preflight.statusCode).toBe(404);
        expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
        const call = await app.app.inject({ method: "GET", url: "/version", headers: { origin } });
        expect(call.headers["access-control-allow-origin"]).toBeUndefined();
        expect(call.headers["access-control-allow-credentials"]).toBeUndefined();
      }
    }
    const without = await plain.app.inject({ method: "OPTIONS", url: "/auth/login", headers: { origin: FRONT, "access-control-request-method": "POST" } });
    expect(without.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("opens the realtime channel from the allowed origin only (Socket.IO's polling handshake)", async () => {
    const t = await appWith({ corsOrigins: [FRONT] });
    const url = await listening(t);
    const allowed = await fetch(`${url}/socket.io/?EIO=4&transport=polling`, { headers: { origin: FRONT } });
    expect(allowed.headers.get("access-control-allow-origin")).toBe(FRONT);
    expect(allowed.headers.get("access-control-allow-credentials")).toBe("true");
    await allowed.text();
    const stranger = await fetch(`${url}/socket.io/?EIO=4&transport=polling`, { headers: { origin: STRANGER } });
    expect(stranger.headers.get("access-control-allow-origin")).toBeNull();
    await stranger.text();
  });

  it("keeps its refresh cookie with SameSite=None; Secure when so configured, and has it rotated only from its own or an allowed origin", async () => {
    const t = await appWith({ corsOrigins: [FRONT], refreshCookieSameSite: "none" });
    const company = await createCompany(t.db);
    const user = await createUser(t.db, { companyId: company.id });
    const login = await t.app.inject({ method: "POST", url: "/auth/login", headers: { origin: FRONT }, payload: { email: user.email, password: "Secret-123" } });
    const cookie = login.cookies.find((c) => c.name === REFRESH_COOKIE);
    expect(cookie).toMatchObject({ sameSite: "None", secure: true, httpOnly: true, path: "/auth" });

    const foreign = await t.app.inject({ method: "POST", url: "/auth/refresh_token", headers: { origin: STRANGER }, cookies: { [REFRESH_COOKIE]: cookie!.value } });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    expect(foreign.cookies.find((c) => c.name === REFRESH_COOKIE)).toBeUndefined();

    const front = await t.app.inject({ method: "POST", url: "/auth/refresh_token", headers: { origin: FRONT }, cookies: { [REFRESH_COOKIE]: cookie!.value } });
    expect(front.statusCode).toBe(200);
    expect(front.cookies.find((c) => c.name === REFRESH_COOKIE)).toMatchObject({ sameSite: "None", secure: true });
  });
});

describe("2. the user event", () => {
  it("gives a user's own sockets the whole user as GET /users/{id} answers it, and other attendants no private field", async () => {
    const t = await appWith();
    const url = await listening(t);
    const a = await createTenant(t.app, t.db);
    const [vendas] = await t.db.insert(queues).values({ companyId: a.company.id, name: "Vendas", color: "#00ff00" }).returning();
    await t.db.insert(userQueues).values({ companyId: a.company.id, userId: a.agent.id, queueId: vendas!.id });
    const colleague = await createUser(t.db, { companyId: a.company.id, name: "Carla Colega" });
    const colleagueToken = (await loginAs(t.app, colleague.email)).token;
    const own = await watch(url, a.agentToken);
    const other = await watch(url, colleagueToken);
    const admin = await watch(url, a.adminToken);

    const changed = await t.app.inject({ method: "PUT", url: `/users/${a.agent.id}`, headers: json(a.agentToken), payload: { name: "Beto Novo", email: a.agent.email } });
    expect(changed.statusCode, changed.body).toBe(200);
    const updates = (seen: Seen[]) => seen.filter((s) => s.event === companyEvent(a.company.id, "user") && s.payload.action === "update");
    await until(() => updates(own).length === 1 && updates(other).length === 1 && updates(admin).length === 1);

    const shown = (await t.app.inject({ method: "GET", url: `/users/${a.agent.id}`, headers: bearer(a.agentToken) })).json();
    // The lineage client replaces its user with this and reads user.queues.
    expect(updates(own)[0]!.payload.user).toEqual(shown);
    expect(shown).toMatchObject({ name: "Beto Novo", email: a.agent.email, queues: [{ id: vendas!.id, name: "Vendas" }] });
    expect(updates(admin)[0]!.payload.user).toEqual(shown);
    expect(Object.keys(updates(other)[0]!.payload.user as object).sort()).toEqual(["id", "name", "online", "profile", "queues"]);
    expect(JSON.stringify(other)).not.toContain(a.agent.email);
  });

  it("sends presence as its own action without a user, which no client can take for a changed user", async () => {
    const t = await appWith();
    const url = await listening(t);
    const a = await createTenant(t.app, t.db);
    const admin = await watch(url, a.adminToken);
    await watch(url, a.agentToken);

    const presence = () => admin.filter((s) => s.event === companyEvent(a.company.id, "user") && s.payload.userId === a.agent.id);
    await until(() => presence().length === 1);
    expect(presence()[0]!.payload).toEqual({ action: "presence", userId: a.agent.id, online: true });
    const userEvents = admin.filter((s) => s.event === companyEvent(a.company.id, "user"));
    expect(userEvents.every((s) => s.payload.action !== "update" || (s.payload.user as { email?: string }).email !== undefined)).toBe(true);
  });
});

describe("3. payload types the lineage sends", () => {
  it("takes read: 1 (and 0) on POST /messages/{ticketId}, and nothing looser", async () => {
    const t = await appWith({}, { start: true });
    const a = await createTenant(t.app, t.db);
    const connection = await createConnectionRow(t.db, a.company.id);
    await attachFakeDriver(t, connection);
    await t.platform.engine.handleInbound(inbound(connection, "5511966660001", "Olá"));
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.companyId, a.company.id));
    await acceptTicket(t.platform.engine.deps, { companyId: a.company.id, userId: a.admin.id, profile: "admin", isSuper: false }, ticket!.id);

    for (const read of [1, 0]) {
      const sent = await t.app.inject({ method: "POST", url: `/messages/${ticket!.id}`, headers: json(a.adminToken), payload: { read, fromMe: true, mediaUrl: "", body: `Olá ${read}`, quotedMsg: null } });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    for (const read of [2, "1", "yes", -1]) {
      const refused = await t.app.inject({ method: "POST", url: `/messages/${ticket!.id}`, headers: json(a.adminToken), payload: { read, body: "nunca" } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: "ERR_VALIDATION" });
    }
  });

  it("resolves with promptId: false and integrationId: false meaning none, and refuses true or 0", async () => {
    const t = await appWith();
    const a = await createTenant(t.app, t.db);
    const [contact] = await t.db.insert(contacts).values({ companyId: a.company.id, name: "Cliente", number: "5511988887777" }).returning();
    const [ticket] = await t.db.insert(tickets).values({ companyId: a.company.id, contactId: contact!.id, status: "open", userId: a.admin.id }).returning();

    for (const promptId of [true, 0]) {
      const refused = await t.app.inject({ method: "PUT", url: `/tickets/${ticket!.id}`, headers: json(a.adminToken), payload: { status: "closed", promptId } });
      expect(refused.statusCode).toBe(400);
    }
    const resolved = await t.app.inject({
      method: "PUT",
      url: `/tickets/${ticket!.id}`,
      headers: json(a.adminToken),
      payload: { status: "closed", userId: a.admin.id, queueId: null, useIntegration: false, promptId: false, integrationId: false },
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({ status: "closed", promptId: null, integrationId: null, useIntegration: false });
  });
});

describe("4. fields the spec lists", () => {
  it("takes companyId on POST and PUT /users as the session's company, refuses another with ERR_COMPANY_MISMATCH, and still refuses unknown fields", async () => {
    const t = await appWith();
    const a = await createTenant(t.app, t.db);
    const b = await createCompany(t.db);
    const user = { name: "Dora Nova", email: "dora@example.com", password: "Senha-123", profile: "user", companyId: a.company.id, queueIds: [], whatsappId: null, allTicket: "desabled" };

    const created = await t.app.inject({ method: "POST", url: "/users", headers: json(a.adminToken), payload: user });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ email: "dora@example.com", companyId: a.company.id });
    const foreign = await t.app.inject({ method: "POST", url: "/users", headers: json(a.adminToken), payload: { ...user, email: "eva@example.com", companyId: b.id } });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ error: "ERR_COMPANY_MISMATCH" });
    expect(await t.db.select().from(users).where(eq(users.companyId, b.id))).toEqual([]);
    const unknown = await t.app.inject({ method: "POST", url: "/users", headers: json(a.adminToken), payload: { ...user, email: "fia@example.com", tokenVersion: 9 } });
    expect(unknown.statusCode).toBe(400);

    const id = created.json<{ id: number }>().id;
    const edited = await t.app.inject({ method: "PUT", url: `/users/${id}`, headers: json(a.adminToken), payload: { name: "Dora N.", email: "dora@example.com", companyId: a.company.id } });
    expect(edited.statusCode, edited.body).toBe(200);
    const moved = await t.app.inject({ method: "PUT", url: `/users/${id}`, headers: json(a.adminToken), payload: { name: "Dora N.", email: "dora@example.com", companyId: b.id } });
    expect(moved.json()).toMatchObject({ error: "ERR_COMPANY_MISMATCH" });
  });

  it("takes isMedia and mediaPath on POST /quick-messages as the lineage sends them before the upload, and refuses a path to another file", async () => {
    const t = await appWith();
    const a = await createTenant(t.app, t.db);
    const reply = { shortcode: "oi", message: "Olá!", geral: true, status: true };

    const announced = await t.app.inject({ method: "POST", url: "/quick-messages", headers: json(a.adminToken), payload: { ...reply, isMedia: true, mediaPath: "foto_da_loja.png" } });
    expect(announced.statusCode, announced.body).toBe(200);
    // Nothing is attached by the body: the file arrives through POST /quick-messages/{id}/media-upload.
    expect(announced.json()).toMatchObject({ shortcode: "oi", isMedia: false, mediaPath: null });
    const none = await t.app.inject({ method: "POST", url: "/quick-messages", headers: json(a.adminToken), payload: { ...reply, shortcode: "tchau", isMedia: false, mediaPath: null } });
    expect(none.statusCode).toBe(200);

    for (const mediaPath of ["/media/1-other-company-file.png", "../secrets/file.png", "https://cdn.example/x.png"]) {
      const refused = await t.app.inject({ method: "POST", url: "/quick-messages", headers: json(a.adminToken), payload: { ...reply, shortcode: "x", isMedia: true, mediaPath } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: "ERR_MEDIA_PATH_REFUSED" });
    }
    const unknown = await t.app.inject({ method: "POST", url: "/quick-messages", headers: json(a.adminToken), payload: { ...reply, shortcode: "y", companyId: a.company.id } });
    expect(unknown.statusCode).toBe(400);
  });

  it("takes sentAt and userId on POST /schedules: the caller's own id, another user's only for an admin and only of the company", async () => {
    const t = await appWith({}, { start: true });
    const a = await createTenant(t.app, t.db, { flags: { useSchedules: true } });
    const b = await createTenant(t.app, t.db, { flags: { useSchedules: true } });
    const [contact] = await t.db.insert(contacts).values({ companyId: a.company.id, name: "Cliente", number: "5511988887777" }).returning();
    const schedule = (extra: Record<string, unknown>) => ({ body: "Lembrete do pedido", contactId: contact!.id, sendAt: new Date(Date.now() + 3_600_000).toISOString(), sentAt: "", ...extra });

    const own = await t.app.inject({ method: "POST", url: "/schedules", headers: json(a.adminToken), payload: schedule({ userId: a.admin.id }) });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ userId: a.admin.id, sentAt: null, status: "PENDENTE" });

    const handed = await t.app.inject({ method: "POST", url: "/schedules", headers: json(a.adminToken), payload: schedule({ userId: a.agent.id, sentAt: null }) });
    expect(handed.statusCode, handed.body).toBe(200);
    expect(handed.json()).toMatchObject({ userId: a.agent.id });

    const foreignUser = await t.app.inject({ method: "POST", url: "/schedules", headers: json(a.adminToken), payload: schedule({ userId: b.agent.id }) });
    expect(foreignUser.statusCode).toBe(404);
    expect(foreignUser.json()).toMatchObject({ error: "ERR_NO_USER_FOUND" });

    const impersonated = await t.app.inject({ method: "POST", url: "/schedules", headers: json(a.agentToken), payload: schedule({ userId: a.admin.id }) });
    expect(impersonated.statusCode).toBe(403);
    expect(impersonated.json()).toMatchObject({ error: "ERR_USER_MISMATCH" });

    const path = await t.app.inject({ method: "POST", url: "/schedules", headers: json(a.adminToken), payload: schedule({ mediaPath: "/media/someone-else.png" }) });
    expect(path.json()).toMatchObject({ error: "ERR_MEDIA_PATH_REFUSED" });
    const unknown = await t.app.inject({ method: "POST", url: "/schedules", headers: json(a.adminToken), payload: schedule({ ticketId: 1 }) });
    expect(unknown.statusCode).toBe(400);
    expect(await t.db.select().from(schedules).where(eq(schedules.companyId, a.company.id))).toHaveLength(2);
  });

  it("takes a plan body without storageQuotaMb on POST and PUT /plans: a new plan gets 5 GiB, a changed one keeps its quota", async () => {
    const t = await appWith();
    const a = await createTenant(t.app, t.db);
    const superUser = await createUser(t.db, { companyId: a.company.id, profile: "admin", isSuper: true, email: "lineage-plans@example.com" });
    const superToken = (await loginAs(t.app, superUser.email)).token;
    const lineagePlan = { name: "Plano Lineage", users: 5, connections: 2, queues: 3, value: 49.9, useCampaigns: true, useSchedules: true, useInternalChat: true, useExternalApi: true, useKanban: true, useOpenAi: true, useIntegrations: true };
    const created = await t.app.inject({ method: "POST", url: "/plans", headers: json(superToken), payload: lineagePlan });
    expect(created.statusCode, created.body).toBe(200);
    const plan = created.json<{ id: number; storageQuotaMb: number }>();
    expect(plan.storageQuotaMb).toBe(5120);
    await t.db.update(plans).set({ storageQuotaMb: 20_480 }).where(eq(plans.id, plan.id));
    const changed = await t.app.inject({ method: "PUT", url: `/plans/${plan.id}`, headers: json(superToken), payload: { ...lineagePlan, users: 8 } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ users: 8, storageQuotaMb: 20_480 });
  });

  it("takes the sign-up form's recurrence, dueDate, status and campaignsEnabled and ignores them: a new company starts on its trial", async () => {
    const t = await appWith();
    const plan = await createPlan(t.db);
    const dueDate = new Date(Date.now() + 400 * 86_400_000).toISOString();
    const response = await t.app.inject({
      method: "POST",
      url: "/companies/cadastro",
      payload: { name: "Padaria Lineage", email: "dono@lineage.test", password: "Segredo-1", phone: "(11) 98765-4321", planId: plan.id, recurrence: "MENSAL", dueDate, status: "t", campaignsEnabled: true },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ dueDate: string }>().dueDate).not.toBe(dueDate);
    expect(Date.parse(response.json<{ dueDate: string }>().dueDate)).toBeLessThan(Date.now() + 10 * 86_400_000);
  });
});

describe("5. the queue filter of the inbox", () => {
  it("also matches the tickets without a queue that the actor may see", async () => {
    const t = await appWith();
    const a = await createTenant(t.app, t.db);
    const [vendas, suporte] = await t.db
      .insert(queues)
      .values([
        { companyId: a.company.id, name: "Vendas", color: "#00ff00" },
        { companyId: a.company.id, name: "Suporte", color: "#0000ff" },
      ])
      .returning();
    await t.db.insert(userQueues).values({ companyId: a.company.id, userId: a.agent.id, queueId: vendas!.id });
    const ticketFor = async (name: string, queueId: number | null) => {
      const [contact] = await t.db.insert(contacts).values({ companyId: a.company.id, name, number: `55119${Math.floor(Math.random() * 1e8)}` }).returning();
      const [row] = await t.db.insert(tickets).values({ companyId: a.company.id, contactId: contact!.id, status: "pending", queueId }).returning();
      return row!.id;
    };
    const inVendas = await ticketFor("Em Vendas", vendas!.id);
    const inMenu = await ticketFor("No menu do bot", null);
    await ticketFor("Em Suporte", suporte!.id);
    const list = async (token: string, extra = "") => {
      const response = await t.app.inject({ method: "GET", url: `/tickets?status=pending&queueIds=${encodeURIComponent(`[${vendas!.id}]`)}${extra}`, headers: bearer(token) });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ tickets: { id: number }[] }>().tickets.map((ticket) => ticket.id).sort((x, y) => x - y);
    };

    expect(await list(a.adminToken, "&showAll=true")).toEqual([inVendas, inMenu].sort((x, y) => x - y));
    expect(await list(a.adminToken)).toEqual([inMenu]);
    // allTicket still decides whether an attendant sees tickets without a queue.
    expect(await list(a.agentToken)).toEqual([inVendas]);
    await t.db.update(users).set({ allTicket: "enabled" }).where(eq(users.id, a.agent.id));
    expect(await list(a.agentToken)).toEqual([inVendas, inMenu].sort((x, y) => x - y));
  });
});

describe("6. the schedules list without a range", () => {
  it("answers {schedules, hasMore} a page of 20 for searchParam and pageNumber, and the calendar's range with start and end", async () => {
    const t = await appWith();
    const a = await createTenant(t.app, t.db, { flags: { useSchedules: true } });
    const [contact] = await t.db.insert(contacts).values({ companyId: a.company.id, name: "Cliente", number: "5511988887777" }).returning();
    const now = Date.now();
    await t.db.insert(schedules).values(
      Array.from({ length: 25 }, (_, i) => ({ companyId: a.company.id, userId: a.admin.id, contactId: contact!.id, body: `Lembrete ${i}`, sendAt: new Date(now + (i + 1) * 86_400_000), status: "PENDENTE" })),
    );

    const first = await t.app.inject({ method: "GET", url: "/schedules?searchParam=&pageNumber=1", headers: bearer(a.adminToken) });
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json<{ schedules: { body: string }[]; hasMore: boolean }>();
    expect(page1.schedules).toHaveLength(20);
    expect(page1.hasMore).toBe(true);
    expect(page1.schedules[0]!.body).toBe("Lembrete 24");
    const second = (await t.app.inject({ method: "GET", url: "/schedules?searchParam=&pageNumber=2", headers: bearer(a.adminToken) })).json<{ schedules: unknown[]; hasMore: boolean }>();
    expect(second.schedules).toHaveLength(5);
    expect(second.hasMore).toBe(false);
    const searched = (await t.app.inject({ method: "GET", url: "/schedules?searchParam=lembrete%2012&pageNumber=1", headers: bearer(a.adminToken) })).json<{ schedules: { body: string }[] }>();
    expect(searched.schedules.map((s) => s.body)).toEqual(["Lembrete 12"]);

    const range = `start=${encodeURIComponent(new Date(now).toISOString())}&end=${encodeURIComponent(new Date(now + 3.5 * 86_400_000).toISOString())}`;
    const calendar = (await t.app.inject({ method: "GET", url: `/schedules?${range}`, headers: bearer(a.adminToken) })).json<{ schedules: { body: string }[] }>();
    expect(calendar.schedules.map((s) => s.body)).toEqual(["Lembrete 0", "Lembrete 1", "Lembrete 2"]);
    const half = await t.app.inject({ method: "GET", url: `/schedules?start=${encodeURIComponent(new Date(now).toISOString())}`, headers: bearer(a.adminToken) });
    expect(half.statusCode).toBe(400);
  });
});

describe("7. parallel refreshes", () => {
  const refresh = (t: TestApp, cookie: string) => t.app.inject({ method: "POST", url: "/auth/refresh_token", cookies: { [REFRESH_COOKIE]: cookie } });
  const me = (t: TestApp, token: string) => t.app.inject({ method: "GET", url: "/auth/me", headers: bearer(token) });

  it("answers two refreshes with the same cookie both with the session of one rotation", async () => {
    const t = await appWith();
    const company = await createCompany(t.db);
    const user = await createUser(t.db, { companyId: company.id });
    const session = await loginAs(t.app, user.email);

    const [first, second] = await Promise.all([refresh(t, session.refreshCookie), refresh(t, session.refreshCookie)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    for (const answer of [first, second]) expect((await me(t, answer.json().token)).statusCode).toBe(200);
    // Both cookies belong to the one rotation: either goes on.
    const cookies = [first, second].map((answer) => answer.cookies.find((c) => c.name === REFRESH_COOKIE)!.value);
    const [row] = await t.db.select({ refreshTokenId: users.refreshTokenId }).from(users).where(eq(users.id, user.id));
    for (const cookie of cookies) expect(JSON.parse(Buffer.from(cookie.split(".")[1]!, "base64url").toString()).jti).toBe(row!.refreshTokenId);
    const next = await refresh(t, cookies[1]!);
    expect(next.statusCode).toBe(200);
    expect((await me(t, next.json().token)).statusCode).toBe(200);
  });

  it(`still takes a replay after the ${REFRESH_GRACE_MS / 1000} s window as theft and ends the session`, async () => {
    const t = await appWith();
    const company = await createCompany(t.db);
    const user = await createUser(t.db, { companyId: company.id });
    const session = await loginAs(t.app, user.email);
    const rotated = await refresh(t, session.refreshCookie);
    expect(rotated.statusCode).toBe(200);
    await t.db
      .update(users)
      .set({ refreshRotatedAt: new Date(Date.now() - REFRESH_GRACE_MS - 1000) })
      .where(eq(users.id, user.id));

    const replay = await refresh(t, session.refreshCookie);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ error: "ERR_SESSION_EXPIRED" });
    expect((await me(t, rotated.json().token)).statusCode).toBe(401);
    expect((await refresh(t, rotated.cookies.find((c) => c.name === REFRESH_COOKIE)!.value)).statusCode).toBe(401);
  });

  it("takes a token two rotations old as theft even within the window", async () => {
    const t = await appWith();
    const company = await createCompany(t.db);
    const user = await createUser(t.db, { companyId: company.id });
    const session = await loginAs(t.app, user.email);
    const once = await refresh(t, session.refreshCookie);
    const twice = await refresh(t, once.cookies.find((c) => c.name === REFRESH_COOKIE)!.value);
    expect(twice.statusCode).toBe(200);

    expect((await refresh(t, session.refreshCookie)).statusCode).toBe(401);
    expect((await me(t, twice.json().token)).statusCode).toBe(401);
  });
});

describe("8. paths of their own", () => {
  it("reaches GET /companies/list and GET /users/list, and answers 404 ERR_NOT_FOUND for a path that names no route", async () => {
    const t = await appWith();
    const a = await createTenant(t.app, t.db);
    const superUser = await createUser(t.db, { companyId: a.company.id, profile: "admin", isSuper: true });
    const superToken = (await loginAs(t.app, superUser.email)).token;

    const companies = await t.app.inject({ method: "GET", url: "/companies/list", headers: bearer(superToken) });
    expect(companies.statusCode, companies.body).toBe(200);
    expect(Array.isArray(companies.json())).toBe(true);
    const usersList = await t.app.inject({ method: "GET", url: "/users/list", headers: bearer(a.agentToken) });
    expect(usersList.statusCode).toBe(200);

    for (const [method, url] of [
      ["GET", "/companies/anything"],
      ["GET", "/users/someone"],
      ["GET", "/queue/metrics-of-nothing"],
      ["GET", "/contacts/lists"],
      ["GET", "/tickets/abc"],
      ["PUT", "/tickets/12abc"],
      ["DELETE", "/messages/x1"],
      ["GET", "/schedules/-1"],
      ["DELETE", "/schedules/abc/media-upload"],
      ["PUT", "/ticket-tags/1/abc"],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: json(superToken), ...(method === "PUT" ? { payload: {} } : {}) });
      expect({ url, status: response.statusCode, error: response.json().error }).toEqual({ url, status: 404, error: "ERR_NOT_FOUND" });
    }
    // A numeric id still reaches its route, which answers for the record.
    const missing = await t.app.inject({ method: "GET", url: "/tickets/999999", headers: bearer(a.adminToken) });
    expect(missing.json()).toMatchObject({ error: "ERR_NO_TICKET_FOUND" });
  });
});

describe("9. a record sent back as its GET answered it", () => {
  /** The record's GET, the field the client changes, and how to read the record back. */
  interface Echo {
    name: string;
    token: string;
    path: string;
    read: () => Promise<Record<string, unknown>>;
    change: Record<string, unknown>;
    /** A read-only field the client also changed (and that must stay as stored). */
    readOnly: Record<string, unknown>;
  }

  async function echoes(t: TestApp): Promise<Echo[]> {
    const a = await createTenant(t.app, t.db);
    const superUser = await createUser(t.db, { companyId: a.company.id, profile: "admin", isSuper: true });
    const superToken = (await loginAs(t.app, superUser.email)).token;
    const get = async (token: string, url: string) => {
      const response = await t.app.inject({ method: "GET", url, headers: bearer(token) });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      return response.json<Record<string, unknown>>();
    };
    const post = async (token: string, url: string, payload: Record<string, unknown>) => {
      const response = await t.app.inject({ method: "POST", url, headers: json(token), payload });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      return response.json<{ id: number }>().id;
    };

    const connection = await createSimulatorConnection(t.db, { companyId: a.company.id, status: "DISCONNECTED" });
    // A connection saved through the API always has its external-API token (a save without one makes one).
    await t.db.update(connections).set({ token: "lineage-echo-token-0123456789abcdef" }).where(eq(connections.id, connection.id));
    const queueId = await post(a.adminToken, "/queue", { name: "Vendas", color: "#2E7D32" });
    const optionId = await post(a.adminToken, "/queue-options", { queueId, title: "Pedidos" });
    const tagId = await post(a.adminToken, "/tags", { name: "Atacado", color: "#ff0000" });
    const plan = await createPlan(t.db);
    const otherId = await post(superToken, "/companies", { name: "Loja Parceira", email: "loja@example.com", planId: plan.id });
    const announcementId = await post(superToken, "/announcements", { title: "Manutenção", text: "Sábado às 22h" });
    const option = async () => (await t.app.inject({ method: "GET", url: `/queue-options?queueId=${queueId}`, headers: bearer(a.adminToken) })).json<Record<string, unknown>[]>()[0]!;
    const planRecord = async () => (await t.app.inject({ method: "GET", url: "/plans/all", headers: bearer(superToken) })).json<{ id: number }[]>().find((p) => p.id === plan.id)!;
    return [
      { name: "PUT /whatsapp/{id}", token: a.adminToken, path: `/whatsapp/${connection.id}`, read: () => get(a.adminToken, `/whatsapp/${connection.id}`), change: { name: "Loja Centro" }, readOnly: { status: "CONNECTED", retries: 9 } },
      {
        name: "PUT /companies/{id}",
        token: superToken,
        path: `/companies/${otherId}`,
        read: () => get(superToken, `/companies/${otherId}`),
        change: { name: "Loja Renomeada" },
        readOnly: { createdAt: "2001-01-01T00:00:00.000Z", counts: { users: 99, connections: 0, queues: 0, contacts: 0, tickets: 0, messages: 0, schedules: 0, quickMessages: 0, tags: 0 } },
      },
      { name: "PUT /queue/{id}", token: a.adminToken, path: `/queue/${queueId}`, read: () => get(a.adminToken, `/queue/${queueId}`), change: { name: "Vendas Online" }, readOnly: { mediaPath: "/media/another.png" } },
      { name: "PUT /queue-options/{id}", token: a.adminToken, path: `/queue-options/${optionId}`, read: option, change: { title: "Pedidos novos" }, readOnly: { childrenCount: 7, mediaName: "x.png" } },
      { name: "PUT /tags/{id}", token: a.adminToken, path: `/tags/${tagId}`, read: () => get(a.adminToken, `/tags/${tagId}`), change: { name: "Varejo" }, readOnly: { ticketsCount: 12 } },
      {
        name: "PUT /announcements/{id}",
        token: superToken,
        path: `/announcements/${announcementId}`,
        read: () => get(superToken, `/announcements/${announcementId}`),
        change: { title: "Manutenção adiada" },
        readOnly: { createdAt: "2001-01-01T00:00:00.000Z", mediaPath: "/media/announcements/other.png" },
      },
      { name: "PUT /plans/{id}", token: superToken, path: `/plans/${plan.id}`, read: planRecord, change: { name: `Plano ${plan.id} novo` }, readOnly: {} },
    ];
  }

  it("accepts the GET's body as the PUT's and changes only the writable fields it carries", async () => {
    const t = await appWith();
    for (const echo of await echoes(t)) {
      const before = await echo.read();
      const response = await t.app.inject({ method: "PUT", url: echo.path, headers: json(echo.token), payload: { ...before, ...echo.change, ...echo.readOnly } });
      expect(response.statusCode, `${echo.name}: ${response.body}`).toBe(200);
      const after = await echo.read();
      const { updatedAt: _before, ...unchanged } = { ...before, ...echo.change };
      const { updatedAt: _after, ...stored } = after;
      expect(stored, echo.name).toEqual(unchanged);
    }
  });

  it("still refuses a key no record has, a read-only field of the wrong type, and another record's id", async () => {
    const t = await appWith();
    for (const echo of await echoes(t)) {
      const before = await echo.read();
      const invented = await t.app.inject({ method: "PUT", url: echo.path, headers: json(echo.token), payload: { ...before, isAdmin: true } });
      expect({ name: echo.name, status: invented.statusCode, error: invented.json().error }).toEqual({ name: echo.name, status: 400, error: "ERR_VALIDATION" });
      expect(invented.body).toContain("isAdmin");
      const mistyped = await t.app.inject({ method: "PUT", url: echo.path, headers: json(echo.token), payload: { ...before, id: "seven" } });
      expect({ name: echo.name, status: mistyped.statusCode }).toEqual({ name: echo.name, status: 400 });
      const elsewhere = await t.app.inject({ method: "PUT", url: echo.path, headers: json(echo.token), payload: { ...before, ...echo.change, id: Number(before.id) + 1000 } });
      expect({ name: echo.name, status: elsewhere.statusCode, error: elsewhere.json().error }).toEqual({ name: echo.name, status: 400, error: "ERR_VALIDATION" });
      expect(await echo.read(), echo.name).toEqual(before);
    }
  });
});
