import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ZExternalSendTextBody, ZListTicketsQuery } from "@conversa/shared";
import { buildTestApp } from "../../../test/build-test-app.ts";
import { tagOf } from "./openapi.document.ts";

const t = await buildTestApp();
afterAll(async () => {
  await t.close();
});

type Json = Record<string, unknown>;
const ZJson = z.record(z.string(), z.unknown());
const asJson = (value: unknown): Json => ZJson.safeParse(value).data ?? {};
const METHODS = ["get", "post", "put", "patch", "delete"];

async function fetchDocument() {
  const response = await t.app.inject({ method: "GET", url: "/api/openapi.json", headers: { accept: "application/json" } });
  expect(response.statusCode, response.body).toBe(200);
  return { response, document: asJson(response.json()) };
}

/** Every operation of the document, as "METHOD /path/:param" like the route table's. */
function operationsOf(document: Json): Map<string, Json> {
  const operations = new Map<string, Json>();
  for (const [path, item] of Object.entries(asJson(document.paths))) {
    for (const [method, operation] of Object.entries(asJson(item))) {
      operations.set(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`, asJson(operation));
    }
  }
  return operations;
}

/** Every `$ref` anywhere in a value. */
function refsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsOf);
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => (key === "$ref" && typeof inner === "string" ? [inner] : refsOf(inner)));
}

describe("GET /api/openapi.json", () => {
  it("answers an OpenAPI 3.1 document without a session", async () => {
    const { response, document } = await fetchDocument();
    expect(document).toMatchObject({ openapi: "3.1.0", info: { title: "Conversa API", version: expect.any(String) } });
    expect(response.headers["cache-control"]).toBe("public, max-age=300");
    expect(asJson(asJson(document.components).securitySchemes)).toMatchObject({ session: { type: "http", scheme: "bearer" }, connectionToken: { type: "http", scheme: "bearer" } });
  });

  it("documents every route of the server's route table, and nothing else", async () => {
    const { document } = await fetchDocument();
    const documented = [...operationsOf(document).keys()].sort();
    const routes = t.app.routeTable.filter((route) => !route.isHidden).map((route) => `${route.method} ${route.url}`);
    expect(new Set(routes).size).toBe(routes.length);
    expect(documented).toEqual([...routes].sort());
    expect(documented.length).toBeGreaterThan(100);
  });

  it("gives each operation its tag, its security, its path parameters and an error answer in the API's shape", async () => {
    const { document } = await fetchDocument();
    const operations = operationsOf(document);
    const tags = new Set((Array.isArray(document.tags) ? document.tags : []).map((tag) => asJson(tag).name));
    for (const route of t.app.routeTable.filter((entry) => !entry.isHidden)) {
      const key = `${route.method} ${route.url}`;
      const operation = operations.get(key)!;
      expect(operation.tags, key).toEqual([tagOf(route.url)]);
      expect(tags.has(tagOf(route.url)), key).toBe(true);
      const security = route.isAuthenticated ? [{ session: [] }] : route.isTokenAuthenticated ? [{ connectionToken: [] }] : [];
      expect(operation.security, key).toEqual(security);
      const pathParams = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]);
      const declared = (Array.isArray(operation.parameters) ? operation.parameters : []).map(asJson).filter((p) => p.in === "path").map((p) => p.name);
      expect(declared, key).toEqual(pathParams);
      const responses = asJson(operation.responses);
      expect(asJson(asJson(asJson(asJson(responses.default).content)["application/json"]).schema), key).toEqual({ $ref: "#/components/schemas/ApiError" });
      if (route.isAuthenticated) expect(Object.keys(responses), key).toContain("401");
      if (route.planFlag) expect(operation["x-plan-flag"], key).toBe(route.planFlag);
    }
  });

  it("describes the schemas the routes validate with", async () => {
    const { document } = await fetchDocument();
    const operations = operationsOf(document);
    const tickets = operations.get("GET /tickets")!;
    const query = (tickets.parameters as unknown[]).map(asJson).filter((p) => p.in === "query").map((p) => p.name);
    expect(query.sort()).toEqual(Object.keys(asJson(asJson(z.toJSONSchema(ZListTicketsQuery, { io: "input", unrepresentable: "any" })).properties)).sort());
    const send = operations.get("POST /api/messages/send")!;
    const content = asJson(asJson(send.requestBody).content);
    expect(Object.keys(content).sort()).toEqual(["application/json", "multipart/form-data"]);
    const { $schema: _dialect, ...textBody } = asJson(z.toJSONSchema(ZExternalSendTextBody, { io: "input", unrepresentable: "any" }));
    expect(asJson(content["application/json"]).schema).toEqual(textBody);
    expect(asJson(asJson(asJson(content["multipart/form-data"]).schema).properties).medias).toMatchObject({ type: "array", items: { type: "string", format: "binary" } });
    expect(send.security).toEqual([{ connectionToken: [] }]);
    expect(Object.keys(asJson(send.responses))).toEqual(expect.arrayContaining(["200", "400", "401", "403", "413", "429", "default"]));
    const login = operations.get("POST /auth/login")!;
    expect(login.security).toEqual([]);
    expect(asJson(asJson(login.requestBody).content)["application/json"]).toBeDefined();
  });

  it("resolves every reference inside the document", async () => {
    const { document } = await fetchDocument();
    const schemas = asJson(asJson(document.components).schemas);
    const unresolved = refsOf(document).filter((ref) => !(ref.startsWith("#/components/schemas/") && ref.slice("#/components/schemas/".length) in schemas));
    expect(unresolved).toEqual([]);
    for (const method of Object.values(asJson(document.paths)).flatMap((item) => Object.keys(asJson(item)))) expect(METHODS).toContain(method);
  });
});
