import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { users } from "../../db/schema/index.ts";
import { REFRESH_GRACE_MS } from "./auth.service.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { DEFAULT_PASSWORD, bearer, createCompany, createUser, loginAs } from "../../../test/factories.ts";

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

function login(email: string, password: string, ip = "10.0.0.1", knownDevice?: string, app = t.app) {
  return app.inject({ method: "POST", url: "/auth/login", payload: { email, password }, remoteAddress: ip, cookies: knownDevice ? { conversa_kd: knownDevice } : {} });
}

/** The throttle's clock: starts now and moves only when told. */
function controlClock(app: TestApp) {
  let now = Date.now();
  app.platform.auth.now = () => new Date(now);
  return { advance: (ms: number) => (now += ms) };
}

const knownDeviceOf = (response: Awaited<ReturnType<typeof login>>) => response.cookies.find((c) => c.name === "conversa_kd")?.value;

/** The spraying tests make over a hundred logins, each a password hash by design: more time than the default on a loaded machine. */
const SPRAY_TEST_TIMEOUT_MS = 90_000;

describe("POST /auth/login", () => {
  it("answers a token, the user with company and settings, and an httpOnly refresh cookie", async () => {
    const company = await createCompany(t.db, { name: "Acme" });
    const user = await createUser(t.db, { companyId: company.id, profile: "admin", email: "Ana@Example.com" });

    const response = await login("ana@example.com", DEFAULT_PASSWORD);

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token).toEqual(expect.any(String));
    expect(body.user).toMatchObject({ id: user.id, companyId: company.id, profile: "admin", company: { id: company.id, name: "Acme" } });
    expect(body.user.company.settings).toEqual(expect.arrayContaining([{ key: "userRating", value: "disabled" }]));
    expect(JSON.stringify(body)).not.toContain("password");
    const cookie = response.cookies.find((c) => c.name === "conversa_rt");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/auth" });
  });

  it("answers ERR_INVALID_CREDENTIALS for a wrong password and for an unknown e-mail alike", async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, { companyId: company.id });

    const wrong = await login(user.email, "not-the-password");
    const unknown = await login("nobody@example.com", DEFAULT_PASSWORD);

    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: "ERR_INVALID_CREDENTIALS" });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ error: "ERR_INVALID_CREDENTIALS" });
  });

  it("refuses a company past its due date with the due date, but lets a super user in", async () => {
    const dueDate = new Date("2024-01-15T12:00:00.000Z");
    const company = await createCompany(t.db, { dueDate });
    const user = await createUser(t.db, { companyId: company.id, profile: "admin" });
    const superUser = await createUser(t.db, { companyId: company.id, profile: "admin", isSuper: true });

    const refused = await login(user.email, DEFAULT_PASSWORD);
    const allowed = await login(superUser.email, DEFAULT_PASSWORD);

    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toEqual({ error: "ERR_SUBSCRIPTION_EXPIRED", message: expect.any(String), details: { dueDate: dueDate.toISOString() } });
    expect(allowed.statusCode).toBe(200);
  });

  it("does not reveal the due date to someone without the password", async () => {
    const company = await createCompany(t.db, { dueDate: new Date("2024-01-15T12:00:00.000Z") });
    const user = await createUser(t.db, { companyId: company.id });

    const response = await login(user.email, "wrong-password");

    expect(response.json()).toMatchObject({ error: "ERR_INVALID_CREDENTIALS" });
    expect(response.body).not.toContain("2024");
  });

  it.each([
    ["a missing password", { email: "a@b.com" }],
    ["a malformed e-mail", { email: "not-an-email", password: "12345" }],
    ["an unknown field", { email: "a@b.com", password: "12345", companyId: 2 }],
    ["a number for the e-mail", { email: 42, password: "12345" }],
  ])("answers 400 ERR_VALIDATION for %s", async (_label, payload) => {
    const response = await t.app.inject({ method: "POST", url: "/auth/login", payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_VALIDATION" });
  });
});

