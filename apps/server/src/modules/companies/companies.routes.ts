import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZCompanyDetail, ZCompanyPlanParams, ZCompanyPlanResponse, ZIdParam, ZUpdateCompanySchedulesBody } from "@conversa/shared";
import type { AppDeps } from "../../app.ts";
import { ctxOf } from "../../lib/context.ts";
import { getCompanyPlan } from "./companies.service.ts";
import { getCompanyDetail, updateCompanySchedules } from "./company-hours.service.ts";

export function companiesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/companies/listPlan/:companyId",
      { onRequest: app.authenticate, schema: { params: ZCompanyPlanParams, response: { 200: ZCompanyPlanResponse } } },
      (request) => getCompanyPlan(deps, ctxOf(request), request.params.companyId),
    );
    app.get("/companies/:id", { onRequest: app.authenticate, schema: { params: ZIdParam, response: { 200: ZCompanyDetail } } }, (request) =>
      getCompanyDetail(deps, ctxOf(request), request.params.id),
    );
    app.put(
      "/companies/:id/schedules",
      { onRequest: app.authenticate, schema: { params: ZIdParam, body: ZUpdateCompanySchedulesBody, response: { 200: ZCompanyDetail } } },
      (request) => updateCompanySchedules(deps, ctxOf(request), request.params.id, request.body.schedules),
    );
  };
}
