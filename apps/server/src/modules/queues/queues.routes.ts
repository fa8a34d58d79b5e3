import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZIdParam, ZListQueuesQuery, ZListQueuesResponse, ZOkResponse, ZQueueBody, ZQueueDetail } from "@conversa/shared";
import { ctxOf } from "../../lib/context.ts";
import { type QueueOptionsRoutesDeps, queueOptionsRoutes } from "./queue-options.routes.ts";
import {
  type QueuesDeps,
  assertQueueMediaTarget,
  attachQueueMedia,
  createQueue,
  deleteQueue,
  getQueue,
  listQueues,
  listQueuesPage,
  removeQueueMedia,
  updateQueue,
} from "./queues.service.ts";
import { SINGLE_MEDIA_UPLOAD, saveUploadedMedia } from "../../media/media-upload.ts";
import { echoedRecordBody } from "../../lib/echoed-record.ts";

/** What the queue routes (and the queue option routes they register) use of the platform. */
export type QueuesRoutesDeps = QueuesDeps & QueueOptionsRoutesDeps;

/** /queue (spec admin §7 Queues) and /queue-options (the chatbot option trees). */
export function queuesRoutes(deps: QueuesRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = { onRequest: app.authenticate };

    // Without pageNumber: every queue as a plain array (the pickers); with it: one page of the queues page.
    app.get("/queue", { ...auth, schema: { querystring: ZListQueuesQuery, response: { 200: ZListQueuesResponse } } }, (request) => {
      const { pageNumber, searchParam, storeId } = request.query;
      return pageNumber === undefined ? listQueues(deps, ctxOf(request)) : listQueuesPage(deps, ctxOf(request), { pageNumber, searchParam, storeId });
    });
    app.get("/queue/:id", { ...auth, schema: { params: ZIdParam, response: { 200: ZQueueDetail } } }, (request) =>
      getQueue(deps, ctxOf(request), request.params.id),
    );
    app.post("/queue", { ...auth, schema: { body: ZQueueBody, response: { 200: ZQueueDetail } } }, (request) =>
      createQueue(deps, ctxOf(request), request.body),
    );
    app.put("/queue/:id", { ...auth, schema: { params: ZIdParam, body: echoedRecordBody(ZQueueBody, ZQueueDetail), response: { 200: ZQueueDetail } } }, (request) =>
      updateQueue(deps, ctxOf(request), request.params.id, request.body),
    );
    app.delete("/queue/:id", { ...auth, schema: { params: ZIdParam, response: { 200: ZOkResponse } } }, async (request) => {
      await deleteQueue(deps, ctxOf(request), request.params.id);
      return { message: "Queue deleted" };
    });

    const upload = { config: { upload: SINGLE_MEDIA_UPLOAD } };
    app.post("/queue/:id/media-upload", { ...auth, ...upload, schema: { params: ZIdParam, response: { 200: ZQueueDetail } } }, async (request) => {
      const ctx = ctxOf(request);
      await assertQueueMediaTarget(deps, ctx, request.params.id);
      const { files } = await saveUploadedMedia(deps.media, request, ctx.companyId);
      return attachQueueMedia(deps, ctx, request.params.id, files[0]!);
    });
    app.delete("/queue/:id/media-upload", { ...auth, schema: { params: ZIdParam, response: { 200: ZQueueDetail } } }, (request) =>
      removeQueueMedia(deps, ctxOf(request), request.params.id),
    );

    await app.register(queueOptionsRoutes(deps));
  };
}
