import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZCreateTagBody, ZSyncTagsBody, ZTag, ZTicket } from "@conversa/shared";
import type { AppDeps } from "../../app.ts";
import { ctxOf } from "../../lib/context.ts";
import { createTag, listTags, syncTicketTags } from "./tags.service.ts";

export function tagsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const engine = deps.engine.deps;
  return async (app) => {
    app.get("/tags/list", { onRequest: app.authenticate, schema: { response: { 200: z.array(ZTag) } } }, (request) => listTags(engine, ctxOf(request)));
    app.post("/tags", { onRequest: app.authenticate, schema: { body: ZCreateTagBody, response: { 200: ZTag } } }, (request) => createTag(engine, ctxOf(request), request.body));
    app.post("/tags/sync", { onRequest: app.authenticate, schema: { body: ZSyncTagsBody, response: { 200: ZTicket } } }, (request) =>
      syncTicketTags(engine, ctxOf(request), request.body.ticketId, request.body.tags.map((t) => t.id)),
    );
  };
}
