import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_FLAGS, type PlanFlag } from "@conversa/shared";
import { buildTestApp } from "../../test/build-test-app.ts";
import { bearer } from "../../test/factories.ts";
import { connections, plans } from "../db/schema/index.ts";
import { PNG, multipartFile } from "../modules/queues/upload-fixtures.ts";
import type { RouteEntry } from "../plugins/route-table.ts";
import { snapshotCompany } from "./company-snapshot.ts";
import { type BuiltRequest, buildRequest } from "./route-requests.ts";
import { type SeededTenant, idsOf, seedTenant } from "./seed-tenant.ts";

/*
 * The plan-gate sweep (spec core §1, admin §6): every route of a feature that a plan flag switches on
 * or off declares that flag (`config.planFlag`), and a company whose plan switches it off is answered
 * 403 ERR_PLAN_FEATURE_DISABLED with nothing of the feature. The features are known by their paths: a
 * new module under one of them that forgets its flag fails the first test.
 */

/** The paths of each flagged feature (spec admin §7): a route is the feature's when its path is one of these or lies under one. */
const FEATURE_PATHS: Record<PlanFlag, string[]> = {
  useSchedules: ["/schedules"],
  useKanban: ["/tags/kanban", "/ticket/kanban", "/ticket-tags"],
  useCampaigns: ["/campaigns", "/campaign-settings", "/contact-lists", "/contact-list-items"],
  useInternalChat: ["/chats"],
  useExternalApi: ["/api/messages"],
  useOpenAi: ["/prompt"],
  useIntegrations: ["/queueIntegration"],
};

const MARKER = "GATED-SECRET";
const t = await buildTestApp();
const keyOf = (route: Pick<RouteEntry, "method" | "url">) => `${route.method} ${route.url}`;
const isUnder = (url: string, path: string) => url === path || url.startsWith(`${path}/`);
const featureOf = (route: RouteEntry): PlanFlag | undefined => PLAN_FLAGS.find((flag) => FEATURE_PATHS[flag].some((path) => isUnder(route.url, path)));
const FLAGGED = t.app.routeTable.filter((route) => route.planFlag !== undefined);

let tenant: SeededTenant;

beforeAll(async () => {
  await t.platform.jobs.start();
  tenant = await seedTenant(t.app, t.db, t.platform.media, MARKER, 1);
  await t.db.update(connections).set({ token: API_TOKEN }).where(eq(connections.id, tenant.connection.id));
}, 60_000);

afterAll(async () => {
  await t.platform.jobs.stop();
  await t.close();
});

/** The tenant's plan with every flag on except those listed off (or every flag off except those listed on). */
async function setFlags(flags: Partial<Record<PlanFlag, boolean>>, others: boolean) {
  const values = Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, flags[flag] ?? others]));
  await t.db.update(plans).set(values).where(eq(plans.id, tenant.company.plan.id));
}

async function send(request: BuiltRequest, token: string) {
  if (request.multipart) {
    const upload = multipartFile(token, { name: "probe.png", content: PNG, type: "image/png" });
    return t.app.inject({ method: request.method as "POST", url: request.url, query: request.query, payload: upload.payload, headers: upload.headers });
  }
  return t.app.inject({ method: request.method as "GET", url: request.url, query: request.query, headers: bearer(token), ...(request.body === undefined ? {} : { payload: request.body as object }) });
}

/** The external API is opened by a connection's token, not by an account: both cases send the tenant's connection token. */
const API_TOKEN = "plan-gate-api-token-0123456789abcdef";
const tokenFor = (route: RouteEntry, who: "admin" | "agent") => (route.isTokenAuthenticated ? API_TOKEN : who === "admin" ? tenant.adminToken : tenant.agentToken);

const requestFor = (route: RouteEntry) => buildRequest(route, idsOf(tenant), idsOf(tenant), undefined, { user: tenant.admin.id });

describe("the plan-flagged routes", () => {
  it("are every route of a flagged feature, each with its feature's flag, and only those", () => {
    const misflagged = t.app.routeTable.filter((route) => route.planFlag !== featureOf(route)).map((route) => `${keyOf(route)}: declares ${route.planFlag ?? "no flag"}, its path is ${featureOf(route) ?? "no feature"}'s`);
    expect(misflagged).toEqual([]);
    // Schedules and the kanban lanes exist today: the sweep below cannot pass on an empty list.
    expect(FLAGGED.map(keyOf)).toEqual(expect.arrayContaining(["GET /schedules", "POST /schedules/:id/media-upload", "GET /tags/kanban"]));
    console.log(`plan gate: ${FLAGGED.length} flagged routes: ${FLAGGED.map((route) => `${keyOf(route)} (${route.planFlag})`).join(", ")}`);
  });

  it("all run an authentication hook (a session's, or a connection token's for the external API), which the gate follows", () => {
    expect(FLAGGED.filter((route) => !route.isAuthenticated && !route.isTokenAuthenticated).map(keyOf)).toEqual([]);
  });
});

describe("every plan-flagged route, for a company whose plan switches its flag off", () => {
  let before: Record<string, string>;
  beforeAll(async () => {
    before = await snapshotCompany(t.db, tenant.company.id);
  });

  it.each(FLAGGED.flatMap((route) => [[keyOf(route), "admin"] as const, [keyOf(route), "agent"] as const]))("%s answers the %s 403 ERR_PLAN_FEATURE_DISABLED and nothing else", async (key, who) => {
    const route = FLAGGED.find((entry) => keyOf(entry) === key)!;
    // Only this route's flag off: the answer must name it, not another flag.
    await setFlags({ [route.planFlag!]: false }, true);
    const response = await send(requestFor(route), tokenFor(route, who));
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toEqual({ error: "ERR_PLAN_FEATURE_DISABLED", message: expect.any(String), details: { planFlag: route.planFlag } });
    expect(response.body).not.toContain(MARKER);
  });

  it("changed none of the company's rows", async () => {
    expect(await snapshotCompany(t.db, tenant.company.id)).toEqual(before);
  });
});

describe("every plan-flagged route, for a company whose plan has only its flag on", () => {
  it.each(FLAGGED.map(keyOf))("%s is not refused by the gate", async (key) => {
    const route = FLAGGED.find((entry) => keyOf(entry) === key)!;
    await setFlags({ [route.planFlag!]: true }, false);
    const response = await send(requestFor(route), tokenFor(route, "admin"));
    // The gate refuses in JSON; a route that answers a file (a CSV export) was let through.
    const json = String(response.headers["content-type"] ?? "").includes("application/json");
    expect(json ? response.json<{ error?: string }>().error : undefined, response.body).not.toBe("ERR_PLAN_FEATURE_DISABLED");
    expect(response.statusCode, response.body).toBeLessThan(500);
  });
});

describe("a route outside every flagged feature", () => {
  it("answers as usual with every flag off", async () => {
    await setFlags({}, false);
    for (const url of ["/tickets", "/contacts", "/tags/list", "/quick-messages/list", "/queue", "/settings"]) {
      const response = await t.app.inject({ method: "GET", url, headers: bearer(tenant.adminToken) });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    }
  });
});
