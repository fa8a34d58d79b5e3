import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { isErrorCode } from "@conversa/shared";
import { buildTestApp } from "../../test/build-test-app.ts";
import { eventually } from "../../test/engine-harness.ts";
import { bearer, createSimulatorConnection, createUser, loginAs } from "../../test/factories.ts";
import { companies, connections, plans, rateLimits } from "../db/schema/index.ts";
import { echoedKeysOf } from "../lib/echoed-record.ts";
import { hasNulCharacter } from "../plugins/input-guard.ts";
import type { RouteEntry } from "../plugins/route-table.ts";
import { snapshotCompany } from "./company-snapshot.ts";
import { type TenantIds, buildRequest, jsonSchemaOf, pathParamsOf } from "./route-requests.ts";
import { type SeededTenant, idsOf, seedTenant } from "./seed-tenant.ts";

const t = await buildTestApp();
const keyOf = (route: Pick<RouteEntry, "method" | "url">) => `${route.method} ${route.url}`;

/** Authenticated routes left out, each with why. */
const NOT_SWEPT: Record<string, string> = {
  "DELETE /auth/logout": "ends the caller's own session and reads no input",
};

/** Routes only a super user may use (the installation's plans, help videos, announcements, settings and companies): sent as one, so that their handlers read the input. */
const SUPER_ONLY = new Set([
  "GET /plans/all",
  "POST /plans",
  "PUT /plans/:id",
  "DELETE /plans/:id",
  "POST /helps",
  "PUT /helps/:id",
  "DELETE /helps/:id",
  "POST /announcements",
  "PUT /announcements/:id",
  "DELETE /announcements/:id",
  "POST /announcements/:id/media-upload",
  "DELETE /announcements/:id/media-upload",
  "GET /installation-settings",
  "PUT /installation-settings/:key",
  "GET /companies",
  "GET /companies/list",
  "POST /companies",
  "PUT /companies/:id",
  "DELETE /companies/:id",
  "GET /billing/invoices",
  "POST /billing/invoices/:id/mark-paid",
  "POST /billing/invoices/:id/cancel",
]);

const ROUTES = t.app.routeTable.filter((route) => route.isAuthenticated && !NOT_SWEPT[keyOf(route)]);
/** Every route registered without the authentication hook, sent anonymously. */
const PUBLIC_ROUTES = t.app.routeTable.filter((route) => !route.isAuthenticated && !route.isTokenAuthenticated);
/**
 * The routes authenticated by a connection's token (the external API), sent with the tenant's connection
 * token. They read their bodies by hand (JSON or multipart): swept with their documented JSON body as the schema.
 */
const TOKEN_ROUTES = t.app.routeTable.filter((route) => route.isTokenAuthenticated).map((route) => ({ ...route, body: route.docs?.requestBodies?.["application/json"] }));
const API_TOKEN = "hostile-api-token-0123456789abcdef";

const LONG = "x".repeat(100_000);
const HOSTILE_STRINGS: Record<string, string> = {
  "100,000 characters": LONG,
  unicode: "😀👍🏽 שלום مرحبا e\u0301\u0308 ẞ",
  "NUL character": "a\u0000b",
  "bell and escape": "a\u0007b\u001b[31mc",
  "SQL comment": "' or 1=1 --",
  "SQL drop": "'; drop table tickets; --",
  HTML: "<img src=x onerror=alert(1)>",
};
const WRONG_TYPES: Record<string, (value: unknown) => unknown> = {
  "number↔string": (value) => (typeof value === "number" ? String(value) : typeof value === "string" ? 12345 : "12345"),
  object: () => ({ a: 1 }),
  array: () => [1, 2],
  boolean: () => true,
  null: () => null,
};
/** Integers past the database's ids (2^31 - 1): one just past it, and one past what a JavaScript number holds exactly. */
const HUGE_INTEGERS = { "2^31": "2147483648", "2^53 + 1": "9007199254740993" };
const WRONG_QUERY_TYPES = { number: "12345", "non-number": "abc", object: '{"a":1}', array: "[1,2]", boolean: "true", null: "null" };
const PAGE_NUMBERS = { "-1": "-1", "0": "0", "1e12": "1e12", "1.5": "1.5", abc: "abc" };
const JSON_FILTERS = {
  "unclosed [": "[",
  object: '{"a":1}',
  "mixed array": '[1,"x"]',
  null: "null",
  "10,000 elements": JSON.stringify(Array.from({ length: 10_000 }, (_, i) => i + 1)),
  ...Object.fromEntries(Object.entries(HUGE_INTEGERS).map(([name, digits]) => [`[${name}]`, `[${digits}]`])),
};
const PATH_PARAMS = { "-1": "-1", "0": "0", ...HUGE_INTEGERS, "2^53": String(2 ** 53), abc: "abc", "../../etc/passwd": "../../etc/passwd", "10,000 characters": "9".repeat(10_000) };
const BODY_TYPES: Record<string, string> = { array: "[]", string: '"text"', number: "42", null: "null" };

