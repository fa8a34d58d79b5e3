import { z } from "zod";
import { APP_VERSION, ZApiErrorBody } from "@conversa/shared";
import { uploadFileFields } from "../../media/uploads.ts";
import type { RouteEntry } from "../../plugins/route-table.ts";

type Json = Record<string, unknown>;
const ZJson = z.record(z.string(), z.unknown());
const asJson = (value: unknown): Json => ZJson.safeParse(value).data ?? {};

const ERROR_REF = { $ref: "#/components/schemas/ApiError" };

/** What each error status means on a route, when the route can answer it. */
const ERROR_TEXT: Record<string, string> = {
  "400": "Invalid input (ERR_VALIDATION, with the failing fields in details) or a refusal of the request's content",
  "401": "No valid session (ERR_SESSION_EXPIRED) or, for the external API, no valid connection token (ERR_INVALID_API_TOKEN)",
  "403": "Not allowed: ERR_NO_PERMISSION, ERR_PLAN_FEATURE_DISABLED (details.planFlag) or ERR_INVALID_TOKEN (expired access token: refresh it)",
  "404": "The record does not exist or belongs to another company (its ERR_NO_*_FOUND code)",
  "413": "A body or file over its limit",
  "429": "Rate-limited (ERR_RATE_LIMITED, details.retryAfter and the Retry-After header in seconds)",
};

/**
 * The JSON Schema of a zod schema for this document: `input` for what a route reads, `output` for what it
 * answers. Shared definitions (`$defs`) are lifted into `components.schemas`.
 */
function schemaOf(schema: unknown, io: "input" | "output", components: Json): Json | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  const json = asJson(z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }));
  const { $schema: _dialect, $defs, ...rest } = json;
  for (const [name, definition] of Object.entries(asJson($defs))) components[name] = definition;
  return asJson(JSON.parse(JSON.stringify(rest).replaceAll('"#/$defs/', '"#/components/schemas/')));
}

const toOpenApiPath = (url: string) => url.replace(/:(\w+)/g, "{$1}");
const pathParamsOf = (url: string) => [...url.matchAll(/:(\w+)/g)].map((match) => match[1]!);

/** The tag of a route: its first path segment (the external API's is its own). */
export function tagOf(url: string): string {
  if (url.startsWith("/api/messages")) return "external-api";
  return url.split("/")[1] || "system";
}

function parametersOf(route: RouteEntry, components: Json): Json[] {
  const params = schemaOf(route.params, "input", components);
  const pathProps = asJson(params?.properties);
  const parameters: Json[] = pathParamsOf(route.url).map((name) => ({ name, in: "path", required: true, schema: pathProps[name] ?? { type: "string" } }));
  const query = schemaOf(route.querystring, "input", components);
  const required = new Set(Array.isArray(query?.required) ? query.required.map(String) : []);
  for (const [name, schema] of Object.entries(asJson(query?.properties))) {
    const described = asJson(schema);
    parameters.push({ name, in: "query", required: required.has(name), schema: described, ...(typeof described.description === "string" ? { description: described.description } : {}) });
  }
  return parameters;
}

function requestBodyOf(route: RouteEntry, components: Json): Json | undefined {
  const content: Json = {};
  const body = schemaOf(route.body, "input", components);
  if (body) content["application/json"] = { schema: body };
  for (const [type, schema] of Object.entries(route.docs?.requestBodies ?? {})) {
    const described = schemaOf(schema, "input", components);
    if (described) content[type] = { schema: described };
  }
  if (route.upload && !content["multipart/form-data"]) {
    const file = { type: "string", format: "binary" };
    const files = route.upload.maxFiles > 1 ? { type: "array", items: file, maxItems: route.upload.maxFiles } : file;
    const fields = uploadFileFields(route.upload);
    const described = { ...files, description: `Checked by content (${route.upload.accepts}); at most ${route.upload.maxBytes} bytes each` };
    content["multipart/form-data"] = {
      schema: {
        type: "object",
        properties: Object.fromEntries(fields.map((field) => [field, described])),
        ...(fields.length === 1 ? { required: fields } : { anyOf: fields.map((field) => ({ required: [field] })) }),
      },
    };
  }
  return Object.keys(content).length > 0 ? { required: true, content } : undefined;
}

