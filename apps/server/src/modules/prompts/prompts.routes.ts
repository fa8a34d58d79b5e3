import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZIdParam, ZListPromptsQuery, ZListPromptsResponse, ZOkResponse, ZPrompt, ZPromptBody, ZPromptTestBody, ZPromptTestResponse } from "@conversa/shared";
import type { EngineDeps } from "../../engine/deps.ts";
import { ctxOf } from "../../lib/context.ts";
import { hitRateLimits } from "../../db/rate-limit.ts";
import { type PromptsDeps, createPrompt, deletePrompt, listPrompts, showPrompt, testPrompt, updatePrompt } from "./prompts.service.ts";

/** What the prompt routes use of the platform; the secret box, the egress and the installation origins are those of the engine's bot runtime. */
export interface PromptsRoutesDeps extends Pick<PromptsDeps, "db" | "events"> {
  engine: { deps: Pick<EngineDeps, "bots"> };
}

/** /prompt: the AI prompts page (spec admin §2, §7), admins only, behind the plan flag useOpenAi. */
export function promptsRoutes(deps: PromptsRoutesDeps): FastifyPluginAsyncZod {
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
    app.post("/prompt/:id/test", { ...route, schema: { params: ZIdParam, body: ZPromptTestBody, response: { 200: ZPromptTestResponse } } }, async (request) => {
      const ctx = ctxOf(request);
      // Each test reaches a model server: a few a minute per company, as the integrations' tests.
      await hitRateLimits(deps.db, [{ name: "prompt-test", subject: String(ctx.companyId), rule: { max: 20, windowMs: 60_000 } }]);
      return testPrompt({ db: deps.db, box: bots.box, egress: bots.egress, openAiBaseUrl: bots.openAiBaseUrl, timeoutMs: bots.timeoutMs }, ctx, request.params.id, request.body);
    });
    app.delete("/prompt/:id", { ...route, schema: { params: ZIdParam, response: { 200: ZOkResponse } } }, async (request) => {
      await deletePrompt(serviceDeps, ctxOf(request), request.params.id);
      return { message: "Prompt deleted" };
    });
  };
}