function nested(depth: number): unknown {
  let value: unknown = { leaf: 1 };
  for (let i = 0; i < depth; i += 1) value = { a: value };
  return value;
}
const DEEP = nested(2_000);

type Json = Record<string, unknown>;
const ZObject = z.record(z.string(), z.unknown());
const asObject = (value: unknown): Json | undefined => ZObject.safeParse(value).data;

/** The first option of a nullable or optional schema that is not null. */
function resolveSchema(schema: unknown): Json {
  const node = asObject(schema) ?? {};
  const options = node.anyOf ?? node.oneOf;
  if (Array.isArray(options)) return resolveSchema(options.map((option) => asObject(option) ?? {}).find((option) => option.type !== "null"));
  return node;
}
const isInteger = (schema: unknown) => resolveSchema(schema).type === "integer";
const idOf = (schema: unknown) => asObject(resolveSchema(schema).properties)?.id;

/** Stands for a huge integer in a body until the JSON text is written (a JavaScript number cannot hold 2^53 + 1). */
const HUGE_MARK = "__HUGE_INTEGER__";

/**
 * A body field's value with a huge integer in its integer place: the field itself, each element of an array
 * of integers, or the `id` of an object (or of each object of an array); undefined for a field with none.
 */
function withHugeInteger(schema: unknown, current: unknown): unknown {
  const node = resolveSchema(schema);
  if (isInteger(node)) return HUGE_MARK;
  if (node.type === "array") {
    const items = resolveSchema(node.items);
    if (isInteger(items)) return [HUGE_MARK];
    if (isInteger(idOf(items))) return [{ ...asObject(Array.isArray(current) ? current[0] : undefined), id: HUGE_MARK }];
    return undefined;
  }
  if (node.type === "object" && isInteger(idOf(node))) return { ...asObject(current), id: HUGE_MARK };
  return undefined;
}

/**
 * Body fields a route accepts for the previous generation's clients and ignores (docs/compatibility.md):
 * nothing of them is stored, so they are sent like any field but not read back. The read-only fields of
 * a record sent back to its PUT are read from the route's body schema (`echoedKeysOf`).
 */
const IGNORED_BODY_FIELDS: Record<string, readonly string[]> = {
  "POST /quick-messages": ["mediaPath", "mediaName"],
  "PUT /quick-messages/:id": ["mediaPath", "mediaName"],
  "POST /schedules": ["sentAt", "status", "mediaPath", "mediaName"],
  "PUT /schedules/:id": ["sentAt", "status", "mediaPath", "mediaName"],
  "POST /companies/cadastro": ["recurrence", "dueDate", "status"],
};
/** Secrets the API stores but never answers in full (masked to their last 4 characters, or not at all): nothing to read back. */
const WRITE_ONLY_FIELDS = new Set(["apiKey", "voiceKey", "jsonContent"]);

interface Variant {
  name: string;
  url: string;
  query: Record<string, string>;
  /** Raw text sent as the body, with its content type. */
  payload?: string;
  contentType?: string;
  /** A hostile string put in a body field: the field to read back when the request succeeds. */
  readBack?: { field: string };
  /** A huge integer in an integer place of the query or the body: the route's schemas must refuse it. */
  hugeInteger?: boolean;
}

