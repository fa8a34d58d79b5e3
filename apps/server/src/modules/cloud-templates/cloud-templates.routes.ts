import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZCloudTemplate, ZIdText } from "@conversa/shared";
import { ctxOf } from "../../lib/context.ts";
import { type CloudTemplatesDeps, listCloudTemplates } from "./cloud-templates.service.ts";

const ZTemplatesParams = z.object({ whatsappId: ZIdText });
const ZTemplatesQuery = z.object({
  /** `true`: read the list from the Graph API again before answering. */
  refresh: z.enum(["true", "false"]).optional(),
});

/** `GET /whatsapp/{whatsappId}/templates`: the official line's message templates, for any user of the company (those who send on it). */
export function cloudTemplatesRoutes(deps: CloudTemplatesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/whatsapp/:whatsappId/templates",
      { onRequest: app.authenticate, schema: { params: ZTemplatesParams, querystring: ZTemplatesQuery, response: { 200: z.array(ZCloudTemplate) } } },
      (request) => listCloudTemplates(deps, ctxOf(request), request.params.whatsappId, request.query.refresh === "true"),
    );
  };
}
