import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimits } from "./schema/index.ts";
import { type TestApp, buildTestApp } from "../../test/build-test-app.ts";
import { hitRateLimits } from "./rate-limit.ts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const rule = { max: 3, windowMs: 60_000 };
const hit = (subject: string, now: Date) => hitRateLimits(t.db, [{ name: "test", subject, rule }], now);

describe("hitRateLimits", () => {
  it("lets max hits through in a window, refuses the next with the seconds left, and opens again after the window", async () => {
    const start = new Date("2026-01-01T10:00:00Z");
    for (let i = 0; i < 3; i++) await hit("198.51.100.1", new Date(start.getTime() + i * 1000));
    await expect(hit("198.51.100.1", new Date(start.getTime() + 10_000))).rejects.toMatchObject({ code: "ERR_RATE_LIMITED", details: { retryAfter: 50 } });
    await expect(hit("198.51.100.2", new Date(start.getTime() + 10_000))).resolves.toBeUndefined();
    await expect(hit("198.51.100.1", new Date(start.getTime() + 60_000))).resolves.toBeUndefined();
  });

  it("counts parallel hits exactly", async () => {
    const now = new Date("2026-02-01T10:00:00Z");
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => hit("203.0.113.9", now)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
  });

  it("keeps no subject in the clear and prunes passed windows", async () => {
    await hit("someone@example.com", new Date("2026-03-01T10:00:00Z"));
    const rows = await t.db.select().from(rateLimits);
    expect(JSON.stringify(rows)).not.toContain("someone@example.com");
    await hit("later@example.com", new Date("2027-03-01T10:00:00Z"));
    const left = await t.db.select().from(rateLimits);
    expect(left).toHaveLength(1);
  });
});