/** The parsed value a route's zod schema gives for `value`, or `undefined` when it refuses it. */
async function parsed(schema: unknown, value: unknown): Promise<{ ok: boolean; data?: unknown }> {
  if (!(schema instanceof z.ZodType)) return { ok: true, data: value };
  const result = await schema.safeParseAsync(value);
  return result.success ? { ok: true, data: result.data } : { ok: false };
}

/** Whether the server's input guard or the route's schemas refuse the variant, and what the body schema made of it. */
async function judge(route: RouteEntry, variant: Variant): Promise<{ refused: boolean; body?: unknown }> {
  const [path] = variant.url.split("?");
  const names = pathParamsOf(route.url);
  const pattern = new RegExp(`^${route.url.replace(/:\w+/g, "([^/]*)")}$`);
  const match = pattern.exec(path!);
  if (!match) return { refused: true };
  const params = Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
  if (hasNulCharacter(params) || hasNulCharacter(variant.query) || (variant.payload ?? "").includes("\\u0000")) return { refused: true };
  if (!(await parsed(route.params, params)).ok) return { refused: true };
  if (!(await parsed(route.querystring, variant.query)).ok) return { refused: true };
  const hasBody = route.method !== "GET" && route.method !== "DELETE";
  if (!hasBody || route.body === undefined) return { refused: variant.payload !== undefined && variant.contentType !== "application/json" };
  if (variant.contentType !== undefined && variant.contentType !== "application/json") return { refused: true };
  let body: unknown;
  try {
    body = variant.payload === undefined ? undefined : JSON.parse(variant.payload);
  } catch {
    return { refused: true };
  }
  const result = await parsed(route.body, body);
  return { refused: !result.ok, body: result.data };
}

