import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZIdParam, ZListQuickMessagesQuery, ZListQuickMessagesResponse, ZOkResponse, ZQuickMessage, ZQuickMessageBody } from "@conversa/shared";
import type { AppDeps } from "../../app.ts";
import { AppError } from "../../lib/app-error.ts";
import { ctxOf } from "../../lib/context.ts";
import { MAX_UPLOAD_BYTES } from "../../media/media-store.ts";
import {
  type UploadedFile,
  attachQuickMessageMedia,
  createQuickMessage,
  deleteQuickMessage,
  listQuickMessages,
  listUsableQuickMessages,
  removeQuickMessageMedia,
  showQuickMessage,
  updateQuickMessage,
} from "./quick-messages.service.ts";

/** Reads the one `file` part of a multipart upload (other text fields such as `typeArch` are ignored). */
async function readUploadedFile(request: FastifyRequest): Promise<UploadedFile> {
  if (!request.isMultipart()) throw new AppError("ERR_VALIDATION", [{ in: "body", path: "/file", message: "A multipart body with a file is required" }]);
  let file: UploadedFile | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 1000 } })) {
      if (part.type !== "file") continue;
      if (part.fieldname !== "file") throw new AppError("ERR_VALIDATION", [{ in: "body", path: `/${part.fieldname}`, message: "Unexpected file field" }]);
      file = { content: await part.toBuffer(), filename: part.filename };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = typeof error === "object" && error !== null && "code" in error ? error.code : undefined;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw new AppError("ERR_MEDIA_TOO_LARGE", { maxBytes: MAX_UPLOAD_BYTES });
    throw new AppError("ERR_VALIDATION", undefined, "Malformed multipart body");
  }
  if (!file) throw new AppError("ERR_VALIDATION", [{ in: "body", path: "/file", message: "Required" }]);
  return file;
}

/** /quick-messages: the quick replies page (spec admin §7) and the conversation's "/" list (spec core §7). */
export function quickMessagesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = { onRequest: app.authenticate };

    app.get("/quick-messages", { ...auth, schema: { querystring: ZListQuickMessagesQuery, response: { 200: ZListQuickMessagesResponse } } }, (request) =>
      listQuickMessages(deps, ctxOf(request), request.query),
    );
    // companyId and userId are accepted for the web app's sake and ignored: the session decides.
    app.get(
      "/quick-messages/list",
      { ...auth, schema: { querystring: z.object({ companyId: z.coerce.number().optional(), userId: z.coerce.number().optional() }), response: { 200: z.array(ZQuickMessage) } } },
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
    app.post("/quick-messages/:id/media-upload", { ...auth, schema: { params: ZIdParam, response: { 200: ZQuickMessage } } }, async (request) => {
      const ctx = ctxOf(request);
      const file = await readUploadedFile(request);
      return attachQuickMessageMedia(deps, ctx, request.params.id, file);
    });
    app.delete("/quick-messages/:id/media-upload", { ...auth, schema: { params: ZIdParam, response: { 200: ZQuickMessage } } }, (request) =>
      removeQuickMessageMedia(deps, ctxOf(request), request.params.id),
    );
  };
}
