import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { bearer, createTenant } from "../../../test/factories.ts";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe("GET /version and /health", () => {
  it("answers the product version and a healthy database", async () => {
    t = await buildTestApp();
    expect((await t.app.inject({ method: "GET", url: "/version" })).json()).toEqual({ version: "4.8.2" });
    expect((await t.app.inject({ method: "GET", url: "/health" })).json()).toEqual({ status: "ok", database: "ok" });
  });
});

describe("the error handler", () => {
  it("answers 400 ERR_VALIDATION for malformed JSON, never 500", async () => {
    t = await buildTestApp();
    const response = await t.app.inject({ method: "POST", url: "/auth/login", headers: { "content-type": "application/json" }, payload: '{"email":' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: "ERR_VALIDATION", message: expect.any(String) });
  });

  it("answers 413 ERR_PAYLOAD_TOO_LARGE for a body over the size limit", async () => {
    t = await buildTestApp();
    const a = await createTenant(t.app, t.db);
    const response = await t.app.inject({
      method: "PUT",
      url: "/settings/ipixc",
      headers: { ...bearer(a.adminToken), "content-type": "application/json" },
      payload: JSON.stringify({ value: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: "ERR_PAYLOAD_TOO_LARGE" });
  });

  it("answers 400 ERR_VALIDATION for an unsupported content type", async () => {
    t = await buildTestApp();
    const response = await t.app.inject({ method: "POST", url: "/auth/login", headers: { "content-type": "text/xml" }, payload: "<a/>" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_VALIDATION" });
  });

  it("answers 404 ERR_NOT_FOUND as JSON for an unknown API route", async () => {
    t = await buildTestApp();
    const response = await t.app.inject({ method: "GET", url: "/nothing-here" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: "ERR_NOT_FOUND" });
  });
});

describe("security headers", () => {
  it("sends a same-origin CSP, frame-ancestors none, nosniff and a referrer policy", async () => {
    t = await buildTestApp();
    const response = await t.app.inject({ method: "GET", url: "/version" });
    expect(response.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("same-origin");
  });

  it("allows the help videos' thumbnails and player from that one service, and nothing else from outside", async () => {
    t = await buildTestApp();
    const response = await t.app.inject({ method: "GET", url: "/version" });
    expect(String(response.headers["content-security-policy"]).split(";")).toEqual([
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob: https://img.youtube.com",
      "media-src 'self' blob:",
      "font-src 'self' data:",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-src https://www.youtube-nocookie.com",
      "frame-ancestors 'none'",
    ]);
  });
});

describe("serving the web app", () => {
  function webDist() {
    const dir = mkdtempSync(path.join(os.tmpdir(), "conversa-web-"));
    mkdirSync(path.join(dir, "assets"));
    writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>Conversa</title>");
    writeFileSync(path.join(dir, "assets", "app.js"), "console.log(1)");
    return dir;
  }

  it("answers index.html to a browser navigation, even on a path the API also uses", async () => {
    t = await buildTestApp({ webDist: webDist() });
    const response = await t.app.inject({ method: "GET", url: "/settings", headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8" } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.body).toContain("<title>Conversa</title>");
    expect(response.headers.vary).toContain("Accept");
  });

  it("answers the API to a fetch of the same path and static files by name", async () => {
    t = await buildTestApp({ webDist: webDist() });
    const api = await t.app.inject({ method: "GET", url: "/settings", headers: { accept: "application/json" } });
    const asset = await t.app.inject({ method: "GET", url: "/assets/app.js", headers: { accept: "*/*" } });
    expect(api.statusCode).toBe(401);
    expect(api.json()).toMatchObject({ error: "ERR_SESSION_EXPIRED" });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe("console.log(1)");
  });

  it("answers the API to a browser navigation under /api/ (the OpenAPI document opens as JSON), and the web app on /api-docs", async () => {
    t = await buildTestApp({ webDist: webDist() });
    const html = { accept: "text/html,application/xhtml+xml,*/*;q=0.8" };
    const document = await t.app.inject({ method: "GET", url: "/api/openapi.json", headers: html });
    expect(document.statusCode).toBe(200);
    expect(document.headers["content-type"]).toContain("application/json");
    expect(document.json()).toMatchObject({ openapi: "3.1.0" });
    const page = await t.app.inject({ method: "GET", url: "/api-docs", headers: html });
    expect(page.body).toContain("<title>Conversa</title>");
    // The route table's files of the web app are hidden from the document.
    const routes = t.app.routeTable.filter((route) => route.url === "/assets/app.js");
    expect(routes.map((route) => route.isHidden)).toEqual([true]);
    expect(JSON.stringify(document.json())).not.toContain("/assets/app.js");
  });
});
