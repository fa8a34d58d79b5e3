import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SETTING_KEYS } from "@conversa/shared";
import { settings } from "../../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { bearer, createTenant } from "../../../test/factories.ts";

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

async function valueOf(companyId: number, key: string) {
  const [row] = await t.db.select({ value: settings.value }).from(settings).where(and(eq(settings.companyId, companyId), eq(settings.key, key)));
  return row?.value;
}

describe("GET /settings/", () => {
  it("lists every setting key of the company with its default value", async () => {
    const a = await createTenant(t.app, t.db);

    const response = await t.app.inject({ method: "GET", url: "/settings/", headers: bearer(a.agentToken) });

    expect(response.statusCode).toBe(200);
    const body: { key: string; value: string }[] = response.json();
    expect(body.map((s) => s.key).sort()).toEqual([...SETTING_KEYS].sort());
    expect(body).toContainEqual({ key: "scheduleType", value: "disabled" });
    expect(body).toContainEqual({ key: "sendGreetingMessageOneQueues", value: "enabled" });
  });

  it("never sends back a secret value", async () => {
    const a = await createTenant(t.app, t.db);
    await t.app.inject({ method: "PUT", url: "/settings/asaas", headers: bearer(a.adminToken), payload: { value: "sk_live_123456" } });

    const response = await t.app.inject({ method: "GET", url: "/settings", headers: bearer(a.adminToken) });

    expect(response.body).not.toContain("sk_live_123456");
    expect(response.json()).toContainEqual({ key: "asaas", value: "", hasValue: true });
  });

  it("answers 401 without a session", async () => {
    expect((await t.app.inject({ method: "GET", url: "/settings/" })).statusCode).toBe(401);
  });
});

describe("PUT /settings/:key", () => {
  it("lets an admin change a setting and publishes the change", async () => {
    const a = await createTenant(t.app, t.db);
    t.published.length = 0;

    const response = await t.app.inject({ method: "PUT", url: "/settings/userRating", headers: bearer(a.adminToken), payload: { key: "userRating", value: "enabled" } });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ key: "userRating", value: "enabled" });
    expect(await valueOf(a.company.id, "userRating")).toBe("enabled");
    expect(t.published).toContainEqual({ name: "setting.updated", payload: { companyId: a.company.id, setting: { key: "userRating", value: "enabled" } } });
  });

  it("changes only the session's company", async () => {
    const a = await createTenant(t.app, t.db);
    const b = await createTenant(t.app, t.db);

    await t.app.inject({ method: "PUT", url: "/settings/scheduleType", headers: bearer(b.adminToken), payload: { value: "company" } });

    expect(await valueOf(b.company.id, "scheduleType")).toBe("company");
    expect(await valueOf(a.company.id, "scheduleType")).toBe("disabled");
  });

  it("answers ERR_NO_PERMISSION to a user-profile account and changes nothing", async () => {
    const a = await createTenant(t.app, t.db);

    const response = await t.app.inject({ method: "PUT", url: "/settings/userRating", headers: bearer(a.agentToken), payload: { value: "enabled" } });

    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    expect(await valueOf(a.company.id, "userRating")).toBe("disabled");
  });

  it("keeps the default calling code (55 until changed) of 1 to 3 digits", async () => {
    const a = await createTenant(t.app, t.db);
    expect(await valueOf(a.company.id, "defaultCountryCode")).toBe("55");

    const response = await t.app.inject({ method: "PUT", url: "/settings/defaultCountryCode", headers: bearer(a.adminToken), payload: { value: "351" } });

    expect(response.statusCode).toBe(200);
    expect(await valueOf(a.company.id, "defaultCountryCode")).toBe("351");
  });

  it("answers ERR_NO_SETTING_FOUND for an unknown key", async () => {
    const a = await createTenant(t.app, t.db);
    const response = await t.app.inject({ method: "PUT", url: "/settings/nope", headers: bearer(a.adminToken), payload: { value: "x" } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: "ERR_NO_SETTING_FOUND" });
  });

  it.each([
    ["a value the key does not accept", "/settings/scheduleType", { value: "sometimes" }],
    ["a missing value", "/settings/userRating", {}],
    ["a number", "/settings/userRating", { value: 1 }],
    ["an unknown field", "/settings/userRating", { value: "enabled", companyId: 99 }],
    ["a huge value", "/settings/ipixc", { value: "x".repeat(5000) }],
    ["a four-digit calling code", "/settings/defaultCountryCode", { value: "3511" }],
    ["a calling code with a +", "/settings/defaultCountryCode", { value: "+55" }],
    ["a calling code starting with 0", "/settings/defaultCountryCode", { value: "055" }],
    ["an empty calling code", "/settings/defaultCountryCode", { value: "" }],
  ])("answers 400 ERR_VALIDATION for %s", async (_label, url, payload) => {
    const a = await createTenant(t.app, t.db);
    const response = await t.app.inject({ method: "PUT", url, headers: bearer(a.adminToken), payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_VALIDATION" });
    expect(await valueOf(a.company.id, "scheduleType")).toBe("disabled");
  });
});