/** Every broken variant of the valid request for a route. */
function variantsOf(route: RouteEntry, ids: TenantIds): Variant[] {
  const valid = buildRequest(route, ids, ids, undefined, { user: tenant.admin.id });
  const variants: Variant[] = [];
  const json = (value: unknown) => JSON.stringify(value);
  const hasBody = route.method !== "GET" && route.method !== "DELETE";
  const validBody = valid.multipart ? undefined : valid.body;
  const base = { url: valid.url, query: valid.query };
  const withBody = (name: string, body: unknown, readBack?: Variant["readBack"]): Variant => ({ ...base, name, payload: json(body), contentType: "application/json", readBack });

  for (const param of pathParamsOf(route.url)) {
    const index = route.url.split("/").indexOf(`:${param}`);
    for (const [name, value] of Object.entries(PATH_PARAMS)) {
      const parts = valid.url.split("/");
      parts[index] = encodeURIComponent(value);
      variants.push({ ...base, name: `path :${param} = ${name}`, url: parts.join("/"), payload: validBody === undefined ? undefined : json(validBody), contentType: validBody === undefined ? undefined : "application/json" });
    }
  }

  const querySchema = jsonSchemaOf(route.querystring);
  const queryFields = Object.keys(asObject(querySchema?.properties) ?? {});
  const withQuery = (name: string, field: string, value: string): Variant => {
    const query = { ...valid.query, [field]: value };
    return { ...base, name, query, payload: validBody === undefined ? undefined : json(validBody), contentType: validBody === undefined ? undefined : "application/json" };
  };
  for (const field of queryFields) {
    const isPage = /page/i.test(field);
    const isJsonFilter = (valid.query[field] ?? "").startsWith("[") || ["queueIds", "tags", "users", "whatsappIds", "statuses"].includes(field);
    for (const [name, value] of Object.entries(WRONG_QUERY_TYPES)) variants.push(withQuery(`query ${field} = ${name}`, field, value));
    const isIntegerField = isInteger(asObject(querySchema?.properties)?.[field]);
    for (const [name, value] of Object.entries(HUGE_INTEGERS)) variants.push({ ...withQuery(`query ${field} = ${name}`, field, value), hugeInteger: isIntegerField });
    for (const [name, value] of Object.entries(HOSTILE_STRINGS)) variants.push(withQuery(`query ${field} = ${name}`, field, value));
    if (isPage) for (const [name, value] of Object.entries(PAGE_NUMBERS)) variants.push(withQuery(`query ${field} = ${name}`, field, value));
    if (isJsonFilter) {
      for (const [name, value] of Object.entries(JSON_FILTERS)) variants.push({ ...withQuery(`query ${field} = ${name}`, field, value), hugeInteger: name.includes("^") });
    }
  }

  if (!hasBody) return variants;
  variants.push({ ...base, name: "malformed JSON", payload: '{"a": 1,', contentType: "application/json" });
  variants.push({ ...base, name: "wrong content type", payload: "<a>1</a>", contentType: "application/xml" });
  if (valid.multipart) return variants;
  variants.push({ ...base, name: "no body" });
  for (const [name, text] of Object.entries(BODY_TYPES)) variants.push({ ...base, name: `body is ${name}`, payload: text, contentType: "application/json" });
  const body = asObject(validBody);
  if (!body) return variants;
  const bodySchema = jsonSchemaOf(route.body);
  const properties = asObject(bodySchema?.properties) ?? {};
  const required = Array.isArray(bodySchema?.required) ? bodySchema.required.map(String) : [];
  for (const field of required) {
    const { [field]: _missing, ...rest } = body;
    variants.push(withBody(`body without ${field}`, rest));
  }
  for (const field of Object.keys(properties)) {
    const current = body[field] ?? "";
    for (const [name, wrong] of Object.entries(WRONG_TYPES)) variants.push(withBody(`body ${field} = ${name}`, { ...body, [field]: wrong(current) }));
    variants.push(withBody(`body ${field} nested 2,000 levels`, { ...body, [field]: DEEP }));
    const huge = withHugeInteger(properties[field], body[field]);
    if (huge !== undefined) {
      for (const [name, digits] of Object.entries(HUGE_INTEGERS)) {
        const variant = withBody(`body ${field} with the integer ${name}`, { ...body, [field]: huge });
        variants.push({ ...variant, payload: variant.payload?.replaceAll(`"${HUGE_MARK}"`, digits), hugeInteger: true });
      }
    }
    if (typeof current === "string" || body[field] === undefined) {
      const stored = !IGNORED_BODY_FIELDS[keyOf(route)]?.includes(field) && !echoedKeysOf(route.body).includes(field) && !WRITE_ONLY_FIELDS.has(field);
      for (const [name, value] of Object.entries(HOSTILE_STRINGS)) variants.push(withBody(`body ${field} = ${name}`, { ...body, [field]: value }, stored ? { field } : undefined));
    }
  }
  return variants;
}

let tenant: SeededTenant;
let ids: TenantIds;
const figures = { routes: 0, publicRoutes: 0, variants: 0, refused: 0, accepted: 0, status400: 0, readBacks: 0, hugeIntegers: 0 };
const otherCodes: Record<string, number> = {};

function tally(status: number, body: string) {
  figures.variants += 1;
  const code = errorOf(body);
  if (status === 400) figures.status400 += 1;
  else {
    const key = `${status}${code ? ` ${code}` : ""}`;
    otherCodes[key] = (otherCodes[key] ?? 0) + 1;
  }
}

function errorOf(body: string): string | undefined {
  try {
    const value = asObject(JSON.parse(body));
    return typeof value?.error === "string" ? value.error : undefined;
  } catch {
    return undefined;
  }
}

/** What is wrong with an error answer's shape, or nothing. */
function shapeProblem(status: number, body: string): string | undefined {
  if (status >= 500) return `${status} ${body.slice(0, 200)}`;
  if (status < 400) return undefined;
  let value: Json | undefined;
  try {
    value = asObject(JSON.parse(body));
  } catch {
    return `${status} answer is not JSON: ${body.slice(0, 200)}`;
  }
  if (!value || typeof value.message !== "string" || !isErrorCode(value.error)) return `${status} answer is not {error, message} with a known code: ${body.slice(0, 200)}`;
  return undefined;
}

