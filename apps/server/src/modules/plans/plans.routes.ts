import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZIdParam, ZOkResponse, ZPlan, ZPlanBody } from "@conversa/shared";
import { ctxOf } from "../../lib/context.ts";
import { type PlansDeps, createPlan, deletePlan, getPlan, listPlans, listPublicPlans, updatePlan } from "./plans.service.ts";
import { echoedRecordBody } from "../../lib/echoed-record.ts";

/** Browsers and proxies may keep the public plan list this long, so a busy sign-up page stays cheap. */
const PUBLIC_LIST_MAX_AGE_SECONDS = 60;

/** What the plan routes use of the platform. */
export type PlansRoutesDeps = PlansDeps;

/** /plans (spec admin §7): the Planos tab of super users, and the public list the sign-up page offers. */
export function plansRoutes(deps: PlansRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = { onRequest: app.authenticate };

    app.get("/plans/list", { schema: { response: { 200: z.array(ZPlan) } } }, async (_request, reply) => {
      void reply.header("cache-control", `public, max-age=${PUBLIC_LIST_MAX_AGE_SECONDS}`);
      return listPublicPlans(deps);
    });
    app.get("/plans/all", { ...auth, schema: { response: { 200: z.array(ZPlan) } } }, (request) => listPlans(deps, ctxOf(request)));
    app.get("/plans/:id", { ...auth, schema: { params: ZIdParam, response: { 200: ZPlan } } }, (request) => getPlan(deps, ctxOf(request), request.params.id));
    app.post("/plans", { ...auth, schema: { body: ZPlanBody, response: { 200: ZPlan } } }, (request) => createPlan(deps, ctxOf(request), request.body));
    app.put("/plans/:id", { ...auth, schema: { params: ZIdParam, body: echoedRecordBody(ZPlanBody, ZPlan), response: { 200: ZPlan } } }, (request) =>
      updatePlan(deps, ctxOf(request), request.params.id, request.body),
    );
    app.delete("/plans/:id", { ...auth, schema: { params: ZIdParam, response: { 200: ZOkResponse } } }, async (request) => {
      await deletePlan(deps, ctxOf(request), request.params.id);
      return { message: "Plan deleted" };
    });
  };
}
