import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZHelp, ZHelpBody, ZIdParam, ZListHelpsQuery, ZListHelpsResponse, ZOkResponse } from "@conversa/shared";
import { ctxOf } from "../../lib/context.ts";
import { type HelpsDeps, createHelp, deleteHelp, listAllHelps, listHelps, updateHelp } from "./helps.service.ts";

/** What the help routes use of the platform. */
export type HelpsRoutesDeps = HelpsDeps;

/** /helps (spec admin §7): the help videos every user watches in /helps, written by super users in the Ajuda tab. */
export function helpsRoutes(deps: HelpsRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = { onRequest: app.authenticate };

    app.get("/helps", { ...auth, schema: { querystring: ZListHelpsQuery, response: { 200: ZListHelpsResponse } } }, (request) =>
      listHelps(deps, ctxOf(request), request.query),
    );
    app.get("/helps/list", { ...auth, schema: { response: { 200: z.array(ZHelp) } } }, (request) => listAllHelps(deps, ctxOf(request)));
    app.post("/helps", { ...auth, schema: { body: ZHelpBody, response: { 200: ZHelp } } }, (request) => createHelp(deps, ctxOf(request), request.body));
    app.put("/helps/:id", { ...auth, schema: { params: ZIdParam, body: ZHelpBody, response: { 200: ZHelp } } }, (request) =>
      updateHelp(deps, ctxOf(request), request.params.id, request.body),
    );
    app.delete("/helps/:id", { ...auth, schema: { params: ZIdParam, response: { 200: ZOkResponse } } }, async (request) => {
      await deleteHelp(deps, ctxOf(request), request.params.id);
      return { message: "Help deleted" };
    });
  };
}
