import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditLogs, users } from "../../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { DEFAULT_PASSWORD, bearer, createCompany, createUser, loginAs } from "../../../test/factories.ts";
import { totpCodeAt } from "./totp.ts";

let t: TestApp;
/** The TOTP and throttle clock: starts at a fixed time and moves only when told. */
let now: number;
const STEP_MS = 30_000;

beforeEach(async () => {
  t = await buildTestApp();
  now = Date.UTC(2026, 5, 1, 12, 0, 0);
  t.platform.auth.now = () => new Date(now);
});
afterEach(async () => {
  await t.close();
});

function login(payload: { email: string; password: string; code?: string }, options: { ip?: string; knownDevice?: string } = {}) {
  return t.app.inject({
    method: "POST",
    url: "/auth/login",
    payload,
    remoteAddress: options.ip ?? "10.0.0.1",
    cookies: options.knownDevice ? { conversa_kd: options.knownDevice } : {},
  });
}

const codeNow = (secret: string, offsetSteps = 0) => totpCodeAt(secret, new Date(now + offsetSteps * STEP_MS));

/** A user with two-factor sign-in on: their secret and recovery codes. The clock is then one step later, so a fresh code is accepted. */
async function userWithTwoFactor(options: { profile?: "admin" | "user"; isSuper?: boolean; companyId?: number } = {}) {
  const companyId = options.companyId ?? (await createCompany(t.db)).id;
  const user = await createUser(t.db, { companyId, profile: options.profile ?? "user", isSuper: options.isSuper ?? false });
  const session = await loginAs(t.app, user.email);
  const setup = await t.app.inject({ method: "POST", url: "/auth/2fa/setup", headers: bearer(session.token) });
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json();
  const enabled = await t.app.inject({ method: "POST", url: "/auth/2fa/enable", headers: bearer(session.token), payload: { code: codeNow(secret) } });
  expect(enabled.statusCode).toBe(200);
  now += STEP_MS;
  return { user, secret: secret as string, recoveryCodes: enabled.json().recoveryCodes as string[], token: session.token, companyId };
}

describe("POST /auth/2fa/setup and /auth/2fa/enable", () => {
  it("answers a secret and its otpauth URL, and turns two-factor sign-in on only with a valid code", async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, { companyId: company.id, email: "ana@example.com" });
    const { token } = await loginAs(t.app, user.email);

    const notSetUp = await t.app.inject({ method: "POST", url: "/auth/2fa/enable", headers: bearer(token), payload: { code: "123456" } });
    expect(notSetUp.statusCode).toBe(409);
    expect(notSetUp.json()).toMatchObject({ error: "ERR_2FA_NOT_SET_UP" });

    const setup = await t.app.inject({ method: "POST", url: "/auth/2fa/setup", headers: bearer(token) });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe("otpauth:");
    expect(url.host).toBe("totp");
    expect(decodeURIComponent(url.pathname)).toBe("/Conversa:ana@example.com");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ secret, algorithm: "SHA1", digits: "6", period: "30", issuer: "Conversa" });

    const wrong = await t.app.inject({ method: "POST", url: "/auth/2fa/enable", headers: bearer(token), payload: { code: codeNow(secret, 3) } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: "ERR_2FA_INVALID_CODE" });
    const [stillOff] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(stillOff?.totpEnabledAt).toBeNull();

    const enabled = await t.app.inject({ method: "POST", url: "/auth/2fa/enable", headers: bearer(token), payload: { code: codeNow(secret) } });
    expect(enabled.statusCode).toBe(200);
    const { recoveryCodes } = enabled.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);

    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.totpEnabledAt).toBeInstanceOf(Date);
    expect(row?.totpPendingSecret).toBeNull();
    expect(row?.totpSecret).not.toContain(secret);
    expect(row?.recoveryCodes).toHaveLength(10);
    expect(JSON.stringify(row?.recoveryCodes)).not.toContain(recoveryCodes[0]);

    const me = await t.app.inject({ method: "GET", url: "/auth/me", headers: bearer(token) });
    expect(me.json()).toMatchObject({ twoFactorEnabled: true, twoFactorSetupRequired: false });
    expect(me.body).not.toContain(secret);

    const again = await t.app.inject({ method: "POST", url: "/auth/2fa/setup", headers: bearer(token) });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: "ERR_2FA_ALREADY_ENABLED" });

    const [entry] = await t.db.select().from(auditLogs).where(eq(auditLogs.action, "auth.2fa.enable"));
    expect(entry).toMatchObject({ userId: user.id, targetId: String(user.id) });
  });

  it("answers 401 without a session and 400 for a code that is not 6 digits", async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, { companyId: company.id });
    const { token } = await loginAs(t.app, user.email);

    expect((await t.app.inject({ method: "POST", url: "/auth/2fa/setup" })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: "POST", url: "/auth/2fa/enable", headers: bearer(token), payload: { code: "12a456" } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: "ERR_VALIDATION" });
  });
});

