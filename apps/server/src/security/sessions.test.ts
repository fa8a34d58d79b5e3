import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { type Socket, io as connect } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { type Config, loadConfig } from "../config.ts";
import { companies, users } from "../db/schema/index.ts";
import { REFRESH_COOKIE } from "../modules/auth/auth.routes.ts";
import { PNG } from "../modules/queues/upload-fixtures.ts";
import type { RouteEntry } from "../plugins/route-table.ts";
import { type TestApp, buildTestApp } from "../../test/build-test-app.ts";
import { eventually } from "../../test/engine-harness.ts";
import { type FakeGraph, startFakeGraph } from "../../test/fake-graph.ts";
import { DEFAULT_PASSWORD, bearer, createCompany, createUser, loginAs } from "../../test/factories.ts";
import { multipartFile } from "../modules/queues/upload-fixtures.ts";
import { buildRequest } from "./route-requests.ts";
import { idsOf, seedTenant } from "./seed-tenant.ts";

const keyOf = (route: Pick<RouteEntry, "method" | "url">) => `${route.method} ${route.url}`;

/** A request that reaches a route whatever its schemas: authentication runs before validation. */
function anyRequestTo(route: RouteEntry): { method: "GET"; url: string } {
  const url = route.url.replace(/:(\w+)/g, (_match, name: string) => (name === "fileName" ? "0123456789abcdef0123456789abcdef.png" : "1"));
  return { method: route.method as "GET", url };
}

const errorOf = (response: LightMyRequestResponse): unknown => {
  try {
    const value: unknown = JSON.parse(response.body);
    return typeof value === "object" && value !== null && "error" in value ? value.error : undefined;
  } catch {
    return undefined;
  }
};

/** Folders made for the web app and the data of the configurations built here, removed at the end. */
const madeDirs: string[] = [];
const tempDirFor = (name: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), `conversa-sessions-${name}-`));
  madeDirs.push(dir);
  return dir;
};

const figures = { endings: 0, refusedRequests: 0, socketsDropped: 0, headerResponses: 0, secrets: 0, logLines: 0, listAnswers: 0 };

afterAll(() => {
  for (const dir of madeDirs) rmSync(dir, { recursive: true, force: true });
  console.log(
    `sessions: ${figures.endings} ways a session ends, ${figures.refusedRequests} requests refused with 401 after them, ${figures.socketsDropped} sockets dropped; security headers on ${figures.headerResponses} responses; ${figures.secrets} secret values in none of ${figures.logLines} log lines nor ${figures.listAnswers} GET answers`,
  );
});

