import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZDashboardChartQuery, ZDashboardQuery, ZDashboardResponse, ZTicketsDayResponse, ZTicketsUsersResponse } from "@conversa/shared";
import type { AppDeps } from "../../app.ts";
import { ctxOf } from "../../lib/context.ts";
import { getDashboard, getTicketsByAttendant, getTicketsByDay } from "./dashboard.service.ts";

/** /dashboard: counters and attendants, and the two charts (spec core §7); admins only. */
export function dashboardRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = { onRequest: app.authenticate };

    app.get("/dashboard", { ...auth, schema: { querystring: ZDashboardQuery, response: { 200: ZDashboardResponse } } }, (request) =>
      getDashboard(deps, ctxOf(request), request.query),
    );
    app.get("/dashboard/ticketsDay", { ...auth, schema: { querystring: ZDashboardChartQuery, response: { 200: ZTicketsDayResponse } } }, (request) =>
      getTicketsByDay(deps, ctxOf(request), request.query),
    );
    app.get("/dashboard/ticketsUsers", { ...auth, schema: { querystring: ZDashboardChartQuery, response: { 200: ZTicketsUsersResponse } } }, (request) =>
      getTicketsByAttendant(deps, ctxOf(request), request.query),
    );
  };
}
