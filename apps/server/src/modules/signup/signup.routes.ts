import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZSignupBody, ZSignupResponse, ZSignupStatus } from "@conversa/shared";
import { type BillingDeps, type PaymentProvider, invoiceCompanyIfDue } from "../billing/index.ts";
import { type SignupDeps, getSignupStatus, signUpCompany } from "./signup.service.ts";

/** What the sign-up routes use of the platform: the database, and billing's (a new company's invoice when it is due). */
export interface SignupRoutesDeps extends Omit<BillingDeps, "payments"> {
  payments?: PaymentProvider;
}

/** /companies/cadastro (spec admin §7): public sign-up of a company, and whether it is open. No session. */
export function signupRoutes(deps: SignupRoutesDeps): FastifyPluginAsyncZod {
  const billing = { db: deps.db, events: deps.events, config: deps.config, mailer: deps.mailer, payments: deps.payments, logger: deps.logger };
  const signup: SignupDeps = { db: deps.db, invoicing: { invoiceCompanyIfDue: (companyId) => invoiceCompanyIfDue(billing, companyId) }, logger: deps.logger };
  return async (app) => {
    app.get("/companies/cadastro", { schema: { response: { 200: ZSignupStatus } } }, async (_request, reply) => {
      void reply.header("cache-control", "no-store");
      return getSignupStatus(signup);
    });
    app.post("/companies/cadastro", { schema: { body: ZSignupBody, response: { 200: ZSignupResponse } } }, async (request) => {
      const company = await signUpCompany(signup, request.body, request.ip);
      // The referring company of /signup?companyId= is recorded here only: it grants nothing.
      request.log.info({ companyId: company.id, referrerCompanyId: request.body.companyId ?? null }, "company signed up");
      return company;
    });
  };
}