describe("a session that no longer admits its user", () => {
  let t: TestApp;
  let live: FastifyInstance;
  let url: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    // The same platform, with open sockets checked every 200 ms instead of every 30 s.
    live = await buildApp({ ...t.platform, realtime: { sessionCheckMs: 200 } });
    await live.listen({ port: 0, host: "127.0.0.1" });
    url = `http://127.0.0.1:${(live.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const socket of sockets.splice(0)) socket.disconnect();
    await live.close();
    await t.close();
  });

  function open(token: string): Socket {
    const socket = connect(url, { auth: { token }, transports: ["websocket"], reconnection: false, forceNew: true });
    sockets.push(socket);
    return socket;
  }
  const ready = (socket: Socket) =>
    new Promise<void>((resolve, reject) => {
      socket.once("ready", () => resolve());
      socket.once("connect_error", reject);
    });
  const connectError = (socket: Socket) => new Promise<string>((resolve) => socket.once("connect_error", (error: Error) => resolve(error.message)));

  /** A company with an admin and a user-profile account, the account logged in with an open socket. */
  async function signedIn() {
    const company = await createCompany(t.db);
    const admin = await createUser(t.db, { companyId: company.id, profile: "admin" });
    const user = await createUser(t.db, { companyId: company.id, profile: "user" });
    const adminSession = await loginAs(live, admin.email);
    const session = await loginAs(live, user.email);
    const socket = open(session.token);
    await ready(socket);
    let dropped = false;
    socket.on("disconnect", () => {
      dropped = true;
    });
    return { company, admin, user, adminToken: adminSession.token, token: session.token, refreshCookie: session.refreshCookie, socket, isDropped: () => dropped };
  }
  type SignedIn = Awaited<ReturnType<typeof signedIn>>;

  const ENDINGS: Record<string, (s: SignedIn) => Promise<void>> = {
    "its company is disabled": async (s) => {
      await t.db.update(companies).set({ status: false }).where(eq(companies.id, s.company.id));
    },
    "its company passes its due date": async (s) => {
      await t.db.update(companies).set({ dueDate: new Date(Date.now() - 60_000) }).where(eq(companies.id, s.company.id));
    },
    "an admin deletes it": async (s) => {
      const response = await live.inject({ method: "DELETE", url: `/users/${s.user.id}`, headers: bearer(s.adminToken) });
      expect(response.statusCode).toBe(200);
    },
    "an admin sets a new password": async (s) => {
      const response = await live.inject({ method: "PUT", url: `/users/${s.user.id}`, headers: bearer(s.adminToken), payload: { name: s.user.name, email: s.user.email, password: "Another-pass-1" } });
      expect(response.statusCode).toBe(200);
    },
    "it is moved to another company outside the API": async (s) => {
      const other = await createCompany(t.db);
      await t.db.update(users).set({ companyId: other.id }).where(eq(users.id, s.user.id));
    },
  };

  it.each(Object.keys(ENDINGS))("when %s: every authenticated route answers 401, the refresh cookie is refused and the socket is dropped", async (ending) => {
    const s = await signedIn();
    const authRoutes = live.routeTable.filter((route) => route.isAuthenticated);
    expect((await live.inject({ method: "GET", url: "/auth/me", headers: bearer(s.token) })).statusCode).toBe(200);

    await ENDINGS[ending]!(s);
    figures.endings += 1;

    const problems: string[] = [];
    for (const route of authRoutes) {
      const response = await live.inject({ ...anyRequestTo(route), headers: bearer(s.token) });
      figures.refusedRequests += 1;
      if (response.statusCode !== 401 || errorOf(response) !== "ERR_SESSION_EXPIRED") problems.push(`${keyOf(route)}: ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(problems).toEqual([]);

    const refresh = await live.inject({ method: "POST", url: "/auth/refresh_token", cookies: { [REFRESH_COOKIE]: s.refreshCookie } });
    expect(refresh.statusCode).toBeGreaterThanOrEqual(400);
    expect(refresh.json()).toMatchObject({ error: expect.stringMatching(/^ERR_(SESSION_EXPIRED|NO_PERMISSION|SUBSCRIPTION_EXPIRED)$/) });
    expect(refresh.cookies.filter((cookie) => cookie.name === REFRESH_COOKIE && cookie.value !== "")).toEqual([]);

    await eventually(s.isDropped, (dropped) => dropped);
    figures.socketsDropped += 1;
    expect(await connectError(open(s.token))).toBe("ERR_SESSION_EXPIRED");
  });

  it("when its company requires two-factor sign-in: every route but the setup, /auth/me and logout answers 403 ERR_2FA_SETUP_REQUIRED and the socket is dropped", async () => {
    const s = await signedIn();
    const put = await live.inject({ method: "PUT", url: "/settings/require2fa", headers: bearer(s.adminToken), payload: { value: "enabled" } });
    expect(put.statusCode).toBe(200);

    const problems: string[] = [];
    const refusedRoutes = live.routeTable.filter((route) => route.isAuthenticated && !route.admitsTwoFactorSetup);
    for (const route of refusedRoutes) {
      const response = await live.inject({ ...anyRequestTo(route), headers: bearer(s.token) });
      if (response.statusCode !== 403 || errorOf(response) !== "ERR_2FA_SETUP_REQUIRED") problems.push(`${keyOf(route)}: ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(problems).toEqual([]);
    expect(refusedRoutes.length).toBeGreaterThan(100);
    const admitted = live.routeTable.filter((route) => route.admitsTwoFactorSetup).map(keyOf);
    expect(admitted.sort()).toEqual(["DELETE /auth/logout", "GET /auth/me", "POST /auth/2fa/enable", "POST /auth/2fa/setup"]);

    // The refreshed session tells the web app where to go; the setup is reachable.
    const refresh = await live.inject({ method: "POST", url: "/auth/refresh_token", cookies: { [REFRESH_COOKIE]: s.refreshCookie } });
    expect(refresh.json()).toMatchObject({ user: { twoFactorSetupRequired: true } });
    expect((await live.inject({ method: "GET", url: "/auth/me", headers: bearer(s.token) })).statusCode).toBe(200);
    expect((await live.inject({ method: "POST", url: "/auth/2fa/setup", headers: bearer(s.token) })).statusCode).toBe(200);

    await eventually(s.isDropped, (dropped) => dropped);
    expect(await connectError(open(s.token))).toBe("ERR_2FA_SETUP_REQUIRED");
  });

  it("leaves the sessions of everyone else working: the company's admin after a user's deletion, and a super user of a disabled company", async () => {
    const s = await signedIn();
    await ENDINGS["an admin deletes it"]!(s);
    expect((await live.inject({ method: "GET", url: "/auth/me", headers: bearer(s.adminToken) })).statusCode).toBe(200);

    const superUser = await createUser(t.db, { companyId: s.company.id, profile: "admin", isSuper: true });
    const superSession = await loginAs(live, superUser.email);
    await ENDINGS["its company is disabled"]!(s);
    expect((await live.inject({ method: "GET", url: "/auth/me", headers: bearer(superSession.token) })).statusCode).toBe(200);
    expect((await live.inject({ method: "GET", url: "/auth/me", headers: bearer(s.adminToken) })).statusCode).toBe(401);
  });

  it("keeps the session of a user who changes their own password (login already ends any other)", async () => {
    const s = await signedIn();
    const response = await live.inject({ method: "PUT", url: `/users/${s.user.id}`, headers: bearer(s.token), payload: { name: s.user.name, email: s.user.email, password: "My-new-pass-1", currentPassword: DEFAULT_PASSWORD } });
    expect(response.statusCode).toBe(200);
    expect((await live.inject({ method: "GET", url: "/auth/me", headers: bearer(s.token) })).statusCode).toBe(200);
  });

  it("cannot move a user to another company through the API", async () => {
    const s = await signedIn();
    const other = await createCompany(t.db);
    const response = await live.inject({ method: "PUT", url: `/users/${s.user.id}`, headers: bearer(s.adminToken), payload: { name: s.user.name, email: s.user.email, companyId: other.id } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: "ERR_COMPANY_MISMATCH" });
    const [row] = await t.db.select({ companyId: users.companyId }).from(users).where(eq(users.id, s.user.id));
    expect(row?.companyId).toBe(s.company.id);
  });
});

/** A folder with a built web app's shape: index.html and one asset. */
function webDist(): string {
  const dir = tempDirFor("web");
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>Conversa</title><script type=module src=/assets/app.js></script>");
  writeFileSync(path.join(dir, "assets", "app.js"), "console.log(1)");
  return dir;
}

/** A configuration read from the environment as the server reads it, with secrets of its own. */
function configFor(env: "production" | "development", overrides: Record<string, string> = {}): Config {
  const dataDir = tempDirFor(env);
  return loadConfig({
    NODE_ENV: env,
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(36).toString("base64url"),
    JWT_REFRESH_SECRET: randomBytes(36).toString("base64url"),
    DATA_ENCRYPTION_KEY: randomBytes(36).toString("base64url"),
    WEB_DIST: webDist(),
    LOG_LEVEL: "silent",
    ...overrides,
  });
}

/** Every source an allowed CSP may name: the app's own origin, inline styles, data and blob URLs. */
const ALLOWED_SOURCES = new Set(["'self'", "'none'", "'unsafe-inline'", "data:", "blob:"]);
/** The help videos' hosting service, each origin allowed in its one directive only (thumbnails, player). */
const ALLOWED_IN_DIRECTIVE: Record<string, string> = { "img-src": "https://img.youtube.com", "frame-src": "https://www.youtube-nocookie.com" };

/** What is wrong with a response's security headers, or nothing. */
function headerProblems(headers: Record<string, unknown>, production: boolean): string[] {
  const problems: string[] = [];
  const csp = String(headers["content-security-policy"] ?? "");
  const directives = new Map(
    csp
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map((parts) => [parts[0]!, parts.slice(1)]),
  );
  const defaultSrc = directives.get("default-src") ?? [];
  if (!(defaultSrc.length === 1 && (defaultSrc[0] === "'self'" || defaultSrc[0] === "'none'"))) problems.push(`default-src ${defaultSrc.join(" ")}`);
  if ((directives.get("frame-ancestors") ?? []).join(" ") !== "'none'") problems.push(`frame-ancestors ${String(directives.get("frame-ancestors"))}`);
  if ((directives.get("frame-src") ?? []).join(" ") !== "https://www.youtube-nocookie.com") problems.push(`frame-src ${String(directives.get("frame-src"))}`);
  for (const [name, sources] of directives) {
    for (const source of sources) if (!ALLOWED_SOURCES.has(source) && ALLOWED_IN_DIRECTIVE[name] !== source) problems.push(`${name} allows ${source}`);
  }
  if (headers["x-content-type-options"] !== "nosniff") problems.push("no nosniff");
  if (!headers["referrer-policy"]) problems.push("no referrer policy");
  if (headers["x-frame-options"] !== undefined && headers["x-frame-options"] !== "DENY") problems.push(`x-frame-options ${String(headers["x-frame-options"])}`);
  const hsts = headers["strict-transport-security"];
  if (production && !String(hsts ?? "").includes("max-age=")) problems.push("no HSTS in production");
  if (!production && hsts !== undefined) problems.push(`HSTS outside production: ${String(hsts)}`);
  return problems;
}

describe.each([
  ["production", true],
  ["development", false],
] as const)("security headers of every answer in %s", (env, production) => {
  let t: TestApp;
  let token: string;
  let mediaFile: string;

  beforeAll(async () => {
    t = await buildTestApp(configFor(env));
    const company = await createCompany(t.db);
    const admin = await createUser(t.db, { companyId: company.id, profile: "admin" });
    token = (await loginAs(t.app, admin.email)).token;
    mediaFile = (await t.platform.media.save(company.id, PNG, "picture.png")).fileName;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("are sent on every route of the table, with and without a session, and on the web app, media, errors and unknown paths", async () => {
    const routes = t.app.routeTable;
    expect(routes.length).toBeGreaterThan(80);
    const browser = { accept: "text/html,application/xhtml+xml,*/*;q=0.8" };
    const requests: { name: string; method: "GET" | "POST"; url: string; headers?: Record<string, string>; payload?: string }[] = [
      ...routes.map((route) => ({ name: `${keyOf(route)} without a session`, ...anyRequestTo(route) })),
      // Logging out would end the session the other requests use; its answer without one is checked above.
      ...routes.filter((route) => keyOf(route) !== "DELETE /auth/logout").map((route) => ({ name: `${keyOf(route)} with a session`, ...anyRequestTo(route), headers: bearer(token) })),
      { name: "the web app's index", method: "GET", url: "/", headers: browser },
      { name: "a deep link", method: "GET", url: "/tickets/123", headers: browser },
      { name: "the login page", method: "GET", url: "/login", headers: browser },
      { name: "a static asset", method: "GET", url: "/assets/app.js" },
      { name: "a media file", method: "GET", url: `/media/${mediaFile}`, headers: bearer(token) },
      { name: "an unknown API path", method: "GET", url: "/api/unknown/thing" },
      { name: "malformed JSON", method: "POST", url: "/auth/login", headers: { "content-type": "application/json" }, payload: '{"email":' },
      { name: "a path parameter over the router's limit", method: "GET", url: `/tickets/${"9".repeat(200)}`, headers: bearer(token) },
      { name: "a malformed escape in the path", method: "GET", url: "/tickets/%E0%A4%A", headers: bearer(token) },
    ];
    const problems: string[] = [];
    const statuses = new Set<number>();
    for (const request of requests) {
      const response = await t.app.inject(request);
      figures.headerResponses += 1;
      statuses.add(response.statusCode);
      for (const problem of headerProblems(response.headers, production)) problems.push(`${request.name} (${response.statusCode}): ${problem}`);
    }
    expect(problems).toEqual([]);
    expect([...statuses].sort()).toEqual(expect.arrayContaining([200, 400, 401, 404]));
  });

  it("are sent on the realtime server's HTTP answers", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const port = (t.app.server.address() as AddressInfo).port;
    const response = await fetch(`http://127.0.0.1:${port}/socket.io/?EIO=4&transport=polling`);
    figures.headerResponses += 1;
    expect(headerProblems(Object.fromEntries(response.headers.entries()), production)).toEqual([]);
  });
});

