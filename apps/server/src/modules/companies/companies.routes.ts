import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ZCompany,
  ZCompanyListRow,
  ZCompanyAdminDetail,
  ZCompanyDetail,
  ZCompanyLookup,
  ZCompanyPlanParams,
  ZCompanyPlanResponse,
  ZCompanyStorage,
  ZCreateCompanyBody,
  ZCreatedCompany,
  ZIdParam,
  ZListCompaniesQuery,
  ZListCompaniesResponse,
  ZOkResponse,
  ZUpdateCompanyBody,
  ZUpdateCompanySchedulesBody,
} from "@conversa/shared";
import type { MediaStore } from "../../media/media-store.ts";
import { ctxOf } from "../../lib/context.ts";
import { mailLanguageOf } from "../../mail/language.ts";
import { type CompaniesDeps, createCompany, deleteCompany, getCompanyPlan, getCompanyStorage, listAllCompanies, listCompanies, lookupCompany, updateCompany } from "./companies.service.ts";
import { updateCompanySchedules } from "./company-hours.service.ts";
import { echoedRecordBody } from "../../lib/echoed-record.ts";
import { type PaymentProvider, invoiceCompanyIfDue } from "../billing/index.ts";

/** What the company routes use of the platform: the company services' dependencies, the mail of the first admin's invitation, and the media store's usage figures. */
export interface CompaniesRoutesDeps extends Pick<CompaniesDeps, "db" | "events" | "channels">, Pick<CompaniesDeps["invitations"], "mailer" | "config" | "logger"> {
  media: Pick<MediaStore, "usageOf" | "usageOfCompanies" | "removeCompany">;
  /** The payment provider, whose Pix code the new invoice's reminder carries; none when payments are off. */
  payments?: PaymentProvider;
}

/**
 * /companies (spec admin §7, core §7): the super users' Empresas tab (any company, deliberately across
 * companies), and the own company's plan, detail and business hours for its staff.
 */
export function companiesRoutes(deps: CompaniesRoutesDeps): FastifyPluginAsyncZod {
  const invitations = { db: deps.db, mailer: deps.mailer, config: deps.config, logger: deps.logger };
  const billing = { db: deps.db, events: deps.events, config: deps.config, mailer: deps.mailer, payments: deps.payments, logger: deps.logger };
  const invoicing = { invoiceCompanyIfDue: (companyId: number) => invoiceCompanyIfDue(billing, companyId) };
  const companies = { db: deps.db, events: deps.events, channels: deps.channels, media: deps.media, invitations, invoicing, logger: deps.logger };
  return async (app) => {
    const auth = { onRequest: app.authenticate };

    app.get("/companies", { ...auth, schema: { querystring: ZListCompaniesQuery, response: { 200: ZListCompaniesResponse } } }, (request) =>
      listCompanies(deps, ctxOf(request), request.query),
    );
    app.get("/companies/list", { ...auth, schema: { response: { 200: z.array(ZCompanyListRow) } } }, (request) => listAllCompanies(deps, ctxOf(request)));
    app.get("/companies/storage", { ...auth, schema: { response: { 200: ZCompanyStorage } } }, (request) => getCompanyStorage(deps, ctxOf(request)));
    app.get("/companies/listPlan/:companyId", { ...auth, schema: { params: ZCompanyPlanParams, response: { 200: ZCompanyPlanResponse } } }, (request) =>
      getCompanyPlan(deps, ctxOf(request), request.params.companyId),
    );
    app.get("/companies/:id", { ...auth, schema: { params: ZIdParam, response: { 200: ZCompanyLookup } } }, (request) =>
      lookupCompany(deps, ctxOf(request), request.params.id),
    );
    app.post("/companies", { ...auth, schema: { body: ZCreateCompanyBody, response: { 200: ZCreatedCompany } } }, (request) =>
      createCompany(companies, ctxOf(request), request.body, mailLanguageOf(request.headers["accept-language"])),
    );
    app.put("/companies/:id", { ...auth, schema: { params: ZIdParam, body: echoedRecordBody(ZUpdateCompanyBody, ZCompanyAdminDetail), response: { 200: ZCompany } } }, (request) =>
      updateCompany(companies, ctxOf(request), request.params.id, request.body),
    );
    app.delete("/companies/:id", { ...auth, schema: { params: ZIdParam, response: { 200: ZOkResponse } } }, async (request) => {
      await deleteCompany(companies, ctxOf(request), request.params.id);
      return { message: "Company deleted" };
    });
    app.put(
      "/companies/:id/schedules",
      { ...auth, schema: { params: ZIdParam, body: ZUpdateCompanySchedulesBody, response: { 200: ZCompanyDetail } } },
      (request) => updateCompanySchedules(deps, ctxOf(request), request.params.id, request.body.schedules),
    );
  };
}
