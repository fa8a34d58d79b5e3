import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ZDistributionRule,
  ZIdParam,
  ZListDistributionLogsQuery,
  ZListDistributionLogsResponse,
  ZListRulesResponse,
  ZListStoresQuery,
  ZListStoresResponse,
  ZOkResponse,
  ZQueueConfig,
  ZQueueConfigBody,
  ZQueueMetrics,
  ZQueueMetricsList,
  ZQueueMetricsQuery,
  ZQueueUsersResponse,
  ZRuleBody,
  ZRulePreview,
  ZRulePreviewQuery,
  ZStore,
  ZStoreBody,
  ZStoreRuleParams,
} from "@conversa/shared";
import type { EngineDeps } from "../../engine/deps.ts";
import { ctxOf } from "../../lib/context.ts";
import {
  createRule,
  createStore,
  deleteRule,
  deleteStore,
  getQueueConfig,
  getQueueMetrics,
  listDistributionLogs,
  listQueueMetrics,
  listQueueUsers,
  listRules,
  listStores,
  previewRules,
  resetRoundRobin,
  updateQueueConfig,
  updateRule,
  updateStore,
} from "./distribution.service.ts";

/** What the distribution routes use of the platform: the conversation engine's dependencies that the distribution services take. */
export interface DistributionRoutesDeps {
  engine: { deps: Pick<EngineDeps, "db" | "events" | "jobs" | "now" | "log"> };
}

/** Stores, distribution rules, their preview and logs, and the queues' distribution config and metrics (spec admin §7). */
export function distributionRoutes(deps: DistributionRoutesDeps): FastifyPluginAsyncZod {
  const engine = deps.engine.deps;
  return async (app) => {
    const auth = { onRequest: app.authenticate };

    app.get("/stores", { ...auth, schema: { querystring: ZListStoresQuery, response: { 200: ZListStoresResponse } } }, (request) =>
      listStores(engine, ctxOf(request), request.query),
    );
    app.post("/stores", { ...auth, schema: { body: ZStoreBody, response: { 200: ZStore } } }, (request) => createStore(engine, ctxOf(request), request.body));
    app.put("/stores/:id", { ...auth, schema: { params: ZIdParam, body: ZStoreBody, response: { 200: ZStore } } }, (request) =>
      updateStore(engine, ctxOf(request), request.params.id, request.body),
    );
    app.delete("/stores/:id", { ...auth, schema: { params: ZIdParam, response: { 200: ZOkResponse } } }, async (request) => {
      await deleteStore(engine, ctxOf(request), request.params.id);
      return { message: "Store deleted" };
    });

    app.get("/stores/:id/rules", { ...auth, schema: { params: ZIdParam, response: { 200: ZListRulesResponse } } }, (request) =>
      listRules(engine, ctxOf(request), request.params.id),
    );
    app.get("/stores/:id/rules/preview", { ...auth, schema: { params: ZIdParam, querystring: ZRulePreviewQuery, response: { 200: ZRulePreview } } }, (request) =>
      previewRules(engine, ctxOf(request), request.params.id, request.query),
    );
    app.post("/stores/:id/rules", { ...auth, schema: { params: ZIdParam, body: ZRuleBody, response: { 200: ZDistributionRule } } }, (request) =>
      createRule(engine, ctxOf(request), request.params.id, request.body),
    );
    app.put("/stores/:id/rules/:ruleId", { ...auth, schema: { params: ZStoreRuleParams, body: ZRuleBody, response: { 200: ZDistributionRule } } }, (request) =>
      updateRule(engine, ctxOf(request), request.params.id, request.params.ruleId, request.body),
    );
    app.delete("/stores/:id/rules/:ruleId", { ...auth, schema: { params: ZStoreRuleParams, response: { 200: ZOkResponse } } }, async (request) => {
      await deleteRule(engine, ctxOf(request), request.params.id, request.params.ruleId);
      return { message: "Rule deleted" };
    });
    app.put("/stores/:id/rules/:ruleId/reset-rr", { ...auth, schema: { params: ZStoreRuleParams, response: { 200: ZDistributionRule } } }, (request) =>
      resetRoundRobin(engine, ctxOf(request), request.params.id, request.params.ruleId),
    );

    app.get("/distribution-logs", { ...auth, schema: { querystring: ZListDistributionLogsQuery, response: { 200: ZListDistributionLogsResponse } } }, (request) =>
      listDistributionLogs(engine, ctxOf(request), request.query),
    );

    app.get("/queue/metrics", { ...auth, schema: { querystring: ZQueueMetricsQuery, response: { 200: ZQueueMetricsList } } }, (request) =>
      listQueueMetrics(engine, ctxOf(request), request.query.days),
    );
    app.get("/queue/:id/metrics", { ...auth, schema: { params: ZIdParam, querystring: ZQueueMetricsQuery, response: { 200: ZQueueMetrics } } }, (request) =>
      getQueueMetrics(engine, ctxOf(request), request.params.id, request.query.days),
    );
    app.get("/queue/:id/config", { ...auth, schema: { params: ZIdParam, response: { 200: ZQueueConfig } } }, (request) =>
      getQueueConfig(engine, ctxOf(request), request.params.id),
    );
    app.put("/queue/:id/config", { ...auth, schema: { params: ZIdParam, body: ZQueueConfigBody, response: { 200: ZQueueConfig } } }, (request) =>
      updateQueueConfig(engine, ctxOf(request), request.params.id, request.body),
    );
    app.get("/queue/:id/users", { ...auth, schema: { params: ZIdParam, response: { 200: ZQueueUsersResponse } } }, (request) =>
      listQueueUsers(engine, ctxOf(request), request.params.id),
    );
  };
}
