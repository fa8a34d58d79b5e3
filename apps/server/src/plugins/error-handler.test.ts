import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, buildTestApp } from "../../test/build-test-app.ts";
import { bearer, createTenant } from "../../test/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("a URL the router refuses", () => {
  it("answers a path parameter longer than the router allows with 400 ERR_VALIDATION in the API's error shape", async () => {
    const tenant = await createTenant(t.app, t.db);

    const response = await t.app.inject({ method: "GET", url: `/contacts/${"9".repeat(10_000)}`, headers: bearer(tenant.adminToken) });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: "ERR_VALIDATION", message: "Malformed request" });
  });

  it("answers a malformed escape in the path with 400 ERR_VALIDATION", async () => {
    const response = await t.app.inject({ method: "GET", url: "/contacts/%E0%A4%A" });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: "ERR_VALIDATION", message: "Malformed request" });
  });
});
