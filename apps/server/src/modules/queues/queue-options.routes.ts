import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ZCreateQueueOptionBody,
  ZIdParam,
  ZListQueueOptionsQuery,
  ZOkResponse,
  ZQueueOption,
  ZQueueOptionList,
  ZUpdateQueueOptionBody,
} from "@conversa/shared";
import { ctxOf } from "../../lib/context.ts";
import {
  type QueueOptionsDeps,
  assertOptionMediaTarget,
  attachOptionMedia,
  createQueueOption,
  deleteQueueOption,
  listQueueOptions,
  removeOptionMedia,
  updateQueueOption,
} from "./queue-options.service.ts";
import { SINGLE_MEDIA_UPLOAD, saveUploadedMedia } from "../../media/media-upload.ts";
import { echoedRecordBody } from "../../lib/echoed-record.ts";

/** What the queue option routes use of the platform. */
export type QueueOptionsRoutesDeps = QueueOptionsDeps;

/** /queue-options: a queue's chatbot option tree, level by level (spec admin §7 Queue options). */
export function queueOptionsRoutes(deps: QueueOptionsRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = { onRequest: app.authenticate };

    app.get("/queue-options", { ...auth, schema: { querystring: ZListQueueOptionsQuery, response: { 200: ZQueueOptionList } } }, (request) =>
      listQueueOptions(deps, ctxOf(request), request.query),
    );
    app.post("/queue-options", { ...auth, schema: { body: ZCreateQueueOptionBody, response: { 200: ZQueueOption } } }, (request) =>
      createQueueOption(deps, ctxOf(request), request.body),
    );
    app.put("/queue-options/:id", { ...auth, schema: { params: ZIdParam, body: echoedRecordBody(ZUpdateQueueOptionBody, ZQueueOption), response: { 200: ZQueueOption } } }, (request) =>
      updateQueueOption(deps, ctxOf(request), request.params.id, request.body),
    );
    app.delete("/queue-options/:id", { ...auth, schema: { params: ZIdParam, response: { 200: ZOkResponse } } }, async (request) => {
      await deleteQueueOption(deps, ctxOf(request), request.params.id);
      return { message: "Queue option deleted" };
    });

    app.post("/queue-options/:id/media-upload", { ...auth, config: { upload: SINGLE_MEDIA_UPLOAD }, schema: { params: ZIdParam, response: { 200: ZQueueOption } } }, async (request) => {
      const ctx = ctxOf(request);
      await assertOptionMediaTarget(deps, ctx, request.params.id);
      const { files } = await saveUploadedMedia(deps.media, request, ctx.companyId);
      return attachOptionMedia(deps, ctx, request.params.id, files[0]!);
    });
    app.delete("/queue-options/:id/media-upload", { ...auth, schema: { params: ZIdParam, response: { 200: ZQueueOption } } }, (request) =>
      removeOptionMedia(deps, ctxOf(request), request.params.id),
    );
  };
}