describe("the refresh cookie", () => {
  it.each([
    ["production", true],
    ["development", false],
  ] as const)("in %s is httpOnly, SameSite=Strict, path /auth, Secure only in production, and cleared on logout with the same attributes", async (env, secure) => {
    const t = await buildTestApp(configFor(env));
    try {
      const company = await createCompany(t.db);
      const user = await createUser(t.db, { companyId: company.id });
      const expected = { name: REFRESH_COOKIE, httpOnly: true, sameSite: "Strict", path: "/auth" };

      const login = await t.app.inject({ method: "POST", url: "/auth/login", payload: { email: user.email, password: "Secret-123" } });
      const issued = login.cookies.find((cookie) => cookie.name === REFRESH_COOKIE);
      expect(issued).toMatchObject(expected);
      expect(Boolean(issued?.secure)).toBe(secure);

      const refresh = await t.app.inject({ method: "POST", url: "/auth/refresh_token", cookies: { [REFRESH_COOKIE]: issued!.value } });
      const rotated = refresh.cookies.find((cookie) => cookie.name === REFRESH_COOKIE);
      expect(rotated).toMatchObject(expected);
      expect(Boolean(rotated?.secure)).toBe(secure);

      const logout = await t.app.inject({ method: "DELETE", url: "/auth/logout", headers: bearer(refresh.json<{ token: string }>().token) });
      expect(logout.statusCode).toBe(204);
      const cleared = logout.cookies.find((cookie) => cookie.name === REFRESH_COOKIE);
      expect(cleared).toMatchObject({ ...expected, value: "" });
      expect(Boolean(cleared?.secure)).toBe(secure);
      expect(cleared?.expires?.getTime() ?? Number.POSITIVE_INFINITY).toBeLessThan(Date.now());

      const refused = await t.app.inject({ method: "POST", url: "/auth/refresh_token", cookies: { [REFRESH_COOKIE]: rotated!.value } });
      expect(refused.statusCode).toBe(401);
      expect(refused.cookies.find((cookie) => cookie.name === REFRESH_COOKIE)).toMatchObject({ ...expected, value: "" });
    } finally {
      await t.close();
    }
  });
});