describe("login throttling", () => {
  it("delays an account and address pair after 5 failures, doubling the wait, with Retry-After", async () => {
    const clock = controlClock(t);
    const company = await createCompany(t.db);
    const user = await createUser(t.db, { companyId: company.id });
    for (let i = 0; i < 6; i++) expect((await login(user.email, "wrong-password")).statusCode).toBe(401);

    for (const seconds of [1, 2, 4]) {
      const refused = await login(user.email, DEFAULT_PASSWORD);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ error: "ERR_RATE_LIMITED", details: { retryAfter: seconds } });
      expect(refused.headers["retry-after"]).toBe(String(seconds));
      clock.advance(seconds * 1000);
      expect((await login(user.email, "wrong-password")).statusCode).toBe(401);
    }
    expect((await login(user.email, DEFAULT_PASSWORD, "10.0.0.2")).statusCode).toBe(200);
  });

  it("lets an account's owner in behind an address where 10 other accounts failed (office NAT)", async () => {
    const company = await createCompany(t.db);
    const owner = await createUser(t.db, { companyId: company.id });
    for (let account = 0; account < 10; account++) {
      for (let i = 0; i < 6; i++) await login(`colleague-${account}@example.com`, "wrong-password", "10.7.7.7");
    }

    expect((await login(owner.email, DEFAULT_PASSWORD, "10.7.7.7")).statusCode).toBe(200);
  });

  it("stops spraying across accounts from one address at 100 failures, but never a known device's owner", async () => {
    const company = await createCompany(t.db);
    const owner = await createUser(t.db, { companyId: company.id });
    const knownDevice = knownDeviceOf(await login(owner.email, DEFAULT_PASSWORD, "10.7.7.7"));
    for (let i = 0; i < 101; i++) expect((await login(`sprayed-${i}@example.com`, "guess-123", "10.7.7.7")).statusCode).toBe(401);

    const sprayer = await login("sprayed-next@example.com", "guess-123", "10.7.7.7");
    const withoutCookie = await login(owner.email, DEFAULT_PASSWORD, "10.7.7.7");
    const withCookie = await login(owner.email, DEFAULT_PASSWORD, "10.7.7.7", knownDevice);

    expect(sprayer.json()).toMatchObject({ error: "ERR_RATE_LIMITED" });
    expect(withoutCookie.json()).toMatchObject({ error: "ERR_RATE_LIMITED" });
    expect(withCookie.statusCode).toBe(200);
  }, SPRAY_TEST_TIMEOUT_MS);

  it("does not lock the owner out while an attacker hammers the account from many addresses", async () => {
    const clock = controlClock(t);
    const company = await createCompany(t.db, { status: true });
    const owner = await createUser(t.db, { companyId: company.id, isSuper: true, profile: "admin" });
    const knownDevice = knownDeviceOf(await login(owner.email, DEFAULT_PASSWORD, "10.0.0.1"));
    // The attacker waits out every delay of the account (so each guess counts) and changes address each time.
    for (let address = 0; address < 30; address++) {
      expect((await login(owner.email, "wrong-password", `172.16.0.${address}`)).statusCode).toBe(401);
      clock.advance(60_001);
    }
    await login(owner.email, "wrong-password", "172.16.0.99");

    const ownerKnown = await login(owner.email, DEFAULT_PASSWORD, "10.0.0.1", knownDevice);
    const ownerNewDevice = await login(owner.email, DEFAULT_PASSWORD, "10.0.0.50");
    const attacker = await login(owner.email, "wrong-password", "172.16.1.1");

    expect(ownerKnown.statusCode).toBe(200);
    expect(ownerNewDevice.json()).toMatchObject({ error: "ERR_RATE_LIMITED", details: { retryAfter: 60 } });
    expect(attacker.json()).toMatchObject({ error: "ERR_RATE_LIMITED" });
    clock.advance(60_000);
    expect((await login(owner.email, DEFAULT_PASSWORD, "10.0.0.50")).statusCode).toBe(200);
  });

  it("keeps a known device subject to its own pair's failures", async () => {
    const company = await createCompany(t.db);
    const owner = await createUser(t.db, { companyId: company.id });
    const knownDevice = knownDeviceOf(await login(owner.email, DEFAULT_PASSWORD));
    for (let i = 0; i < 6; i++) await login(owner.email, "wrong-password", "10.0.0.1", knownDevice);

    expect((await login(owner.email, DEFAULT_PASSWORD, "10.0.0.1", knownDevice)).json()).toMatchObject({ error: "ERR_RATE_LIMITED" });
  });

  it("exempts only a valid known-device cookie of the account named", async () => {
    const company = await createCompany(t.db);
    const owner = await createUser(t.db, { companyId: company.id });
    const colleague = await createUser(t.db, { companyId: company.id });
    const colleagueDevice = knownDeviceOf(await login(colleague.email, DEFAULT_PASSWORD, "10.7.7.7"));
    for (let i = 0; i < 101; i++) await login(`sprayed-${i}@example.com`, "guess-123", "10.7.7.7");

    for (const cookie of [colleagueDevice, `${owner.id}.AAAAAAAAAAAAAAAAAAAAAA`, "garbage"]) {
      expect((await login(owner.email, DEFAULT_PASSWORD, "10.7.7.7", cookie)).json()).toMatchObject({ error: "ERR_RATE_LIMITED" });
    }
  }, SPRAY_TEST_TIMEOUT_MS);

  it("sets the known-device cookie httpOnly, SameSite=Strict, on /auth for about a year, naming each account of the browser", async () => {
    const company = await createCompany(t.db);
    const first = await createUser(t.db, { companyId: company.id });
    const second = await createUser(t.db, { companyId: company.id });

    const one = await login(first.email, DEFAULT_PASSWORD);
    const two = await login(second.email, DEFAULT_PASSWORD, "10.0.0.1", knownDeviceOf(one));

    const cookie = two.cookies.find((c) => c.name === "conversa_kd");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/auth", maxAge: 365 * 24 * 60 * 60 });
    expect(cookie?.value.split("~").map((entry) => Number(entry.split(".")[0]))).toEqual([second.id, first.id]);
    expect(cookie?.value).not.toContain(first.email);
  });

  it("clears only the pair's counter on success", async () => {
    const clock = controlClock(t);
    const company = await createCompany(t.db);
    const user = await createUser(t.db, { companyId: company.id });
    for (let i = 0; i < 5; i++) await login(user.email, "wrong-password");
    expect((await login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);

    for (let i = 0; i < 6; i++) expect((await login(user.email, "wrong-password")).statusCode).toBe(401);
    expect((await login(user.email, "wrong-password")).statusCode).toBe(429);
    clock.advance(1000);
    expect((await login(user.email, "wrong-password")).statusCode).toBe(401);
  });

  it("shares the counters between two server processes on one database", async () => {
    const second = await buildTestApp({}, { database: { ...t.database, close: async () => {} } });
    try {
      const company = await createCompany(t.db);
      const user = await createUser(t.db, { companyId: company.id });
      for (let i = 0; i < 6; i++) await login(user.email, "wrong-password", "10.0.0.1", undefined, i % 2 ? t.app : second.app);

      expect((await login(user.email, DEFAULT_PASSWORD, "10.0.0.1", undefined, second.app)).statusCode).toBe(429);
      expect((await login(user.email, DEFAULT_PASSWORD, "10.0.0.1", undefined, t.app)).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });
});

describe("a login of the same account elsewhere", () => {
  it("ends the old session: its next request answers 401 and the auth event is published", async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, { companyId: company.id });
    const first = await loginAs(t.app, user.email);
    t.published.length = 0;

    await loginAs(t.app, user.email);
    const response = await t.app.inject({ method: "GET", url: "/auth/me", headers: bearer(first.token) });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: "ERR_SESSION_EXPIRED" });
    expect(t.published).toContainEqual({ name: "session.replaced", payload: { companyId: company.id, userId: user.id } });
  });
});