/** A caller: the tenant's admin, its super user (the super-only routes), its connection's token (the external API), or nobody (the public routes). */
type Caller = "admin" | "super" | "token" | "anonymous";
const callerOf = (route: RouteEntry): Caller => (SUPER_ONLY.has(keyOf(route)) ? "super" : "admin");
let superToken: string;

async function send(method: string, url: string, variant?: Pick<Variant, "query" | "payload" | "contentType">, caller: Caller = "admin") {
  const token = caller === "admin" ? tenant.adminToken : caller === "super" ? superToken : caller === "token" ? API_TOKEN : undefined;
  // The external API counts sends per token: the count starts again for each variant, so that every one reaches the handler.
  if (caller === "token") await t.db.delete(rateLimits);
  const headers: Record<string, string> = token ? { ...bearer(token) } : {};
  if (variant?.contentType) headers["content-type"] = variant.contentType;
  return t.app.inject({ method: method as "GET", url, query: variant?.query ?? {}, headers, ...(variant?.payload === undefined ? {} : { payload: variant.payload }) });
}

beforeAll(async () => {
  await t.platform.jobs.start();
  tenant = await seedTenant(t.app, t.db, t.platform.media, "HOSTILE", 1);
  ids = idsOf(tenant);
  const superUser = await createUser(t.db, { companyId: tenant.company.id, profile: "admin", isSuper: true, email: "hostile-super@example.com" });
  superToken = (await loginAs(t.app, superUser.email)).token;
}, 60_000);

/**
 * The super-only routes change the installation: the plan and company routes may move the tenant to a
 * sample plan or switch its plan's flags off. Put it back after each route, so that the routes swept
 * later are not all answered by the plan gate (schedules, kanban) instead of their handlers.
 */
afterEach(async () => {
  await t.db.update(companies).set({ planId: tenant.company.planId, status: true }).where(eq(companies.id, tenant.company.id));
  if (tenant.company.planId !== null) {
    await t.db
      .update(plans)
      .set({ useCampaigns: true, useSchedules: true, useInternalChat: true, useExternalApi: true, useKanban: true, useOpenAi: true, useIntegrations: true, users: 1000, connections: 1000, queues: 1000 })
      .where(eq(plans.id, tenant.company.planId));
  }
});

afterAll(async () => {
  console.log(
    `hostile input: ${figures.routes} authenticated and ${figures.publicRoutes} public routes, ${figures.variants} variants sent (${figures.refused} that the input guard or the route's schemas refuse, ${figures.accepted} accepted), ${figures.status400} × 400 (${figures.hugeIntegers} of them integers past the database's ids in an integer place), ${figures.readBacks} stored strings read back, other answers ${JSON.stringify(otherCodes)}`,
  );
  await t.platform.jobs.stop();
  await t.close();
});

const ROUTE_KEYS = new Set(ROUTES.map(keyOf));

/** The URL that reads back what a successful write stored, when the route's resource has a GET of its own. */
function readBackUrl(route: RouteEntry, url: string, answer: Json | undefined): string | undefined {
  if (route.method === "PUT" && ROUTE_KEYS.has(`GET ${route.url}`)) return url;
  if (route.method === "POST" && ROUTE_KEYS.has(`GET ${route.url}/:id`) && typeof answer?.id === "number") return `${url}/${answer.id}`;
  return undefined;
}

/** A path value the route cannot find: its resource's not-found code, or no route at all. */
const isNotFoundOfPath = (variant: Variant, code: string | undefined) =>
  variant.name.startsWith("path ") && code !== undefined && (code === "ERR_NOT_FOUND" || /^ERR_NO_\w+_FOUND$/.test(code));