describe("secrets", () => {
  const logLines: string[] = [];
  let t: TestApp;
  let tenant: Awaited<ReturnType<typeof seedTenant>>;
  /** Every secret value the sweep handles: none may appear in a log line. */
  const secrets = new Map<string, string>();
  const keep = (name: string, value: string | undefined) => {
    if (value) secrets.set(name, value);
  };
  const CONNECTION_TOKENS = ["conn-token-created-7f3a9c-0123456789ab", "conn-token-edited-51be02-0123456789ab", "conn-token-seeded-c4d7e1-0123456789ab", "conn-token-failed-9a0b6f-0123456789ab"];
  const CREDENTIALS: Record<string, string> = { tokenixc: "ixc-credential-3e8f1a", clientsecretmkauth: "mkauth-credential-b72d40", asaas: "asaas-credential-05c9e3" };
  const WRONG_PASSWORD = "typo-of-a-real-pass-2024";
  /** An official-line connection's access tokens (the first, then its replacement) and app secret. */
  const CLOUD_TOKENS = ["cloud-access-token-8d2e4f-0123456789", "cloud-access-token-1c9b7a-0123456789"];
  const CLOUD_APP_SECRET = "cloud-app-secret-6a0f3d-0123456789";
  let graph: FakeGraph;

  beforeAll(async () => {
    graph = await startFakeGraph({ accessToken: CLOUD_TOKENS[1] });
    t = await buildTestApp({ logLevel: "trace", whatsappCloudApiUrl: graph.url }, { start: true, logDestination: { write: (line: string) => void logLines.push(line) } });
    tenant = await seedTenant(t.app, t.db, t.platform.media, "SECRETS", 1);
    keep("password", DEFAULT_PASSWORD);
    keep("wrong password", WRONG_PASSWORD);
    keep("JWT secret", t.platform.config.jwtSecret);
    keep("JWT refresh secret", t.platform.config.jwtRefreshSecret);
    keep("seeded admin token", tenant.adminToken);
    keep("seeded agent token", tenant.agentToken);
    CONNECTION_TOKENS.forEach((token, i) => keep(`connection token ${i + 1}`, token));
    for (const [key, value] of Object.entries(CREDENTIALS)) keep(`setting ${key}`, value);
    CLOUD_TOKENS.forEach((token, i) => keep(`cloud access token ${i + 1}`, token));
    keep("cloud app secret", CLOUD_APP_SECRET);
  }, 90_000);
  afterAll(async () => {
    await t?.close();
    await graph?.close();
  });

  const admin = () => bearer(secrets.get("access token")!);

  it("never appear in the logs, at trace level, through logins, refreshes, credentials, uploads, errors and a simulator exchange", async () => {
    const login = await t.app.inject({ method: "POST", url: "/auth/login", payload: { email: tenant.admin.email, password: DEFAULT_PASSWORD } });
    expect(login.statusCode).toBe(200);
    keep("login token", login.json<{ token: string }>().token);
    keep("refresh cookie", login.cookies.find((cookie) => cookie.name === REFRESH_COOKIE)?.value);
    const refresh = await t.app.inject({ method: "POST", url: "/auth/refresh_token", cookies: { [REFRESH_COOKIE]: secrets.get("refresh cookie")! } });
    expect(refresh.statusCode).toBe(200);
    keep("access token", refresh.json<{ token: string }>().token);
    keep("rotated refresh cookie", refresh.cookies.find((cookie) => cookie.name === REFRESH_COOKIE)?.value);
    const withCookie = { ...admin(), cookie: `${REFRESH_COOKIE}=${secrets.get("rotated refresh cookie")!}` };

    expect((await t.app.inject({ method: "POST", url: "/auth/login", payload: { email: tenant.admin.email, password: WRONG_PASSWORD } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/auth/me", headers: bearer(`${secrets.get("access token")!}x`) })).statusCode).toBe(401);

    const created = await t.app.inject({ method: "POST", url: "/whatsapp", headers: withCookie, payload: { name: "Secret probe", provider: "simulator", isDefault: false, token: CONNECTION_TOKENS[0] } });
    expect(created.statusCode).toBe(200);
    const createdId = created.json<{ id: number }>().id;
    const edited = await t.app.inject({ method: "PUT", url: `/whatsapp/${createdId}`, headers: withCookie, payload: { name: "Secret probe", token: CONNECTION_TOKENS[1] } });
    expect(edited.statusCode).toBe(200);
    // An official-line connection: its token refused by Meta at first, then replaced by a good one.
    const cloud = { phoneNumberId: "1000000001", businessAccountId: "2000000002" };
    const official = await t.app.inject({ method: "POST", url: "/whatsapp", headers: withCookie, payload: { name: "Official probe", provider: "cloud", isDefault: false, cloud: { ...cloud, accessToken: CLOUD_TOKENS[0], appSecret: CLOUD_APP_SECRET } } });
    expect(official.json()).toMatchObject({ status: "DISCONNECTED", statusReason: "ERR_CLOUD_TOKEN_INVALID" });
    const officialId = official.json<{ id: number }>().id;
    const renewed = await t.app.inject({ method: "PUT", url: `/whatsapp/${officialId}`, headers: withCookie, payload: { name: "Official probe", cloud: { ...cloud, accessToken: CLOUD_TOKENS[1] } } });
    expect(renewed.json()).toMatchObject({ status: "CONNECTED" });
    const seeded = await t.app.inject({ method: "PUT", url: `/whatsapp/${tenant.connection.id}`, headers: withCookie, payload: { name: tenant.connection.name, token: CONNECTION_TOKENS[2] } });
    expect(seeded.statusCode).toBe(200);
    for (const [key, value] of Object.entries(CREDENTIALS)) {
      expect((await t.app.inject({ method: "PUT", url: `/settings/${key}`, headers: withCookie, payload: { value } })).statusCode).toBe(200);
    }
    const tooLong = await t.app.inject({ method: "PUT", url: "/settings/asaas", headers: withCookie, payload: { value: `${CREDENTIALS.asaas!}${"x".repeat(600)}` } });
    expect(tooLong.statusCode).toBe(400);

    // A failing database write that carries a token: the route answers 500 and the failure is logged.
    await t.db.execute(sql.raw("create function sweep_fail() returns trigger language plpgsql as $$ begin raise exception 'write refused by the test'; end $$"));
    await t.db.execute(sql.raw("create trigger sweep_fail before update on connections for each row execute function sweep_fail()"));
    try {
      const failed = await t.app.inject({ method: "PUT", url: `/whatsapp/${createdId}`, headers: withCookie, payload: { name: "Secret probe", token: CONNECTION_TOKENS[3] } });
      expect(failed.statusCode).toBe(500);
      expect(failed.body).not.toContain(CONNECTION_TOKENS[3]);
    } finally {
      await t.db.execute(sql.raw("drop trigger sweep_fail on connections"));
      await t.db.execute(sql.raw("drop function sweep_fail()"));
    }

    const multipart = multipartFile(secrets.get("access token")!, { name: "picture.png", content: PNG, type: "image/png" });
    const upload = await t.app.inject({ method: "POST", url: `/queue/${tenant.otherQueue.id}/media-upload`, payload: multipart.payload, headers: { ...multipart.headers, cookie: withCookie.cookie } });
    expect(upload.statusCode).toBe(200);

    // The simulator's customer writes, and the admin answers through the connection.
    const connectionId = tenant.connection.id;
    await t.platform.channels.start(tenant.company.id, connectionId);
    const listed = async () => (await t.app.inject({ method: "GET", url: "/simulator/connections", headers: admin() })).json<{ id: number; status: string; qrcode: string | null }[]>().find((c) => c.id === connectionId);
    const qrcode = (await eventually(listed, (entry) => Boolean(entry?.qrcode)))?.qrcode;
    expect((await t.app.inject({ method: "POST", url: `/simulator/connections/${connectionId}/scan`, headers: admin(), payload: { qrcode, number: "5511900002222" } })).statusCode).toBe(200);
    await eventually(listed, (entry) => entry?.status === "CONNECTED");
    expect((await t.app.inject({ method: "POST", url: `/simulator/connections/${connectionId}/messages`, headers: admin(), payload: { from: "5511933334444", body: "oi" } })).statusCode).toBe(201);
    const reply = await t.app.inject({ method: "POST", url: `/messages/${tenant.ticket.id}`, headers: withCookie, payload: { body: "olá" } });
    expect(reply.statusCode).toBe(200);
    await eventually(
      async () => (await t.app.inject({ method: "GET", url: `/simulator/connections/${connectionId}/chats`, headers: admin() })).body,
      (chats) => chats.includes("olá"),
    );

    const [row] = await t.db.select({ passwordHash: users.passwordHash, refreshTokenId: users.refreshTokenId }).from(users).where(eq(users.id, tenant.admin.id));
    keep("password hash", row?.passwordHash);
    keep("refresh token id", row?.refreshTokenId ?? undefined);

    const log = logLines.join("");
    figures.logLines = logLines.length;
    figures.secrets = secrets.size;
    // The log holds what a leak would be found in: requests, the failed write with its query, the multipart reader's headers.
    expect(log).toContain("incoming request");
    expect(log).toContain("Failed query: update");
    expect(log).toContain("Providing options to busboy");
    const found = [...secrets].filter(([, value]) => log.includes(value)).map(([name]) => name);
    expect(found).toEqual([]);
  }, 120_000);

  /** Fields and values no answer may carry, whatever the route. */
  const SECRET_FIELDS = ['"passwordHash"', '"password"', '"tokenVersion"', '"refreshTokenId"', '"refreshToken"'];
  /** Routes that may show a secret, each with why. */
  const MAY_SHOW: Record<string, { secrets: string[]; reason: string }> = {
    "GET /whatsapp/:id": { secrets: CONNECTION_TOKENS, reason: "spec core §7: the connection dialog shows its external-API token to an admin" },
  };
  /** Routes whose answer may name a secret field (never hold its value: the value check above still applies), each with why. */
  const MAY_NAME_FIELDS: Record<string, string> = {
    "GET /api/openapi.json": "the API's description: it names the fields requests take (POST /auth/login takes a password), with no value",
  };

  it("never appear in an answer of a GET route, except the token of one connection to an admin", async () => {
    expect(secrets.has("password hash")).toBe(true);
    const ids = idsOf(tenant);
    const routes = t.app.routeTable.filter((route) => route.method === "GET");
    const problems: string[] = [];
    for (const route of routes) {
      const request = buildRequest(route, ids, ids, undefined, { user: tenant.admin.id });
      const response = await t.app.inject({ method: "GET", url: request.url, query: request.query, headers: route.isAuthenticated ? admin() : {} });
      figures.listAnswers += 1;
      const allowed = new Set(MAY_SHOW[keyOf(route)]?.secrets ?? []);
      for (const [name, value] of secrets) if (!allowed.has(value) && response.body.includes(value)) problems.push(`${keyOf(route)}: ${name}`);
      if (!MAY_NAME_FIELDS[keyOf(route)]) for (const field of SECRET_FIELDS) if (response.body.includes(`${field}:`)) problems.push(`${keyOf(route)}: field ${field}`);
      if (keyOf(route) === "GET /whatsapp/:id") expect(response.json()).toMatchObject({ token: CONNECTION_TOKENS[2] });
    }
    expect(problems).toEqual([]);
  });
});
