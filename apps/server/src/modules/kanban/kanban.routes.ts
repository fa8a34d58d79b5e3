import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZKanbanLaneResponse, ZKanbanQuery } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { ctxOf } from "../../lib/context.ts";
import { listKanbanLane } from "./kanban.service.ts";

/** What the kanban routes use of the platform. */
export interface KanbanRoutesDeps {
  db: Db;
}

/** GET /ticket/kanban: the board, a lane or the whole of it, a page at a time (spec admin §2 Kanban, §7). The moves are /ticket-tags (tags module). */
export function kanbanRoutes(deps: KanbanRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/ticket/kanban", { onRequest: app.authenticate, config: { planFlag: "useKanban" }, schema: { querystring: ZKanbanQuery, response: { 200: ZKanbanLaneResponse } } }, (request) =>
      listKanbanLane(deps, ctxOf(request), request.query),
    );
  };
}
