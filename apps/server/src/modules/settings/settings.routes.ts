import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZSetting, ZSettingsList, ZUpdateSettingBody, ZUpdateSettingParams } from "@conversa/shared";
import { ctxOf } from "../../lib/context.ts";
import type { AppDeps } from "../../app.ts";
import { listSettings, updateSetting } from "./settings.service.ts";

export function settingsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/settings", { onRequest: app.authenticate, schema: { response: { 200: ZSettingsList } } }, (request) =>
      listSettings(deps, ctxOf(request)),
    );
    app.put(
      "/settings/:key",
      { onRequest: app.authenticate, schema: { params: ZUpdateSettingParams, body: ZUpdateSettingBody, response: { 200: ZSetting } } },
      (request) => updateSetting(deps, ctxOf(request), request.params.key, request.body.value),
    );
  };
}
