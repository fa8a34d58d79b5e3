import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from "fastify";
import type { PlanFlag } from "@conversa/shared";
import type { Db } from "../db/client.ts";
import { AppError } from "../lib/app-error.ts";
import { assertPlanAllows } from "../modules/companies/index.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The plan flag of the feature this route belongs to (spec core §1, admin §6). The route answers
     * 403 ERR_PLAN_FEATURE_DISABLED (details.planFlag) to a company whose plan switches it off, before
     * its body is read. Needs the route's authentication hook (a session, or the external API's connection
     * token), which the gate runs after.
     */
    planFlag?: PlanFlag;
  }
}

const hooksOf = (hooks: onRequestHookHandler | onRequestHookHandler[] | undefined): onRequestHookHandler[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/** The company of an authenticated request: the session's, or that of the connection whose token the external API got. */
function companyOf(request: FastifyRequest): number {
  const companyId = request.ctx?.companyId ?? request.apiClient?.companyId;
  if (companyId === undefined) throw new AppError("ERR_SESSION_EXPIRED");
  return companyId;
}

/**
 * One gate for every plan-flagged route: a route declares `config: { planFlag }` once, and the gate is
 * appended to its onRequest hooks, after the authentication that tells whose plan to read (a session's,
 * or a connection token's). A flagged route registered without an authentication hook is a programming
 * error and stops the server. Call after `registerAuth` and before any route.
 */
export function registerPlanGate(app: FastifyInstance, db: Db): void {
  app.addHook("onRoute", function onRoute(route) {
    const flag = route.config?.planFlag;
    if (!flag) return;
    const onRequest = hooksOf(route.onRequest);
    if (!onRequest.includes(this.authenticate) && !onRequest.includes(this.authenticateConnectionToken)) throw new Error(`${route.method} ${route.url} declares planFlag ${flag} without the authentication hook`);
    const gate: onRequestHookHandler = async (request) => {
      await assertPlanAllows(db, companyOf(request), flag);
    };
    route.onRequest = [...onRequest, gate];
  });
}
