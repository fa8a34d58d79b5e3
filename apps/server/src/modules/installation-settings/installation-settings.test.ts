import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../../../test/build-test-app.ts";
import { bearer, createTenant, createUser, loginAs } from "../../../test/factories.ts";
import { installationSettings } from "../../db/schema/index.ts";

const t = await buildTestApp();
afterAll(() => t.close());

let tenant: Awaited<ReturnType<typeof createTenant>>;
let superToken: string;
beforeAll(async () => {
  tenant = await createTenant(t.app, t.db);
  const superUser = await createUser(t.db, { companyId: tenant.company.id, profile: "admin", isSuper: true });
  superToken = (await loginAs(t.app, superUser.email)).token;
});

const list = (token?: string) => t.app.inject({ method: "GET", url: "/installation-settings", headers: token ? bearer(token) : {} });
const put = (key: string, payload: object, token?: string) => t.app.inject({ method: "PUT", url: `/installation-settings/${key}`, headers: token ? bearer(token) : {}, payload });
const stored = () => t.db.select({ key: installationSettings.key, value: installationSettings.value }).from(installationSettings);

describe("GET /installation-settings", () => {
  it("lists every installation setting with its default to a super user", async () => {
    const response = await list(superToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { key: "signupEnabled", value: "true" },
      { key: "auditRetentionDays", value: "365" },
      { key: "requireSuperUser2fa", value: "false" },
    ]);
  });

  it("answers 401 without a session and 403 ERR_NO_PERMISSION to a company's admin and user", async () => {
    expect((await list()).statusCode).toBe(401);
    for (const token of [tenant.adminToken, tenant.agentToken]) {
      const response = await list(token);
      expect({ status: response.statusCode, error: response.json<{ error: string }>().error }).toEqual({ status: 403, error: "ERR_NO_PERMISSION" });
    }
  });
});

describe("PUT /installation-settings/:key", () => {
  it("changes a setting for a super user, and the list shows it", async () => {
    const response = await put("signupEnabled", { value: "false" }, superToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ key: "signupEnabled", value: "false" });
    expect((await list(superToken)).json()).toContainEqual({ key: "signupEnabled", value: "false" });
    expect((await put("signupEnabled", { value: "true" }, superToken)).json()).toEqual({ key: "signupEnabled", value: "true" });
    expect(await stored()).toEqual([{ key: "signupEnabled", value: "true" }]);
  });

  it("answers 403 ERR_NO_PERMISSION to a company's admin and user, whatever the value, and changes nothing", async () => {
    const before = await stored();
    for (const token of [tenant.adminToken, tenant.agentToken]) {
      for (const value of ["false", "not a value"]) {
        const response = await put("signupEnabled", { value }, token);
        expect({ status: response.statusCode, error: response.json<{ error: string }>().error }).toEqual({ status: 403, error: "ERR_NO_PERMISSION" });
      }
    }
    expect(await stored()).toEqual(before);
  });

  it.each([
    ["an unknown key", "registration", { value: "false" }],
    ["a value the key does not take", "signupEnabled", { value: "maybe" }],
    ["a retention shorter than 30 days", "auditRetentionDays", { value: "29" }],
    ["a retention that is no number of days", "auditRetentionDays", { value: "1e3" }],
    ["an unknown field", "signupEnabled", { value: "false", key: "signupEnabled" }],
    ["no value", "signupEnabled", {}],
    ["a boolean value", "signupEnabled", { value: false }],
  ])("answers 400 ERR_VALIDATION to %s and changes nothing", async (_what, key, payload) => {
    const before = await stored();
    const response = await put(key, payload, superToken);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_VALIDATION" });
    expect(await stored()).toEqual(before);
  });

  it("answers 401 without a session", async () => {
    expect((await put("signupEnabled", { value: "false" })).statusCode).toBe(401);
  });
});