describe("POST /auth/login with two-factor sign-in on", () => {
  it("answers ERR_2FA_REQUIRED for the right password alone and signs in with a current code", async () => {
    const { user, secret } = await userWithTwoFactor();

    const required = await login({ email: user.email, password: DEFAULT_PASSWORD });
    expect(required.statusCode).toBe(401);
    expect(required.json()).toEqual({ error: "ERR_2FA_REQUIRED", message: expect.any(String) });
    expect(required.cookies.find((c) => c.name === "conversa_rt")).toBeUndefined();

    const signedIn = await login({ email: user.email, password: DEFAULT_PASSWORD, code: codeNow(secret) });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ id: user.id, twoFactorEnabled: true });
  });

  it("answers ERR_INVALID_CREDENTIALS for a wrong password whether or not a code is sent", async () => {
    const { user, secret } = await userWithTwoFactor();

    const withoutCode = await login({ email: user.email, password: "wrong-password" });
    const withCode = await login({ email: user.email, password: "wrong-password", code: codeNow(secret) });

    expect(withoutCode.json()).toMatchObject({ error: "ERR_INVALID_CREDENTIALS" });
    expect(withCode.json()).toMatchObject({ error: "ERR_INVALID_CREDENTIALS" });
    // The code was not spent by the wrong password.
    expect((await login({ email: user.email, password: DEFAULT_PASSWORD, code: codeNow(secret) })).statusCode).toBe(200);
  });

  it("does not reveal a company's due date before the second factor", async () => {
    const company = await createCompany(t.db, { dueDate: new Date("2024-01-15T12:00:00.000Z") });
    const user = await createUser(t.db, { companyId: company.id });
    const sealed = t.platform.auth.box.seal("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP");
    await t.db.update(users).set({ totpSecret: sealed, totpEnabledAt: new Date(), recoveryCodes: [] }).where(eq(users.id, user.id));

    const response = await login({ email: user.email, password: DEFAULT_PASSWORD });

    expect(response.json()).toMatchObject({ error: "ERR_2FA_REQUIRED" });
    expect(response.body).not.toContain("2024");
  });

  it("accepts a code of the step before or after (clock drift) but not two steps away, by the injected clock", async () => {
    const { user, secret } = await userWithTwoFactor();

    const stale = await login({ email: user.email, password: DEFAULT_PASSWORD, code: codeNow(secret, -2) });
    expect(stale.json()).toMatchObject({ error: "ERR_2FA_INVALID_CODE" });
    const early = await login({ email: user.email, password: DEFAULT_PASSWORD, code: codeNow(secret, 2) });
    expect(early.json()).toMatchObject({ error: "ERR_2FA_INVALID_CODE" });

    expect((await login({ email: user.email, password: DEFAULT_PASSWORD, code: codeNow(secret, 1) })).statusCode).toBe(200);
    now += 3 * STEP_MS;
    expect((await login({ email: user.email, password: DEFAULT_PASSWORD, code: codeNow(secret, -1) })).statusCode).toBe(200);
  });

  it("accepts a code once within its window, and never a code of an earlier step after a later one", async () => {
    const { user, secret } = await userWithTwoFactor();
    const code = codeNow(secret);

    expect((await login({ email: user.email, password: DEFAULT_PASSWORD, code })).statusCode).toBe(200);
    const replay = await login({ email: user.email, password: DEFAULT_PASSWORD, code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ error: "ERR_2FA_INVALID_CODE" });

    now += STEP_MS;
    // Still within the window of the code just used, but its step was accepted already.
    expect((await login({ email: user.email, password: DEFAULT_PASSWORD, code })).json()).toMatchObject({ error: "ERR_2FA_INVALID_CODE" });
    expect((await login({ email: user.email, password: DEFAULT_PASSWORD, code: codeNow(secret) })).statusCode).toBe(200);
  });

  it("signs in once with each recovery code, and records its use", async () => {
    const { user, recoveryCodes } = await userWithTwoFactor();
    const [first, second] = recoveryCodes;

    const used = await login({ email: user.email, password: DEFAULT_PASSWORD, code: first!.toLowerCase() });
    expect(used.statusCode).toBe(200);
    const again = await login({ email: user.email, password: DEFAULT_PASSWORD, code: first! });
    expect(again.json()).toMatchObject({ error: "ERR_2FA_INVALID_CODE" });
    expect((await login({ email: user.email, password: DEFAULT_PASSWORD, code: second! })).statusCode).toBe(200);

    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.recoveryCodes).toHaveLength(8);
    const entries = await t.db.select().from(auditLogs).where(eq(auditLogs.action, "auth.2fa.recovery_code_used"));
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ userId: user.id, targetId: String(user.id), ip: "10.0.0.1" });
    expect(JSON.stringify(entries)).not.toContain(first!);
  });

  it("counts wrong codes on the login throttle like wrong passwords", async () => {
    const { user, secret } = await userWithTwoFactor();
    for (let i = 0; i < 6; i++) {
      const wrong = await login({ email: user.email, password: DEFAULT_PASSWORD, code: i % 2 ? "000000" : "AAAAA-BBBBB" });
      expect(wrong.json()).toMatchObject({ error: "ERR_2FA_INVALID_CODE" });
      // Asking again without a code (while the free failures last) neither counts nor forgives.
      if (i < 5) expect((await login({ email: user.email, password: DEFAULT_PASSWORD })).json()).toMatchObject({ error: "ERR_2FA_REQUIRED" });
    }

    const refused = await login({ email: user.email, password: DEFAULT_PASSWORD, code: codeNow(secret) });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: "ERR_RATE_LIMITED", details: { retryAfter: 1 } });

    now += 1000;
    expect((await login({ email: user.email, password: DEFAULT_PASSWORD, code: codeNow(secret) })).statusCode).toBe(200);
    const failures = await t.db.select().from(auditLogs).where(eq(auditLogs.action, "auth.login_failed"));
    expect(failures).toHaveLength(6);
    expect(failures[0]).toMatchObject({ userId: user.id, changes: { reason: { before: null, after: "code" } } });
  });

  it("does not let the known-device cookie skip the second factor", async () => {
    const { user, secret } = await userWithTwoFactor();
    const first = await login({ email: user.email, password: DEFAULT_PASSWORD, code: codeNow(secret) });
    const knownDevice = first.cookies.find((c) => c.name === "conversa_kd")?.value;
    expect(knownDevice).toBeDefined();

    const again = await login({ email: user.email, password: DEFAULT_PASSWORD }, { knownDevice });

    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ error: "ERR_2FA_REQUIRED" });
  });

  it("records sign-ins and failures by user id and reason only", async () => {
    const { user, secret } = await userWithTwoFactor();
    await t.db.delete(auditLogs);

    await login({ email: user.email, password: "wrong-password" });
    await login({ email: "nobody@example.com", password: "wrong-password" }, { ip: "10.0.0.9" });
    await login({ email: user.email, password: DEFAULT_PASSWORD, code: codeNow(secret) });

    const entries = await t.db.select().from(auditLogs).orderBy(auditLogs.id);
    expect(entries.map((entry) => [entry.action, entry.userId])).toEqual([
      ["auth.login_failed", user.id],
      ["auth.login_failed", null],
      ["auth.login", user.id],
    ]);
    expect(entries[1]).toMatchObject({ companyId: null, ip: "10.0.0.9", changes: { reason: { before: null, after: "password" } } });
    const text = JSON.stringify(entries);
    expect(text).not.toContain("nobody@example.com");
    expect(text).not.toContain(user.email);
    expect(text).not.toContain("wrong-password");
  });
});

