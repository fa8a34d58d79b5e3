import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { isResponseSerializationError } from "fastify-type-provider-zod";
import { buildTestApp } from "../../test/build-test-app.ts";
import { compileResponseSerializer, encodingSerializerCompiler } from "./response-serializer.ts";

const encoded = (schema: z.ZodType, data: unknown) => (encodingSerializerCompiler({ schema, method: "GET", url: "/x", httpStatus: "200" }) as (data: unknown) => string)(data);
const written = (schema: z.ZodType, data: unknown) => compileResponseSerializer(schema, "GET", "/x").serialize(data);

const ZUser = z.object({ id: z.number().int().positive(), name: z.string().max(5), profile: z.enum(["admin", "user"]), queue: z.object({ id: z.number() }).nullable() });

describe("the response serializer", () => {
  it("writes only the declared fields, at every depth, in the schema's order, as the encode does", () => {
    const schema = z.object({ users: z.array(ZUser), count: z.number(), note: z.string().optional() });
    const data = { count: 1, passwordHash: "x", users: [{ passwordHash: "h", queue: { id: 2, secret: true }, name: "Ana", id: 7, profile: "user" }] };

    expect(written(schema, data)).toBe('{"users":[{"id":7,"name":"Ana","profile":"user","queue":{"id":2}}],"count":1}');
    expect(written(schema, data)).toBe(encoded(schema, data));
  });

  it("answers a union with its first option that accepts the value, stripped by that option", () => {
    const schema = z.union([z.object({ kind: z.literal("a"), a: z.number() }), z.object({ kind: z.literal("b"), b: z.string() })]);
    const data = { kind: "b", b: "x", a: 1, hidden: 2 };

    expect(written(schema, data)).toBe('{"kind":"b","b":"x"}');
    expect(written(schema, data)).toBe(encoded(schema, data));
  });

  it("hands the parts it does not compile (formats, records) to their encode, and writes no default, with the same output", () => {
    const schema = z.object({ uuid: z.uuid(), at: z.iso.datetime(), scores: z.record(z.string(), z.number()), n: z.number().default(3) });
    const data = { uuid: "8f14e45f-ceea-467f-a0b6-6e0e7bdbb3a1", at: "2026-01-02T03:04:05.000Z", scores: { a: 1 }, n: 4, extra: 1 };

    expect(compileResponseSerializer(schema, "GET", "/x").encodedParts.sort()).toEqual(["record", "string", "string"]);
    expect(written(schema, data)).toBe(encoded(schema, data));
  });

  it.each([
    ["a string where a number is declared", { id: "7", name: "Ana", profile: "user", queue: null }],
    ["an object where a string is declared", { id: 7, name: { secret: "s" }, profile: "user", queue: null }],
    ["a string over its maximum", { id: 7, name: "Anabela", profile: "user", queue: null }],
    ["a value outside the enum", { id: 7, name: "Ana", profile: "owner", queue: null }],
    ["a number that is not an integer", { id: 7.5, name: "Ana", profile: "user", queue: null }],
    ["a missing required field", { id: 7, name: "Ana", profile: "user" }],
  ])("refuses %s as the encode does (ResponseSerializationError)", (_, data) => {
    expect(() => encoded(ZUser, data)).toThrow();
    let error: unknown;
    try {
      written(ZUser, data);
    } catch (thrown) {
      error = thrown;
    }
    expect(isResponseSerializationError(error)).toBe(true);
  });

  it("refuses an undeclared field of a strict object, as the encode does", () => {
    const schema = z.strictObject({ id: z.number() });
    expect(() => encoded(schema, { id: 1, other: 2 })).toThrow();
    expect(() => written(schema, { id: 1, other: 2 })).toThrow();
    expect(written(schema, { id: 1 })).toBe('{"id":1}');
  });
});

describe("every route's response schemas", async () => {
  const t = await buildTestApp();
  afterAll(async () => {
    await t.close();
  });

  it("are compiled, the parts handed to the encode being the ones listed here", () => {
    const encodedParts: Record<string, string[]> = {};
    let compiled = 0;
    for (const route of t.app.routeTable) {
      for (const [status, schema] of Object.entries((route.response ?? {}) as Record<string, unknown>)) {
        if (!(schema instanceof z.ZodType)) throw new Error(`${route.method} ${route.url} ${status}: a response schema that is not a zod schema`);
        const parts = compileResponseSerializer(schema, route.method, route.url).encodedParts;
        compiled += 1;
        for (const part of parts) {
          const key = `${route.method} ${route.url} ${status}`;
          encodedParts[key] = [...(encodedParts[key] ?? []), part].sort();
        }
      }
    }
    expect(compiled).toBeGreaterThan(100);
    expect(encodedParts).toMatchInlineSnapshot(`
      {
        "DELETE /messages/:id 200": [
          "record",
        ],
        "DELETE /queue/:id/media-upload 200": [
          "array",
        ],
        "GET /api/openapi.json 200": [
          "record",
        ],
        "GET /audit-logs 200": [
          "record",
        ],
        "GET /companies/:id 200": [
          "string",
          "string",
          "string",
          "string",
        ],
        "GET /messages/:ticketId 200": [
          "record",
        ],
        "GET /queue/:id 200": [
          "array",
        ],
        "POST /messages/:ticketId 200": [
          "record",
        ],
        "POST /queue 200": [
          "array",
        ],
        "POST /queue/:id/media-upload 200": [
          "array",
        ],
        "PUT /companies/:id/schedules 200": [
          "string",
          "string",
        ],
        "PUT /queue/:id 200": [
          "array",
        ],
      }
    `);
  });
});
