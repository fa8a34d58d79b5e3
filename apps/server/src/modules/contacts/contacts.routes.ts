import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZContact, ZContactBody, ZIdParam, ZListContactsQuery, ZListContactsResponse } from "@conversa/shared";
import type { AppDeps } from "../../app.ts";
import { ctxOf } from "../../lib/context.ts";
import { createContact, listContacts, showContact } from "./contacts.service.ts";

export function contactsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/contacts", { onRequest: app.authenticate, schema: { querystring: ZListContactsQuery, response: { 200: ZListContactsResponse } } }, (request) =>
      listContacts(deps, ctxOf(request), request.query),
    );
    app.get("/contacts/:id", { onRequest: app.authenticate, schema: { params: ZIdParam, response: { 200: ZContact } } }, (request) =>
      showContact(deps, ctxOf(request), request.params.id),
    );
    app.post("/contacts", { onRequest: app.authenticate, schema: { body: ZContactBody, response: { 200: ZContact } } }, (request) =>
      createContact(deps, ctxOf(request), request.body),
    );
  };
}