/** Sends every variant its route's schemas refuse: each must answer 400 ERR_VALIDATION (or its record's 404), never a 5xx. */
async function sweepRefused(route: RouteEntry, caller: Caller): Promise<string[]> {
  const problems: string[] = [];
  for (const variant of variantsOf(route, ids)) {
    if (!(await judge(route, variant)).refused) continue;
    figures.refused += 1;
    if (variant.hugeInteger) figures.hugeIntegers += 1;
    const response = await send(route.method, variant.url, variant, caller);
    tally(response.statusCode, response.body);
    const code = errorOf(response.body);
    const shape = shapeProblem(response.statusCode, response.body);
    if (shape) problems.push(`${variant.name}: ${shape}`);
    else if (!(response.statusCode === 400 && code === "ERR_VALIDATION") && !(response.statusCode === 404 && isNotFoundOfPath(variant, code))) {
      problems.push(`${variant.name}: expected 400 ERR_VALIDATION, got ${response.statusCode} ${response.body.slice(0, 200)}`);
    }
  }
  return problems;
}

/** Sends every variant its route's schemas accept: never a 5xx, errors in the API's shape, stored strings read back byte for byte. */
async function sweepAccepted(route: RouteEntry, caller: Caller): Promise<string[]> {
  const problems: string[] = [];
  for (const variant of variantsOf(route, ids)) {
    // A delete with a valid target would take the tenant's records away from the routes after it.
    if (route.method === "DELETE" && !variant.name.startsWith("path ")) continue;
    const verdict = await judge(route, variant);
    if (verdict.refused) continue;
    if (variant.hugeInteger) problems.push(`${variant.name}: the route's schemas accept an integer past the database's ids`);
    figures.accepted += 1;
    const response = await send(route.method, variant.url, variant, caller);
    tally(response.statusCode, response.body);
    const shape = shapeProblem(response.statusCode, response.body);
    if (shape) {
      problems.push(`${variant.name}: ${shape}`);
      continue;
    }
    if (response.statusCode >= 300 || !variant.readBack) continue;
    const field = variant.readBack.field;
    const expected = asObject(verdict.body)?.[field];
    const answer = asObject(response.json());
    if (answer && field in answer) figures.readBacks += 1;
    if (answer && field in answer && answer[field] !== expected) problems.push(`${variant.name}: answered ${JSON.stringify(answer[field])?.slice(0, 80)}`);
    const url = readBackUrl(route, variant.url, answer);
    if (!url) continue;
    const read = asObject((await send("GET", url, undefined, caller)).json());
    if (read && field in read) figures.readBacks += 1;
    if (read && field in read && read[field] !== expected) problems.push(`${variant.name}: read back ${JSON.stringify(read[field])?.slice(0, 80)}`);
  }
  return problems;
}

describe("input its route's schemas refuse, sent by a company admin to every authenticated route", () => {
  let before: Record<string, string>;
  beforeAll(async () => {
    before = await snapshotCompany(t.db, tenant.company.id);
  });

  it.each(ROUTES.map(keyOf))("%s answers 400 ERR_VALIDATION without a 5xx", async (key) => {
    const route = ROUTES.find((entry) => keyOf(entry) === key)!;
    figures.routes += 1;
    expect(await sweepRefused(route, callerOf(route))).toEqual([]);
  });

  it("leaves every row of the company unchanged", async () => {
    expect(await snapshotCompany(t.db, tenant.company.id)).toEqual(before);
  });
});

describe("input its route's schemas accept (hostile strings within bounds, unknown path values), sent to every authenticated route", () => {
  let paired = false;
  /** Pairs the tenant's simulator connection, so that what the simulator's customer sends reaches the conversation engine. */
  async function pairSimulator() {
    const connection = tenant.connection;
    await t.platform.channels.start(tenant.company.id, connection.id);
    const listed = async () => (await send("GET", "/simulator/connections")).json<{ id: number; status: string; qrcode: string | null }[]>().find((c) => c.id === connection.id);
    const qrcode = (await eventually(listed, (entry) => Boolean(entry?.qrcode)))?.qrcode;
    const scan = await send("POST", `/simulator/connections/${connection.id}/scan`, { query: {}, payload: JSON.stringify({ qrcode, number: "5511900003333" }), contentType: "application/json" });
    expect(scan.statusCode).toBe(200);
    await eventually(listed, (entry) => entry?.status === "CONNECTED");
  }

  it.each(ROUTES.map(keyOf))("%s answers without a 5xx, and stores strings byte for byte", async (key) => {
    const route = ROUTES.find((entry) => keyOf(entry) === key)!;
    // Paired once the session routes before them are done with the connection.
    if (route.url.startsWith("/simulator/") && !paired) {
      await pairSimulator();
      paired = true;
    }
    expect(await sweepAccepted(route, callerOf(route))).toEqual([]);
  });
});

