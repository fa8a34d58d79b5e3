import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZIdParam, ZIdText, ZListMessagesQuery, ZListMessagesResponse, ZMessage, ZSendMessageBody, type SendMessageBody } from "@conversa/shared";
import type { AppDeps } from "../../app.ts";
import { AppError } from "../../lib/app-error.ts";
import { ctxOf } from "../../lib/context.ts";
import { MAX_UPLOAD_BYTES, type StoredMedia } from "../../media/media-store.ts";
import { assertMediaReadable } from "../../media/media-access.ts";
import { sendMediaFile } from "../../media/media-reply.ts";
import { saveUploadedMedia } from "../../media/media-upload.ts";
import type { UploadSpec } from "../../plugins/uploads.ts";
import { deleteMessage, listMessages, retryMessage, sendMessage } from "./messages.service.ts";

const ZTicketIdParam = z.object({ ticketId: ZIdText });
const MAX_FILES = 10;

/** A multipart send: up to 10 files in `medias`, and the text fields of the message beside them. */
const MESSAGE_UPLOAD: UploadSpec = { accepts: "media", field: "medias", maxFiles: MAX_FILES, maxBytes: MAX_UPLOAD_BYTES, maxFields: 20, maxFieldBytes: 70_000 };

/** Reads a multipart send: `medias` files (stored as they stream in, checked by content) and text fields. */
async function readMultipart(deps: AppDeps, request: FastifyRequest, companyId: number): Promise<{ body: SendMessageBody; media: StoredMedia[]; asVoice: boolean }> {
  const { files: media, fields } = await saveUploadedMedia(deps.media, request, companyId);
  const parsed = ZSendMessageBody.safeParse({
    body: fields.body ?? "",
    ...(fields.signMessage !== undefined ? { signMessage: fields.signMessage === "true" } : {}),
    ...(fields.quotedMsgId ? { quotedMsg: { id: Number(fields.quotedMsgId) } } : {}),
  });
  if (!parsed.success) {
    for (const file of media) await deps.media.remove(companyId, file.fileName);
    throw new AppError("ERR_VALIDATION", parsed.error.issues.map((i) => ({ in: "body", path: `/${i.path.join("/")}`, message: i.message })));
  }
  return { body: parsed.data, media, asVoice: fields.voice === "true" };
}

export function messagesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const engine = deps.engine.deps;
  return async (app) => {
    app.get(
      "/messages/:ticketId",
      { onRequest: app.authenticate, schema: { params: ZTicketIdParam, querystring: ZListMessagesQuery, response: { 200: ZListMessagesResponse } } },
      (request) => listMessages(engine, ctxOf(request), request.params.ticketId, request.query.pageNumber),
    );

    app.post(
      "/messages/:ticketId",
      { onRequest: app.authenticate, config: { upload: MESSAGE_UPLOAD }, schema: { params: ZTicketIdParam, response: { 200: z.array(ZMessage) } } },
      async (request) => {
        const ctx = ctxOf(request);
        if (request.isMultipart()) {
          const input = await readMultipart(deps, request, ctx.companyId);
          return sendMessage(engine, ctx, request.params.ticketId, input);
        }
        const parsed = ZSendMessageBody.safeParse(request.body ?? {});
        if (!parsed.success) {
          throw new AppError("ERR_VALIDATION", parsed.error.issues.map((i) => ({ in: "body", path: `/${i.path.join("/")}`, message: i.message })));
        }
        return sendMessage(engine, ctx, request.params.ticketId, { body: parsed.data, media: [] });
      },
    );

    app.delete("/messages/:id", { onRequest: app.authenticate, schema: { params: ZIdParam, response: { 200: ZMessage } } }, (request) =>
      deleteMessage(engine, ctxOf(request), request.params.id),
    );

    app.post("/messages/:id/retry", { onRequest: app.authenticate, schema: { params: ZIdParam, response: { 204: z.null() } } }, async (request, reply) => {
      await retryMessage(engine, ctxOf(request), request.params.id);
      return reply.status(204).send(null);
    });

    app.get(
      "/media/:fileName",
      { onRequest: app.authenticate, schema: { params: z.object({ fileName: z.string().max(80) }) } },
      async (request, reply) => {
        const ctx = ctxOf(request);
        // Kept by no cache, the refusals too: a user who loses access to the record must not find the file in the browser.
        reply.header("Cache-Control", "private, no-store");
        const file = await deps.media.resolve(ctx.companyId, request.params.fileName);
        if (!file) throw new AppError("ERR_NOT_FOUND");
        await assertMediaReadable(deps.db, ctx, request.params.fileName);
        return sendMediaFile(reply, file);
      },
    );
  };
}
