import type { FastifyInstance, FastifySchema } from "fastify";
import type { PlanFlag } from "@conversa/shared";
import type { UploadSpec } from "../media/uploads.ts";

/** One registered HTTP route as the server itself knows it: method, path and its declared schemas. */
export interface RouteEntry {
  method: string;
  url: string;
  /** Whether the route runs a (session) authentication hook. */
  isAuthenticated: boolean;
  /** Whether its hook admits a user who must set up two-factor sign-in first (the setup, /auth/me, logout). */
  admitsTwoFactorSetup: boolean;
  /** Whether the route runs the external API's connection-token hook instead of a session's (`POST /api/messages/send`). */
  isTokenAuthenticated: boolean;
  /** Routes hidden from the API's description: the files of the built web app (their `schema.hide`). */
  isHidden: boolean;
  /** The declared answers, by status. */
  response?: unknown;
  /** What the API description says of the route beyond its schemas (its `config.docs`). */
  docs?: RouteDocs;
  params?: unknown;
  querystring?: unknown;
  body?: unknown;
  /** What the route takes as a multipart upload (its `config.upload`); no other route accepts one. */
  upload?: UploadSpec;
  /** The plan flag the route's feature needs (its `config.planFlag`; see plan-gate.ts). */
  planFlag?: PlanFlag;
}

/** What a route's schemas cannot say, for the API description (`config.docs`). */
export interface RouteDocs {
  summary?: string;
  description?: string;
  /** Request bodies a route reads by hand (JSON and multipart), by content type. */
  requestBodies?: Record<string, unknown>;
}

declare module "fastify" {
  interface FastifyContextConfig {
    docs?: RouteDocs;
  }
  interface FastifyInstance {
    /** Every route registered after `recordRoutes`, one entry per method (HEAD duplicates left out). */
    routeTable: RouteEntry[];
  }
}

/**
 * Records every route registered from now on into `app.routeTable`, read by the tenant-isolation
 * harness so that a route added later is covered without listing it anywhere. Call before any route.
 */
export function recordRoutes(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate("routeTable", table);
  app.addHook("onRoute", function onRoute(route) {
    const authenticate = this.hasDecorator("authenticate") ? this.authenticate : undefined;
    const forSetup = this.hasDecorator("authenticateForTwoFactorSetup") ? this.authenticateForTwoFactorSetup : undefined;
    const byToken = this.hasDecorator("authenticateConnectionToken") ? this.authenticateConnectionToken : undefined;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema: FastifySchema = route.schema ?? {};
    const onRequest = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    for (const method of methods) {
      if (method === "HEAD") continue;
      table.push({
        method,
        url: route.url,
        isAuthenticated: (authenticate !== undefined && onRequest.includes(authenticate)) || (forSetup !== undefined && onRequest.includes(forSetup)),
        admitsTwoFactorSetup: forSetup !== undefined && onRequest.includes(forSetup),
        isTokenAuthenticated: byToken !== undefined && onRequest.includes(byToken),
        isHidden: Reflect.get(schema, "hide") === true,
        response: schema.response,
        docs: route.config?.docs,
        params: schema.params,
        querystring: schema.querystring,
        body: schema.body,
        upload: route.config?.upload,
        planFlag: route.config?.planFlag,
      });
    }
  });
}
