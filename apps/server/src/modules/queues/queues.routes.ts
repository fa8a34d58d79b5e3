import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZListQueuesQuery, ZQueueList } from "@conversa/shared";
import type { AppDeps } from "../../app.ts";
import { ctxOf } from "../../lib/context.ts";
import { listQueues } from "./queues.service.ts";

export function queuesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/queue", { onRequest: app.authenticate, schema: { querystring: ZListQueuesQuery, response: { 200: ZQueueList } } }, (request) =>
      listQueues(deps, ctxOf(request)),
    );
  };
}