describe("POST /auth/2fa/disable", () => {
  it("turns two-factor sign-in off only with the password and a current code", async () => {
    const { user, secret, token } = await userWithTwoFactor();

    const wrongPassword = await t.app.inject({ method: "POST", url: "/auth/2fa/disable", headers: bearer(token), payload: { password: "nope", code: codeNow(secret) } });
    expect(wrongPassword.json()).toMatchObject({ error: "ERR_WRONG_PASSWORD" });
    const wrongCode = await t.app.inject({ method: "POST", url: "/auth/2fa/disable", headers: bearer(token), payload: { password: DEFAULT_PASSWORD, code: "000000" } });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toMatchObject({ error: "ERR_2FA_INVALID_CODE" });

    const disabled = await t.app.inject({ method: "POST", url: "/auth/2fa/disable", headers: bearer(token), payload: { password: DEFAULT_PASSWORD, code: codeNow(secret) } });
    expect(disabled.statusCode).toBe(204);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null, recoveryCodes: null });
    expect((await login({ email: user.email, password: DEFAULT_PASSWORD })).statusCode).toBe(200);

    const [entry] = await t.db.select().from(auditLogs).where(eq(auditLogs.action, "auth.2fa.disable"));
    expect(entry).toMatchObject({ userId: user.id, targetId: String(user.id) });
  });

  it("answers ERR_2FA_NOT_ENABLED when it is off", async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, { companyId: company.id });
    const { token } = await loginAs(t.app, user.email);

    const response = await t.app.inject({ method: "POST", url: "/auth/2fa/disable", headers: bearer(token), payload: { password: DEFAULT_PASSWORD, code: "123456" } });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: "ERR_2FA_NOT_ENABLED" });
  });
});