describe("POST /auth/refresh_token", () => {
  it("rotates the refresh token and answers a working access token", async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, { companyId: company.id });
    const session = await loginAs(t.app, user.email);

    const response = await t.app.inject({ method: "POST", url: "/auth/refresh_token", cookies: { conversa_rt: session.refreshCookie } });

    expect(response.statusCode).toBe(200);
    const rotated = response.cookies.find((c) => c.name === "conversa_rt");
    expect(rotated?.value).toBeTruthy();
    expect(rotated?.value).not.toBe(session.refreshCookie);
    const me = await t.app.inject({ method: "GET", url: "/auth/me", headers: bearer(response.json().token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id });
  });

  it("ends the session when a rotated refresh token is used again after the grace window", async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, { companyId: company.id });
    const session = await loginAs(t.app, user.email);
    const first = await t.app.inject({ method: "POST", url: "/auth/refresh_token", cookies: { conversa_rt: session.refreshCookie } });
    const newToken: string = first.json().token;
    await t.db
      .update(users)
      .set({ refreshRotatedAt: new Date(Date.now() - REFRESH_GRACE_MS - 1000) })
      .where(eq(users.id, user.id));

    const replay = await t.app.inject({ method: "POST", url: "/auth/refresh_token", cookies: { conversa_rt: session.refreshCookie } });
    const afterReplay = await t.app.inject({ method: "GET", url: "/auth/me", headers: bearer(newToken) });

    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ error: "ERR_SESSION_EXPIRED" });
    expect(afterReplay.statusCode).toBe(401);
  });

  it("does not clear the refresh cookie for a request that carried none (a cross-site POST), but clears a forged one", async () => {
    const none = await t.app.inject({ method: "POST", url: "/auth/refresh_token" });
    const forged = await t.app.inject({ method: "POST", url: "/auth/refresh_token", cookies: { conversa_rt: "eyJhbGciOiJIUzI1NiJ9.e30.x" } });

    expect(none.statusCode).toBe(401);
    expect(none.cookies.find((c) => c.name === "conversa_rt")).toBeUndefined();
    expect(none.headers["set-cookie"]).toBeUndefined();
    expect(forged.cookies.find((c) => c.name === "conversa_rt")?.value).toBe("");
  });

  it("answers 401 ERR_SESSION_EXPIRED without a cookie or with a forged one", async () => {
    const none = await t.app.inject({ method: "POST", url: "/auth/refresh_token" });
    const forged = await t.app.inject({ method: "POST", url: "/auth/refresh_token", cookies: { conversa_rt: "eyJhbGciOiJIUzI1NiJ9.e30.x" } });

    expect(none.statusCode).toBe(401);
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ error: "ERR_SESSION_EXPIRED" });
  });
});

