import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ZIdParam,
  ZListQueueIntegrationsQuery,
  ZListQueueIntegrationsResponse,
  ZOkResponse,
  ZQueueIntegration,
  ZQueueIntegrationBody,
  ZTestSessionBody,
  ZTestSessionResponse,
} from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { ctxOf } from "../../lib/context.ts";
import { hitRateLimits } from "../../db/rate-limit.ts";
import { type IntegrationsDeps, createIntegration, deleteIntegration, listIntegrations, showIntegration, testSession, updateIntegration } from "./queue-integrations.service.ts";

/** What the queue integration routes use of the platform: the engine's dependencies, which the integration services take, and the database of the rate limits. */
export interface QueueIntegrationsRoutesDeps {
  db: Db;
  engine: { deps: IntegrationsDeps };
}

/** /queueIntegration: the queue integrations page (spec admin §2, §7), admins only, behind the plan flag useIntegrations. */
export function queueIntegrationsRoutes(deps: QueueIntegrationsRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const route = { onRequest: app.authenticate, config: { planFlag: "useIntegrations" as const } };
    const engine = deps.engine.deps;

    app.get("/queueIntegration", { ...route, schema: { querystring: ZListQueueIntegrationsQuery, response: { 200: ZListQueueIntegrationsResponse } } }, (request) =>
      listIntegrations(engine, ctxOf(request), request.query),
    );
    app.get("/queueIntegration/:id", { ...route, schema: { params: ZIdParam, response: { 200: ZQueueIntegration } } }, (request) =>
      showIntegration(engine, ctxOf(request), request.params.id),
    );
    app.post("/queueIntegration", { ...route, schema: { body: ZQueueIntegrationBody, response: { 200: ZQueueIntegration } } }, (request) =>
      createIntegration(engine, ctxOf(request), request.body),
    );
    app.put("/queueIntegration/:id", { ...route, schema: { params: ZIdParam, body: ZQueueIntegrationBody, response: { 200: ZQueueIntegration } } }, (request) =>
      updateIntegration(engine, ctxOf(request), request.params.id, request.body),
    );
    app.delete("/queueIntegration/:id", { ...route, schema: { params: ZIdParam, response: { 200: ZOkResponse } } }, async (request) => {
      await deleteIntegration(engine, ctxOf(request), request.params.id);
      return { message: "Integration deleted" };
    });
    app.post("/queueIntegration/testSession", { ...route, schema: { body: ZTestSessionBody, response: { 200: ZTestSessionResponse } } }, async (request) => {
      const ctx = ctxOf(request);
      // Each test reaches an outside service: a few a minute per company.
      await hitRateLimits(deps.db, [{ name: "integration-test", subject: String(ctx.companyId), rule: { max: 20, windowMs: 60_000 } }]);
      return testSession(engine, ctx, request.body);
    });
  };
}