describe("input sent anonymously to every public route (login, refresh, /version, /health, the plan list, the password reset, sign-up)", () => {
  let before: Record<string, string>;
  beforeAll(async () => {
    before = await snapshotCompany(t.db, tenant.company.id);
  });

  it("are the routes registered without the authentication hook, the simulator's not among them", () => {
    expect(PUBLIC_ROUTES.map(keyOf).sort()).toEqual([
      "GET /api/openapi.json",
      "GET /companies/cadastro",
      "GET /health",
      "GET /plans/list",
      "GET /version",
      "GET /webhooks/whatsapp-cloud/:webhookKey",
      "POST /auth/login",
      "POST /auth/refresh_token",
      "POST /companies/cadastro",
      "POST /forgetpassword/:email",
      "POST /resetpasswords/:email/:token/:newPassword",
      "POST /webhooks/pix/:provider",
      "POST /webhooks/pix/:provider/pix",
      "POST /webhooks/whatsapp-cloud/:webhookKey",
    ]);
  });

  it.each(PUBLIC_ROUTES.map(keyOf))("%s answers 400 ERR_VALIDATION to what its schemas refuse, without a 5xx", async (key) => {
    const route = PUBLIC_ROUTES.find((entry) => keyOf(entry) === key)!;
    figures.publicRoutes += 1;
    expect(await sweepRefused(route, "anonymous")).toEqual([]);
  });

  it("leaves every row of the company unchanged by what was refused", async () => {
    expect(await snapshotCompany(t.db, tenant.company.id)).toEqual(before);
  });

  it.each(PUBLIC_ROUTES.map(keyOf))("%s answers what its schemas accept without a 5xx, errors in the API's shape", async (key) => {
    const route = PUBLIC_ROUTES.find((entry) => keyOf(entry) === key)!;
    expect(await sweepAccepted(route, "anonymous")).toEqual([]);
  });
});

describe("input sent with a connection's token to every token-authenticated route (the external API)", () => {
  let before: Record<string, string>;
  beforeAll(async () => {
    // A connection of its own: the sweeps above may have changed or deleted the seeded one.
    const connection = await createSimulatorConnection(t.db, { companyId: tenant.company.id, name: "Hostile API", isDefault: false });
    await t.db.update(connections).set({ token: API_TOKEN }).where(eq(connections.id, connection.id));
    before = await snapshotCompany(t.db, tenant.company.id);
  });

  it("are the routes registered with the connection-token hook", () => {
    expect(TOKEN_ROUTES.map(keyOf)).toEqual(["POST /api/messages/send"]);
  });

  it.each(TOKEN_ROUTES.map(keyOf))("%s answers 400 ERR_VALIDATION to what its body schema refuses, without a 5xx", async (key) => {
    const route = TOKEN_ROUTES.find((entry) => keyOf(entry) === key)!;
    expect(await sweepRefused(route, "token")).toEqual([]);
  });

  it("leaves every row of the company unchanged by what was refused", async () => {
    expect(await snapshotCompany(t.db, tenant.company.id)).toEqual(before);
  });

  it.each(TOKEN_ROUTES.map(keyOf))("%s answers what its body schema accepts without a 5xx, errors in the API's shape", async (key) => {
    const route = TOKEN_ROUTES.find((entry) => keyOf(entry) === key)!;
    expect(await sweepAccepted(route, "token")).toEqual([]);
  });
});
