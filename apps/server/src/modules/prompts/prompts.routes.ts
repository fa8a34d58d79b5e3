import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZIdParam, ZListPromptsQuery, ZListPromptsResponse, ZOkResponse, ZPrompt, ZPromptBody } from "@conversa/shared";
import type { AppDeps } from "../../app.ts";
import { ctxOf } from "../../lib/context.ts";
import { createPrompt, deletePrompt, listPrompts, showPrompt, updatePrompt } from "./prompts.service.ts";

/** /prompt: the AI prompts page (spec admin §2, §7), admins only, behind the plan flag useOpenAi. */
export function promptsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const route = { onRequest: app.authenticate, config: { planFlag: "useOpenAi" as const } };
    const { bots } = deps.engine.deps;
    const serviceDeps = { db: deps.db, events: deps.events, box: bots.box, egress: bots.egress, installation: bots };

    app.get("/prompt", { ...route, schema: { querystring: ZListPromptsQuery, response: { 200: ZListPromptsResponse } } }, (request) =>
      listPrompts(serviceDeps, ctxOf(request), request.query),
    );
    app.get("/prompt/:id", { ...route, schema: { params: ZIdParam, response: { 200: ZPrompt } } }, (request) => showPrompt(serviceDeps, ctxOf(request), request.params.id));
    app.post("/prompt", { ...route, schema: { body: ZPromptBody, response: { 200: ZPrompt } } }, (request) => createPrompt(serviceDeps, ctxOf(request), request.body));
    app.put("/prompt/:id", { ...route, schema: { params: ZIdParam, body: ZPromptBody, response: { 200: ZPrompt } } }, (request) =>
      updatePrompt(serviceDeps, ctxOf(request), request.params.id, request.body),
    );
    app.delete("/prompt/:id", { ...route, schema: { params: ZIdParam, response: { 200: ZOkResponse } } }, async (request) => {
      await deletePrompt(serviceDeps, ctxOf(request), request.params.id);
      return { message: "Prompt deleted" };
    });
  };
}
