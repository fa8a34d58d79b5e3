import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZSignupBody, ZSignupResponse, ZSignupStatus } from "@conversa/shared";
import type { AppDeps } from "../../app.ts";
import { getSignupStatus, signUpCompany } from "./signup.service.ts";

/** /companies/cadastro (spec admin §7): public sign-up of a company, and whether it is open. No session. */
export function signupRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/companies/cadastro", { schema: { response: { 200: ZSignupStatus } } }, async (_request, reply) => {
      void reply.header("cache-control", "no-store");
      return getSignupStatus(deps);
    });
    app.post("/companies/cadastro", { schema: { body: ZSignupBody, response: { 200: ZSignupResponse } } }, async (request) => {
      const company = await signUpCompany(deps, request.body, request.ip);
      // The referring company of /signup?companyId= is recorded here only: it grants nothing.
      request.log.info({ companyId: company.id, referrerCompanyId: request.body.companyId ?? null }, "company signed up");
      return company;
    });
  };
}
