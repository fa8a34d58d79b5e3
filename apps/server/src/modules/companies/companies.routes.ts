import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZCompanyPlanParams, ZCompanyPlanResponse } from "@conversa/shared";
import type { AppDeps } from "../../app.ts";
import { ctxOf } from "../../lib/context.ts";
import { getCompanyPlan } from "./companies.service.ts";

export function companiesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/companies/listPlan/:companyId",
      { onRequest: app.authenticate, schema: { params: ZCompanyPlanParams, response: { 200: ZCompanyPlanResponse } } },
      (request) => getCompanyPlan(deps, ctxOf(request), request.params.companyId),
    );
  };
}