describe("GET /auth/me", () => {
  it("answers 401 without a token", async () => {
    const response = await t.app.inject({ method: "GET", url: "/auth/me" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: "ERR_SESSION_EXPIRED" });
  });

  it("answers 403 ERR_INVALID_TOKEN for an expired token, so that the client refreshes", async () => {
    const short = await buildTestApp({ accessTokenTtl: "15m" });
    try {
      const company = await createCompany(short.db);
      const user = await createUser(short.db, { companyId: company.id });
      const session = await loginAs(short.app, user.email);
      const me = () => short.app.inject({ method: "GET", url: "/auth/me", headers: bearer(session.token) });
      const clock = { offsetMs: 14 * 60_000 };
      short.platform.auth.tokens.now = () => new Date(Date.now() + clock.offsetMs);
      expect((await me()).statusCode).toBe(200);
      clock.offsetMs = 15 * 60_000 + 1_000;

      const response = await me();

      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: "ERR_INVALID_TOKEN" });
    } finally {
      await short.close();
    }
  });

  it("stops accepting the token of a deleted user at once", async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, { companyId: company.id });
    const session = await loginAs(t.app, user.email);

    await t.db.delete(users).where(eq(users.id, user.id));
    const response = await t.app.inject({ method: "GET", url: "/auth/me", headers: bearer(session.token) });

    expect(response.statusCode).toBe(401);
  });
});

describe("DELETE /auth/logout", () => {
  it("ends the session and clears the refresh cookie", async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, { companyId: company.id });
    const session = await loginAs(t.app, user.email);

    const response = await t.app.inject({ method: "DELETE", url: "/auth/logout", headers: bearer(session.token) });
    const me = await t.app.inject({ method: "GET", url: "/auth/me", headers: bearer(session.token) });
    const refresh = await t.app.inject({ method: "POST", url: "/auth/refresh_token", cookies: { conversa_rt: session.refreshCookie } });

    expect(response.statusCode).toBe(204);
    expect(response.cookies.find((c) => c.name === "conversa_rt")?.value).toBe("");
    expect(me.statusCode).toBe(401);
    expect(refresh.statusCode).toBe(401);
  });

  it("answers 401 without a session", async () => {
    const response = await t.app.inject({ method: "DELETE", url: "/auth/logout" });
    expect(response.statusCode).toBe(401);
  });
});