describe("requiring two-factor sign-in", () => {
  it("takes the company's users without it to the setup when an admin requires it", async () => {
    const company = await createCompany(t.db);
    const admin = await createUser(t.db, { companyId: company.id, profile: "admin" });
    const agent = await createUser(t.db, { companyId: company.id });
    const adminSession = await loginAs(t.app, admin.email);
    expect((await loginAs(t.app, agent.email)).user.twoFactorSetupRequired).toBe(false);

    const put = await t.app.inject({ method: "PUT", url: "/settings/require2fa", headers: bearer(adminSession.token), payload: { value: "enabled" } });
    expect(put.statusCode).toBe(200);

    const agentSession = await loginAs(t.app, agent.email);
    expect(agentSession.user).toMatchObject({ twoFactorEnabled: false, twoFactorSetupRequired: true });
    const setup = await t.app.inject({ method: "POST", url: "/auth/2fa/setup", headers: bearer(agentSession.token) });
    const { secret } = setup.json();
    await t.app.inject({ method: "POST", url: "/auth/2fa/enable", headers: bearer(agentSession.token), payload: { code: codeNow(secret) } });
    const me = await t.app.inject({ method: "GET", url: "/auth/me", headers: bearer(agentSession.token) });
    expect(me.json()).toMatchObject({ twoFactorEnabled: true, twoFactorSetupRequired: false });
  });

  it("refuses a session that must set it up everything but the setup, and serves the same session once it is on", async () => {
    const company = await createCompany(t.db);
    const admin = await createUser(t.db, { companyId: company.id, profile: "admin" });
    const agent = await createUser(t.db, { companyId: company.id });
    const adminSession = await loginAs(t.app, admin.email);
    await t.app.inject({ method: "PUT", url: "/settings/require2fa", headers: bearer(adminSession.token), payload: { value: "enabled" } });
    const { token } = await loginAs(t.app, agent.email);

    for (const request of [
      { method: "GET", url: "/tickets" },
      { method: "GET", url: "/contacts" },
      { method: "PUT", url: `/users/${agent.id}`, payload: { name: "Renamed" } },
      { method: "POST", url: "/auth/2fa/disable", payload: { password: DEFAULT_PASSWORD, code: "123456" } },
    ] as const) {
      const refused = await t.app.inject({ ...request, headers: bearer(token) });
      expect({ request: request.url, status: refused.statusCode, error: refused.json().error }).toEqual({ request: request.url, status: 403, error: "ERR_2FA_SETUP_REQUIRED" });
    }
    const [row] = await t.db.select({ name: users.name }).from(users).where(eq(users.id, agent.id));
    expect(row?.name).toBe(agent.name);

    const setup = await t.app.inject({ method: "POST", url: "/auth/2fa/setup", headers: bearer(token) });
    const enable = await t.app.inject({ method: "POST", url: "/auth/2fa/enable", headers: bearer(token), payload: { code: codeNow(setup.json().secret) } });
    expect(enable.statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/tickets", headers: bearer(token) })).statusCode).toBe(200);
  });

  it("applies at once to the open sessions of users without it, the admin's own included, and to no one who has it", async () => {
    const { user: protectedUser, token: protectedToken, companyId } = await userWithTwoFactor();
    const admin = await createUser(t.db, { companyId, profile: "admin" });
    const agent = await createUser(t.db, { companyId });
    const adminSession = await loginAs(t.app, admin.email);
    const agentSession = await loginAs(t.app, agent.email);
    expect((await t.app.inject({ method: "GET", url: "/tickets", headers: bearer(agentSession.token) })).statusCode).toBe(200);

    const put = await t.app.inject({ method: "PUT", url: "/settings/require2fa", headers: bearer(adminSession.token), payload: { value: "enabled" } });
    expect(put.statusCode).toBe(200);

    for (const token of [agentSession.token, adminSession.token]) {
      const refused = await t.app.inject({ method: "GET", url: "/tickets", headers: bearer(token) });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error: "ERR_2FA_SETUP_REQUIRED" });
    }
    expect((await t.app.inject({ method: "GET", url: "/tickets", headers: bearer(protectedToken) })).statusCode).toBe(200);
    const me = await t.app.inject({ method: "GET", url: "/auth/me", headers: bearer(protectedToken) });
    expect(me.json()).toMatchObject({ id: protectedUser.id, twoFactorSetupRequired: false });
  });

  it("lets only admins require it", async () => {
    const company = await createCompany(t.db);
    const agent = await createUser(t.db, { companyId: company.id });
    const { token } = await loginAs(t.app, agent.email);

    const put = await t.app.inject({ method: "PUT", url: "/settings/require2fa", headers: bearer(token), payload: { value: "enabled" } });

    expect(put.statusCode).toBe(403);
  });

  it("takes every super user without it to the setup when a super user requires it, and no one else", async () => {
    const company = await createCompany(t.db);
    const superUser = await createUser(t.db, { companyId: company.id, profile: "admin", isSuper: true });
    const admin = await createUser(t.db, { companyId: company.id, profile: "admin" });
    const { token } = await loginAs(t.app, superUser.email);

    const put = await t.app.inject({ method: "PUT", url: "/installation-settings/requireSuperUser2fa", headers: bearer(token), payload: { value: "true" } });
    expect(put.statusCode).toBe(200);

    expect((await loginAs(t.app, superUser.email)).user.twoFactorSetupRequired).toBe(true);
    expect((await loginAs(t.app, admin.email)).user.twoFactorSetupRequired).toBe(false);
  });
});

