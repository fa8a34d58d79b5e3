import { DrizzleQueryError } from "drizzle-orm/errors";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, buildTestApp } from "../../test/build-test-app.ts";
import { bearer, createTenant } from "../../test/factories.ts";
import { RETRY_AFTER_SECONDS, registerErrorHandler } from "./error-handler.ts";

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

describe("a body over its route's limit", () => {
  const twoMiB = (field: string) => JSON.stringify({ [field]: "x".repeat(2 * 1024 * 1024) });

  it("answers a JSON body of 2 MiB with 413 ERR_PAYLOAD_TOO_LARGE, with and without a session", async () => {
    const tenant = await createTenant(t.app, t.db);
    const requests = [
      { method: "POST" as const, url: "/auth/login", headers: { "content-type": "application/json" }, payload: twoMiB("email") },
      { method: "POST" as const, url: "/contacts", headers: { ...bearer(tenant.adminToken), "content-type": "application/json" }, payload: twoMiB("name") },
      { method: "PUT" as const, url: "/settings/userRating", headers: { ...bearer(tenant.adminToken), "content-type": "application/json" }, payload: twoMiB("value") },
    ];
    for (const request of requests) {
      const response = await t.app.inject(request);
      expect(response.statusCode, request.url).toBe(413);
      expect(response.json()).toEqual({ error: "ERR_PAYLOAD_TOO_LARGE", message: "Request body too large" });
    }
  });

  it("answers a body of another parsed type over the limit with 413 too, and a body just under it as usual", async () => {
    const app = Fastify({ bodyLimit: 1024 });
    registerErrorHandler(app);
    app.addContentTypeParser("text/plain", { parseAs: "string" }, (_request, text, done) => done(null, text));
    app.post("/echo", (request) => ({ length: String(request.body).length }));

    const over = await app.inject({ method: "POST", url: "/echo", headers: { "content-type": "text/plain" }, payload: "x".repeat(2048) });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ error: "ERR_PAYLOAD_TOO_LARGE", message: "Request body too large" });
    const under = await app.inject({ method: "POST", url: "/echo", headers: { "content-type": "text/plain" }, payload: "x".repeat(1000) });
    expect(under.json()).toEqual({ length: 1000 });
    await app.close();
  });

  it("still answers malformed JSON under the limit with 400 ERR_VALIDATION", async () => {
    const response = await t.app.inject({ method: "POST", url: "/auth/login", headers: { "content-type": "application/json" }, payload: '{"email": ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: "ERR_VALIDATION", message: "Malformed request" });
  });
});

describe("a database that cannot be reached", () => {
  it("answers 503 ERR_SERVICE_UNAVAILABLE with Retry-After, and nothing of the driver, the query or the network", async () => {
    const app = Fastify();
    registerErrorHandler(app);
    const refused = Object.assign(new Error("connect ECONNREFUSED 10.0.0.7:5432"), { code: "ECONNREFUSED" });
    app.get("/down", () => {
      throw new DrizzleQueryError('select "password_hash" from "users" where "id" = $1', [1], refused);
    });
    app.get("/dropped", () => {
      throw new Error("Connection terminated unexpectedly");
    });

    for (const url of ["/down", "/dropped"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(503);
      expect(response.headers["retry-after"]).toBe(String(RETRY_AFTER_SECONDS));
      expect(response.json()).toEqual({ error: "ERR_SERVICE_UNAVAILABLE", message: "Service temporarily unavailable, try again shortly" });
    }
    await app.close();
  });

  it("still answers any other failure 500 ERR_INTERNAL", async () => {
    const app = Fastify();
    registerErrorHandler(app);
    app.get("/broken", () => {
      throw new DrizzleQueryError("select 1", [], Object.assign(new Error("division by zero"), { code: "22012" }));
    });
    const response = await app.inject({ method: "GET", url: "/broken" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: "ERR_INTERNAL", message: "Internal error" });
    await app.close();
  });
});
