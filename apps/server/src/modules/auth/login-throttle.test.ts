import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loginThrottles } from "../../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { LOGIN_THROTTLE, LoginThrottle, delayAfter, waitOf } from "./login-throttle.ts";

describe("delayAfter", () => {
  it.each([
    ["pair", 5, 0],
    ["pair", 6, 1000],
    ["pair", 7, 2000],
    ["pair", 8, 4000],
    ["pair", 15, 512_000],
    ["pair", 16, 900_000],
    ["pair", 5000, 900_000],
    ["account", 20, 0],
    ["account", 21, 1000],
    ["account", 26, 32_000],
    ["account", 27, 60_000],
    ["address", 100, 0],
    ["address", 101, 1000],
    ["address", 500, 300_000],
  ] as const)("%s after %i failures → %i ms", (kind, failures, expected) => {
    expect(delayAfter(LOGIN_THROTTLE[kind], failures)).toBe(expected);
  });
});

describe("waitOf", () => {
  const rule = LOGIN_THROTTLE.pair;
  const at = (ms: number) => new Date(1_000_000 + ms);
  it.each([
    ["no counter", undefined, at(0), 0],
    ["within the free failures", { failures: 5, lastFailureAt: at(0), expiresAt: at(rule.forgetMs) }, at(0), 0],
    ["within the free failures, the last one stamped after now by a parallel attempt", { failures: 3, lastFailureAt: at(40), expiresAt: at(rule.forgetMs) }, at(0), 0],
    ["just after the 7th failure", { failures: 7, lastFailureAt: at(0), expiresAt: at(rule.forgetMs) }, at(500), 1500],
    ["once the delay has passed", { failures: 7, lastFailureAt: at(0), expiresAt: at(rule.forgetMs) }, at(2000), 0],
    ["a forgotten counter", { failures: 900, lastFailureAt: at(0), expiresAt: at(10) }, at(10), 0],
  ] as const)("%s → %i ms", (_label, state, now, expected) => {
    expect(waitOf(rule, state, now)).toBe(expected);
  });
});

describe("LoginThrottle (PostgreSQL store)", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => {
    await t.close();
  });
  const attempt = (email: string, clientAddress: string, knownDevice = false) => ({ email, clientAddress, knownDevice });

  it("shares the counters between two throttles on one database, as between two server processes", async () => {
    const first = new LoginThrottle(t.db);
    const second = new LoginThrottle(t.db);
    const now = new Date();
    for (let i = 0; i < 6; i++) expect(await (i % 2 ? first : second).begin(attempt("ana@example.com", "10.0.0.1"), now)).toEqual({ retryAfterMs: 0 });

    expect(await first.begin(attempt("ana@example.com", "10.0.0.1"), now)).toEqual({ retryAfterMs: 1000 });
    expect(await second.begin(attempt("ana@example.com", "10.0.0.1"), now)).toEqual({ retryAfterMs: 1000 });
  });

  it("lets only the free attempts of a burst of parallel guesses through", async () => {
    const throttle = new LoginThrottle(t.db);
    const now = new Date();

    const results = await Promise.all(Array.from({ length: 20 }, () => throttle.begin(attempt("ana@example.com", "10.0.0.1"), now)));

    expect(results.filter((result) => result.retryAfterMs === 0)).toHaveLength(6);
  });

  it("keeps no e-mail or address in the clear, and prunes forgotten counters", async () => {
    const throttle = new LoginThrottle(t.db);
    const start = new Date();
    await throttle.begin(attempt("ana@example.com", "10.0.0.1"), start);
    const rows = await t.db.select().from(loginThrottles);
    expect(rows).toHaveLength(3);
    expect(JSON.stringify(rows)).not.toMatch(/ana@example|10\.0\.0\.1/);

    await throttle.begin(attempt("bia@example.com", "10.0.0.2"), new Date(start.getTime() + LOGIN_THROTTLE.pair.forgetMs + 1));

    expect(await t.db.select().from(loginThrottles)).toHaveLength(3);
  });

  it("clears the pair on success and gives the account and the address back the attempt it counted", async () => {
    const throttle = new LoginThrottle(t.db);
    const now = new Date();
    await throttle.begin(attempt("ana@example.com", "10.0.0.9"), now);
    for (let i = 0; i < 3; i++) await throttle.begin(attempt("ana@example.com", "10.0.0.1"), now);

    await throttle.succeeded(attempt("ana@example.com", "10.0.0.1"));

    const failures = (await t.db.select().from(loginThrottles)).map((row) => row.failures).sort();
    // account: 4 - 1; address 10.0.0.1: 3 - 1; address and pair of 10.0.0.9: 1 each; the pair of 10.0.0.1 is gone.
    expect(failures).toEqual([1, 1, 2, 3]);
  });
});
