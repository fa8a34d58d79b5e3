import type { FastifyInstance, onRequestHookHandler } from "fastify";
import type { PlanFlag } from "@conversa/shared";
import type { Db } from "../db/client.ts";
import { ctxOf } from "../lib/context.ts";
import { assertPlanAllows } from "../modules/companies/index.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The plan flag of the feature this route belongs to (spec core §1, admin §6). The route answers
     * 403 ERR_PLAN_FEATURE_DISABLED (details.planFlag) to a company whose plan switches it off, before
     * its body is read. Needs the route's authentication hook, which the gate runs after.
     */
    planFlag?: PlanFlag;
  }
}

const hooksOf = (hooks: onRequestHookHandler | onRequestHookHandler[] | undefined): onRequestHookHandler[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/**
 * One gate for every plan-flagged route: a route declares `config: { planFlag }` once, and the gate is
 * appended to its onRequest hooks, after the authentication that tells whose plan to read. A flagged
 * route registered without the authentication hook is a programming error and stops the server.
 * Call after `registerAuth` and before any route.
 */
export function registerPlanGate(app: FastifyInstance, db: Db): void {
  app.addHook("onRoute", function onRoute(route) {
    const flag = route.config?.planFlag;
    if (!flag) return;
    const onRequest = hooksOf(route.onRequest);
    if (!onRequest.includes(this.authenticate)) throw new Error(`${route.method} ${route.url} declares planFlag ${flag} without the authentication hook`);
    const gate: onRequestHookHandler = async (request) => {
      await assertPlanAllows(db, ctxOf(request).companyId, flag);
    };
    route.onRequest = [...onRequest, gate];
  });
}