function responsesOf(route: RouteEntry, components: Json): Json {
  const responses: Json = {};
  for (const [status, schema] of Object.entries(asJson(route.response))) {
    const described = schemaOf(schema, "output", components);
    const isEmpty = described === undefined || described.type === "null";
    responses[status] = isEmpty ? { description: status === "204" ? "No content" : "Answer" } : { description: "Answer", content: { "application/json": { schema: described } } };
  }
  if (Object.keys(responses).length === 0) responses["200"] = { description: "Answer (not described by a schema: a file or a stream)" };
  const errors = new Set<string>();
  if (route.params || route.querystring || route.body || route.upload || route.docs?.requestBodies) errors.add("400");
  if (route.isAuthenticated || route.isTokenAuthenticated) errors.add("401").add("403");
  if (route.planFlag) errors.add("403");
  if (pathParamsOf(route.url).length > 0) errors.add("404");
  if (route.upload || route.docs?.requestBodies) errors.add("413");
  if (route.isTokenAuthenticated) errors.add("429");
  for (const status of [...errors].sort()) {
    if (!responses[status]) responses[status] = { description: ERROR_TEXT[status], content: { "application/json": { schema: ERROR_REF } } };
  }
  responses.default = { description: "Any other error, in the same shape", content: { "application/json": { schema: ERROR_REF } } };
  return responses;
}

const operationIdOf = (method: string, url: string) =>
  `${method.toLowerCase()}${url
    .split("/")
    .filter(Boolean)
    .map((part) => (part.startsWith(":") ? `By${part.slice(1, 2).toUpperCase()}${part.slice(2)}` : part.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? "").toUpperCase())))
    .map((part) => part.slice(0, 1).toUpperCase() + part.slice(1))
    .join("")}`;

/**
 * The OpenAPI 3.1 document of every route the server has (files of the built web app left out), read
 * from the route table: each route's method and path, its zod schemas (the ones it validates with, as
 * JSON Schema 2020-12), its authentication, its plan flag and the error answers it can give.
 */
export function buildOpenApiDocument(routes: readonly RouteEntry[]): Json {
  const components: Json = {};
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    if (route.isHidden) continue;
    const path = toOpenApiPath(route.url);
    const security = route.isAuthenticated ? [{ session: [] }] : route.isTokenAuthenticated ? [{ connectionToken: [] }] : [];
    const description = [route.docs?.description, route.planFlag ? `Needs the plan flag \`${route.planFlag}\`.` : undefined].filter(Boolean).join("\n\n");
    const requestBody = requestBodyOf(route, components);
    const parameters = parametersOf(route, components);
    paths[path] = {
      ...paths[path],
      [route.method.toLowerCase()]: {
        operationId: operationIdOf(route.method, route.url),
        tags: [tagOf(route.url)],
        summary: route.docs?.summary ?? `${route.method} ${path}`,
        ...(description ? { description } : {}),
        security,
        ...(route.planFlag ? { "x-plan-flag": route.planFlag } : {}),
        ...(parameters.length > 0 ? { parameters } : {}),
        ...(requestBody ? { requestBody } : {}),
        responses: responsesOf(route, components),
      },
    };
  }
  const errorSchema = schemaOf(ZApiErrorBody, "output", components);
  const sortedPaths = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));
  return {
    openapi: "3.1.0",
    info: {
      title: "Conversa API",
      version: APP_VERSION,
      description:
        "Every route of the server. Routes with the `session` scheme take the access token of a login (`POST /auth/login`); the external message API takes a connection's API token; the others are public. Errors answer `{ error, message, details? }`.",
    },
    servers: [{ url: "/" }],
    tags: [...new Set(routes.filter((route) => !route.isHidden).map((route) => tagOf(route.url)))].sort().map((name) => ({ name })),
    paths: sortedPaths,
    components: {
      securitySchemes: {
        session: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "The access token of a session (POST /auth/login, POST /auth/refresh_token)" },
        connectionToken: { type: "http", scheme: "bearer", description: "A connection's external-API token (Connections → edit → API token)" },
      },
      schemas: { ...components, ApiError: errorSchema },
    },
  };
}
