import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ZCreateTagBody,
  ZIdParam,
  ZKanbanLanesResponse,
  ZKanbanOrderBody,
  ZListTagsQuery,
  ZListTagsResponse,
  ZOkResponse,
  ZSyncTagsBody,
  ZTag,
  ZTagBody,
  ZTagRecord,
  ZTicket,
  ZTicketTagParams,
  ZTicketTagsParams,
} from "@conversa/shared";
import { ctxOf } from "../../lib/context.ts";
import { type TagsDeps, createTag, deleteTag, listKanbanTags, listTagRecords, listTags, orderKanbanTags, showTag, updateTag } from "./tags.service.ts";
import { addTicketTag, removeKanbanTags, syncTicketTags } from "./ticket-tags.service.ts";
import { echoedRecordBody } from "../../lib/echoed-record.ts";

/** What the tag routes use of the platform. */
export interface TagsRoutesDeps extends TagsDeps {
  /** The conversation engine, whose dependencies the ticket tag services take. */
  engine: { deps: TagsDeps };
}

/**
 * /tags: the tags page (spec admin §7), the kanban lanes, and the conversation's tag picker (spec core §7);
 * /ticket-tags: a ticket's kanban tag, as a kanban move changes it (spec admin §4, §7).
 */
export function tagsRoutes(deps: TagsRoutesDeps): FastifyPluginAsyncZod {
  const engine = deps.engine.deps;
  return async (app) => {
    const auth = { onRequest: app.authenticate };

    app.get("/tags", { ...auth, schema: { querystring: ZListTagsQuery, response: { 200: ZListTagsResponse } } }, (request) =>
      listTagRecords(deps, ctxOf(request), request.query),
    );
    app.get("/tags/list", { ...auth, schema: { response: { 200: z.array(ZTag) } } }, (request) => listTags(deps, ctxOf(request)));
    // The kanban's lanes: part of the kanban feature (plan flag useKanban).
    app.get("/tags/kanban", { ...auth, config: { planFlag: "useKanban" }, schema: { response: { 200: ZKanbanLanesResponse } } }, async (request) => ({
      lista: await listKanbanTags(deps, ctxOf(request)),
    }));
    app.put("/tags/kanban/order", { ...auth, config: { planFlag: "useKanban" }, schema: { body: ZKanbanOrderBody, response: { 200: ZKanbanLanesResponse } } }, async (request) => ({
      lista: await orderKanbanTags(deps, ctxOf(request), request.body),
    }));
    app.get("/tags/:id", { ...auth, schema: { params: ZIdParam, response: { 200: ZTagRecord } } }, (request) => showTag(deps, ctxOf(request), request.params.id));
    app.post("/tags", { ...auth, schema: { body: ZCreateTagBody, response: { 200: ZTagRecord } } }, (request) => createTag(deps, ctxOf(request), request.body));
    app.put("/tags/:id", { ...auth, schema: { params: ZIdParam, body: echoedRecordBody(ZTagBody, ZTagRecord), response: { 200: ZTagRecord } } }, (request) =>
      updateTag(deps, ctxOf(request), request.params.id, request.body),
    );
    app.delete("/tags/:id", { ...auth, schema: { params: ZIdParam, response: { 200: ZOkResponse } } }, async (request) => {
      await deleteTag(deps, ctxOf(request), request.params.id);
      return { message: "Tag deleted" };
    });
    app.post("/tags/sync", { ...auth, schema: { body: ZSyncTagsBody, response: { 200: ZTicket } } }, (request) =>
      syncTicketTags(engine, ctxOf(request), request.body.ticketId, request.body.tags.map((t) => t.id)),
    );
    app.put("/ticket-tags/:ticketId/:tagId", { ...auth, config: { planFlag: "useKanban" }, schema: { params: ZTicketTagParams, response: { 200: ZTicket } } }, (request) =>
      addTicketTag(engine, ctxOf(request), request.params.ticketId, request.params.tagId),
    );
    app.delete("/ticket-tags/:ticketId", { ...auth, config: { planFlag: "useKanban" }, schema: { params: ZTicketTagsParams, response: { 200: ZTicket } } }, (request) =>
      removeKanbanTags(engine, ctxOf(request), request.params.ticketId),
    );
  };
}
