import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { users } from "../../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { DEFAULT_PASSWORD, bearer, createCompany, createUser, loginAs } from "../../../test/factories.ts";

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

function login(email: string, password: string, ip = "10.0.0.1") {
  return t.app.inject({ method: "POST", url: "/auth/login", payload: { email, password }, remoteAddress: ip });
}

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

  it("rate-limits repeated failures from one address, even for a correct password afterwards", async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, { companyId: company.id });
    for (let i = 0; i < 5; i++) expect((await login(user.email, "wrong-password", "10.9.9.9")).statusCode).toBe(401);

    const blocked = await login(user.email, DEFAULT_PASSWORD, "10.9.9.9");
    const otherAddress = await login("someone@example.com", "x", "10.8.8.8");

    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ error: "ERR_RATE_LIMITED" });
    expect(otherAddress.json()).toMatchObject({ error: "ERR_INVALID_CREDENTIALS" });
  });

  it("locks an account attacked from many addresses", async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, { companyId: company.id });
    for (let i = 0; i < 5; i++) await login(user.email, "wrong-password", `10.1.1.${i}`);

    const response = await login(user.email, DEFAULT_PASSWORD, "10.2.2.2");

    expect(response.json()).toMatchObject({ error: "ERR_RATE_LIMITED" });
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

  it("ends the session when a rotated refresh token is used again", async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, { companyId: company.id });
    const session = await loginAs(t.app, user.email);
    const first = await t.app.inject({ method: "POST", url: "/auth/refresh_token", cookies: { conversa_rt: session.refreshCookie } });
    const newToken: string = first.json().token;

    const replay = await t.app.inject({ method: "POST", url: "/auth/refresh_token", cookies: { conversa_rt: session.refreshCookie } });
    const afterReplay = await t.app.inject({ method: "GET", url: "/auth/me", headers: bearer(newToken) });

    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ error: "ERR_SESSION_EXPIRED" });
    expect(afterReplay.statusCode).toBe(401);
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
    const short = await buildTestApp({ accessTokenTtl: "1s" });
    try {
      const company = await createCompany(short.db);
      const user = await createUser(short.db, { companyId: company.id });
      const session = await loginAs(short.app, user.email);
      await new Promise((resolve) => setTimeout(resolve, 2100));

      const response = await short.app.inject({ method: "GET", url: "/auth/me", headers: bearer(session.token) });

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
