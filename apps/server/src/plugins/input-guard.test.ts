import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, buildTestApp } from "../../test/build-test-app.ts";
import { bearer, createTenant } from "../../test/factories.ts";
import { hasNulCharacter } from "./input-guard.ts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("hasNulCharacter", () => {
  it.each([
    ["a plain string", "abc", false],
    ["a string with a NUL", "a\u0000b", true],
    ["a NUL deep in arrays and objects", { a: [{ b: ["x", "y\u0000"] }] }, true],
    ["a NUL in a key", { "k\u0000": 1 }, true],
    ["numbers, booleans and null", { a: 1, b: true, c: null }, false],
    ["other control characters", "a\u0007b\u001b", false],
  ])("finds %s: %s", (_what, input, expected) => {
    expect(hasNulCharacter(input)).toBe(expected);
  });

  it("walks a body nested far deeper than the call stack", () => {
    let value: unknown = "leaf\u0000";
    for (let i = 0; i < 100_000; i += 1) value = { a: value };
    expect(hasNulCharacter(value)).toBe(true);
  });
});

describe("a NUL character in a request", () => {
  it("answers 400 ERR_VALIDATION in a body field and stores nothing", async () => {
    const tenant = await createTenant(t.app, t.db);

    const response = await t.app.inject({ method: "POST", url: "/tags", headers: bearer(tenant.adminToken), payload: { name: "a\u0000b", kanban: 0 } });
    const tags = await t.app.inject({ method: "GET", url: "/tags/list", headers: bearer(tenant.adminToken) });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_VALIDATION" });
    expect(tags.json()).toEqual([]);
  });

  it("answers 400 ERR_VALIDATION in a query field", async () => {
    const tenant = await createTenant(t.app, t.db);

    const response = await t.app.inject({ method: "GET", url: "/contacts", query: { searchParam: "a\u0000b" }, headers: bearer(tenant.adminToken) });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_VALIDATION" });
  });
});
