import { describe, expect, it } from "vitest";
import { buildTestApp } from "../../test/build-test-app.ts";
import { requestLogLevel } from "./request-log.ts";

describe("requestLogLevel", () => {
  it.each([
    ["GET", 200, "debug"],
    ["HEAD", 304, "debug"],
    ["GET", 404, "info"],
    ["POST", 200, "info"],
    ["PUT", 400, "info"],
    ["GET", 503, "error"],
  ] as const)("logs %s answered %s at %s", (method, status, level) => {
    expect(requestLogLevel(method, status)).toBe(level);
  });
});

describe("the request log at the default level", () => {
  it("keeps health checks and successful reads out, and shows writes with their route and status", async () => {
    const lines: string[] = [];
    const t = await buildTestApp({ logLevel: "info" }, { logDestination: { write: (line: string) => void lines.push(line) } });
    try {
      for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: "GET", url: "/health" })).statusCode).toBe(200);
      expect((await t.app.inject({ method: "POST", url: "/auth/login", payload: { email: "nobody@acme.test", password: "wrong-pass" } })).statusCode).toBeGreaterThanOrEqual(400);
      const requests = lines.filter((line) => line.includes('"msg":"request completed"') || line.includes('"msg":"incoming request"'));
      expect(requests.some((line) => line.includes('"url":"/health"'))).toBe(false);
      expect(requests).toEqual([expect.stringContaining('"url":"/auth/login"')]);
      expect(requests[0]).toMatch(/"statusCode":4\d\d/);
    } finally {
      await t.close();
    }
  });
});
