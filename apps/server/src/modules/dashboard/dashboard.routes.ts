import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZDashboardChartQuery, ZDashboardQuery, ZDashboardResponse, ZTicketsDayResponse, ZTicketsUsersResponse } from "@conversa/shared";
import { ctxOf } from "../../lib/context.ts";
import { type DashboardDeps, getDashboard, getTicketsByAttendant, getTicketsByDay } from "./dashboard.service.ts";

/** What the dashboard routes use of the platform. */
export type DashboardRoutesDeps = DashboardDeps;

/** /dashboard: counters and attendants, and the two charts (spec core §7); admins only. */
export function dashboardRoutes(deps: DashboardRoutesDeps): FastifyPluginAsyncZod {
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
