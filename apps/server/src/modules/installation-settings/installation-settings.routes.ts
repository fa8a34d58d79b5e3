import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZInstallationSetting, ZInstallationSettingParams, ZInstallationSettingsList, ZUpdateInstallationSettingBody } from "@conversa/shared";
import { ctxOf } from "../../lib/context.ts";
import { type InstallationSettingsDeps, listInstallationSettings, updateInstallationSetting } from "./installation-settings.service.ts";

/** What the installation settings routes use of the platform. */
export type InstallationSettingsRoutesDeps = InstallationSettingsDeps;

/** /installation-settings: the settings of the whole installation (public sign-up open or closed), for super users only. */
export function installationSettingsRoutes(deps: InstallationSettingsRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = { onRequest: app.authenticate };
    app.get("/installation-settings", { ...auth, schema: { response: { 200: ZInstallationSettingsList } } }, (request) => listInstallationSettings(deps, ctxOf(request)));
    app.put(
      "/installation-settings/:key",
      { ...auth, schema: { params: ZInstallationSettingParams, body: ZUpdateInstallationSettingBody, response: { 200: ZInstallationSetting } } },
      (request) => updateInstallationSetting(deps, ctxOf(request), request.params.key, request.body.value),
    );
  };
}