describe("DELETE /users/:id/2fa", () => {
  it("lets an admin reset a user's second factor, after which the password alone signs in", async () => {
    const { user, companyId } = await userWithTwoFactor();
    const admin = await createUser(t.db, { companyId, profile: "admin" });
    const { token } = await loginAs(t.app, admin.email);

    const listed = await t.app.inject({ method: "GET", url: `/users/${user.id}`, headers: bearer(token) });
    expect(listed.json()).toMatchObject({ twoFactorEnabled: true });

    const reset = await t.app.inject({ method: "DELETE", url: `/users/${user.id}/2fa`, headers: bearer(token) });
    expect(reset.statusCode).toBe(200);
    expect((await login({ email: user.email, password: DEFAULT_PASSWORD })).statusCode).toBe(200);
    const [entry] = await t.db.select().from(auditLogs).where(eq(auditLogs.action, "auth.2fa.reset"));
    expect(entry).toMatchObject({ userId: admin.id, companyId, targetId: String(user.id) });

    const again = await t.app.inject({ method: "DELETE", url: `/users/${user.id}/2fa`, headers: bearer(token) });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: "ERR_2FA_NOT_ENABLED" });
  });

  it("answers 403 to a user-profile account, 404 for another company's user, 403 to an admin for a super user, 401 without a session", async () => {
    const { user, companyId } = await userWithTwoFactor();
    const colleague = await createUser(t.db, { companyId });
    const superTarget = await userWithTwoFactor({ companyId, profile: "admin", isSuper: true });
    const admin = await createUser(t.db, { companyId, profile: "admin" });
    const other = await createCompany(t.db);
    const otherAdmin = await createUser(t.db, { companyId: other.id, profile: "admin" });
    const colleagueSession = await loginAs(t.app, colleague.email);
    const adminSession = await loginAs(t.app, admin.email);
    const otherSession = await loginAs(t.app, otherAdmin.email);

    expect((await t.app.inject({ method: "DELETE", url: `/users/${user.id}/2fa` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "DELETE", url: `/users/${user.id}/2fa`, headers: bearer(colleagueSession.token) })).statusCode).toBe(403);
    const foreign = await t.app.inject({ method: "DELETE", url: `/users/${user.id}/2fa`, headers: bearer(otherSession.token) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: "ERR_NO_USER_FOUND" });
    expect((await t.app.inject({ method: "DELETE", url: `/users/${superTarget.user.id}/2fa`, headers: bearer(adminSession.token) })).statusCode).toBe(403);

    const rows = await t.db.select({ id: users.id, totpEnabledAt: users.totpEnabledAt }).from(users);
    expect(rows.find((row) => row.id === user.id)?.totpEnabledAt).toBeInstanceOf(Date);
    expect(rows.find((row) => row.id === superTarget.user.id)?.totpEnabledAt).toBeInstanceOf(Date);
  });

  it("lets a super user reset a user of any company", async () => {
    const { user } = await userWithTwoFactor();
    const home = await createCompany(t.db);
    const superUser = await createUser(t.db, { companyId: home.id, profile: "admin", isSuper: true });
    const { token } = await loginAs(t.app, superUser.email);

    const reset = await t.app.inject({ method: "DELETE", url: `/users/${user.id}/2fa`, headers: bearer(token) });

    expect(reset.statusCode).toBe(200);
    expect((await login({ email: user.email, password: DEFAULT_PASSWORD })).statusCode).toBe(200);
  });
});
