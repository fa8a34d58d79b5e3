import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZIdParam, ZIdText, ZListQuickMessagesQuery, ZListQuickMessagesResponse, ZOkResponse, ZQuickMessage, ZQuickMessageBody } from "@conversa/shared";
import { ctxOf } from "../../lib/context.ts";
import { SINGLE_MEDIA_UPLOAD, readUploadedFile } from "../../media/media-upload.ts";
import {
  type QuickMessagesDeps,
  attachQuickMessageMedia,
  createQuickMessage,
  deleteQuickMessage,
  listQuickMessages,
  listUsableQuickMessages,
  removeQuickMessageMedia,
  showQuickMessage,
  updateQuickMessage,
} from "./quick-messages.service.ts";

/** What the quick message routes use of the platform. */
export type QuickMessagesRoutesDeps = QuickMessagesDeps;

/** /quick-messages: the quick replies page (spec admin §7) and the conversation's "/" list (spec core §7). */
export function quickMessagesRoutes(deps: QuickMessagesRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = { onRequest: app.authenticate };

    app.get("/quick-messages", { ...auth, schema: { querystring: ZListQuickMessagesQuery, response: { 200: ZListQuickMessagesResponse } } }, (request) =>
      listQuickMessages(deps, ctxOf(request), request.query),
    );
    // companyId and userId are accepted for the web app's sake and ignored: the session decides.
    app.get(
      "/quick-messages/list",
      { ...auth, schema: { querystring: z.object({ companyId: ZIdText.optional(), userId: ZIdText.optional() }), response: { 200: z.array(ZQuickMessage) } } },
      (request) => listUsableQuickMessages(deps, ctxOf(request)),
    );
    app.get("/quick-messages/:id", { ...auth, schema: { params: ZIdParam, response: { 200: ZQuickMessage } } }, (request) =>
      showQuickMessage(deps, ctxOf(request), request.params.id),
    );
    app.post("/quick-messages", { ...auth, schema: { body: ZQuickMessageBody, response: { 200: ZQuickMessage } } }, (request) =>
      createQuickMessage(deps, ctxOf(request), request.body),
    );
    app.put("/quick-messages/:id", { ...auth, schema: { params: ZIdParam, body: ZQuickMessageBody, response: { 200: ZQuickMessage } } }, (request) =>
      updateQuickMessage(deps, ctxOf(request), request.params.id, request.body),
    );
    app.delete("/quick-messages/:id", { ...auth, schema: { params: ZIdParam, response: { 200: ZOkResponse } } }, async (request) => {
      await deleteQuickMessage(deps, ctxOf(request), request.params.id);
      return { message: "Quick message deleted" };
    });
    app.post("/quick-messages/:id/media-upload", { ...auth, config: { upload: SINGLE_MEDIA_UPLOAD }, schema: { params: ZIdParam, response: { 200: ZQuickMessage } } }, async (request) => {
      const ctx = ctxOf(request);
      const file = await readUploadedFile(request);
      return attachQuickMessageMedia(deps, ctx, request.params.id, file);
    });
    app.delete("/quick-messages/:id/media-upload", { ...auth, schema: { params: ZIdParam, response: { 200: ZQuickMessage } } }, (request) =>
      removeQuickMessageMedia(deps, ctxOf(request), request.params.id),
    );
  };
}
