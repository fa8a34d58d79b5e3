import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZCreateTicketNoteBody, ZIdParam, ZListTicketNotesQuery, ZTicketNote } from "@conversa/shared";
import type { EngineDeps } from "../../engine/deps.ts";
import { ctxOf } from "../../lib/context.ts";
import { addNote, deleteNote, listNotes } from "./ticket-notes.service.ts";

/** What the ticket note routes use of the platform: the conversation engine's dependencies, which the note services take. */
export interface TicketNotesRoutesDeps {
  engine: { deps: EngineDeps };
}

export function ticketNotesRoutes(deps: TicketNotesRoutesDeps): FastifyPluginAsyncZod {
  const engine = deps.engine.deps;
  return async (app) => {
    app.get("/ticket-notes/list", { onRequest: app.authenticate, schema: { querystring: ZListTicketNotesQuery, response: { 200: z.array(ZTicketNote) } } }, (request) =>
      listNotes(engine, ctxOf(request), request.query.ticketId, request.query.contactId),
    );
    app.post("/ticket-notes", { onRequest: app.authenticate, schema: { body: ZCreateTicketNoteBody, response: { 200: ZTicketNote } } }, (request) =>
      addNote(engine, ctxOf(request), request.body),
    );
    app.delete("/ticket-notes/:id", { onRequest: app.authenticate, schema: { params: ZIdParam, response: { 204: z.null() } } }, async (request, reply) => {
      await deleteNote(engine, ctxOf(request), request.params.id);
      return reply.status(204).send(null);
    });
  };
}
