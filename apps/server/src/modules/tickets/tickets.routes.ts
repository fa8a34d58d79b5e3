import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZCreateTicketBody, ZIdParam, ZListTicketsQuery, ZListTicketsResponse, ZTicket, ZTicketUuidParam, ZUpdateTicketBody } from "@conversa/shared";
import type { EngineDeps } from "../../engine/deps.ts";
import { ctxOf } from "../../lib/context.ts";
import { createTicket, deleteTicket, listTickets, showTicket, updateTicket } from "./tickets.service.ts";

/** What the ticket routes use of the platform: the conversation engine's dependencies, which the ticket services take. */
export interface TicketsRoutesDeps {
  engine: { deps: EngineDeps };
}

export function ticketsRoutes(deps: TicketsRoutesDeps): FastifyPluginAsyncZod {
  const engine = deps.engine.deps;
  return async (app) => {
    app.get("/tickets", { onRequest: app.authenticate, schema: { querystring: ZListTicketsQuery, response: { 200: ZListTicketsResponse } } }, (request) =>
      listTickets(engine, ctxOf(request), request.query),
    );
    app.get("/tickets/:id", { onRequest: app.authenticate, schema: { params: ZIdParam, response: { 200: ZTicket } } }, (request) =>
      showTicket(engine, ctxOf(request), { id: request.params.id }),
    );
    app.get("/tickets/u/:uuid", { onRequest: app.authenticate, schema: { params: ZTicketUuidParam, response: { 200: ZTicket } } }, (request) =>
      showTicket(engine, ctxOf(request), { uuid: request.params.uuid }),
    );
    app.post("/tickets", { onRequest: app.authenticate, schema: { body: ZCreateTicketBody, response: { 200: ZTicket } } }, (request) =>
      createTicket(engine, ctxOf(request), request.body),
    );
    app.put("/tickets/:id", { onRequest: app.authenticate, schema: { params: ZIdParam, body: ZUpdateTicketBody, response: { 200: ZTicket } } }, (request) =>
      updateTicket(engine, ctxOf(request), request.params.id, request.body),
    );
    app.delete("/tickets/:id", { onRequest: app.authenticate, schema: { params: ZIdParam, response: { 204: z.null() } } }, async (request, reply) => {
      await deleteTicket(engine, ctxOf(request), request.params.id);
      return reply.status(204).send(null);
    });
  };
}
