import { describe, expect, it } from "vitest";
import { LoginLimiter } from "./login-limiter.ts";

describe("LoginLimiter", () => {
  it("blocks a key after the maximum failures until the window ends", () => {
    let now = 0;
    const limiter = new LoginLimiter(3, 1000, () => now);
    for (let i = 0; i < 2; i++) limiter.recordFailure("k");
    expect(limiter.retryAfterMs("k")).toBe(0);
    limiter.recordFailure("k");
    expect(limiter.retryAfterMs("k")).toBe(1000);
    now = 400;
    expect(limiter.retryAfterMs("k")).toBe(600);
    now = 1000;
    expect(limiter.retryAfterMs("k")).toBe(0);
  });

  it("forgets the failures of a key that succeeded", () => {
    const limiter = new LoginLimiter(2, 1000, () => 0);
    limiter.recordFailure("k");
    limiter.recordFailure("k");
    limiter.clear("k");
    expect(limiter.retryAfterMs("k")).toBe(0);
  });

  it("counts keys apart", () => {
    const limiter = new LoginLimiter(1, 1000, () => 0);
    limiter.recordFailure("a");
    expect(limiter.retryAfterMs("a")).toBeGreaterThan(0);
    expect(limiter.retryAfterMs("b")).toBe(0);
  });
});
