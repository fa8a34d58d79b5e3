import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZSetting, ZSettingsList, ZUpdateSettingBody, ZUpdateSettingParams } from "@conversa/shared";
import { ctxOf } from "../../lib/context.ts";
import { type SettingsDeps, listSettings, updateSetting } from "./settings.service.ts";

/** What the settings routes use of the platform. */
export type SettingsRoutesDeps = SettingsDeps;

export function settingsRoutes(deps: SettingsRoutesDeps): FastifyPluginAsyncZod {
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
