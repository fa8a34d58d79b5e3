import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZIdParam, ZIdText, ZListMessagesQuery, ZListMessagesResponse, ZMediaCaptions, ZMessage, ZSendMessageBody, type SendMessageBody } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import type { EngineDeps } from "../../engine/deps.ts";
import { AppError } from "../../lib/app-error.ts";
import { ctxOf } from "../../lib/context.ts";
import { MAX_UPLOAD_BYTES, type MediaStore, type StoredMedia } from "../../media/media-store.ts";
import { assertMediaReadable } from "../../media/media-access.ts";
import { sendMediaFile } from "../../media/media-reply.ts";
import { MAX_UPLOAD_REQUEST_BYTES, removingUnkeptFiles, saveUploadedMedia } from "../../media/media-upload.ts";
import type { UploadSpec } from "../../media/uploads.ts";
import { deleteMessage, listMessages, retryMessage, sendMessage } from "./messages.service.ts";

/** What the message routes use of the platform. */
export interface MessagesRoutesDeps {
  /** The database of the media access checks. */
  db: Db;
  /** The whole store: uploads are stored as they stream in, and media is served from it. */
  media: MediaStore;
  /** The conversation engine, whose dependencies the message services take. */
  engine: { deps: EngineDeps };
}

const ZTicketIdParam = z.object({ ticketId: ZIdText });
const MAX_FILES = 10;

/** A multipart send: up to 10 files in `medias`, and the text fields of the message beside them. */
const MESSAGE_UPLOAD: UploadSpec = { accepts: "media", field: "medias", maxFiles: MAX_FILES, maxBytes: MAX_UPLOAD_BYTES, maxTotalBytes: MAX_UPLOAD_REQUEST_BYTES, maxFields: 20, maxFieldBytes: 70_000 };

/** `captions` as sent: a JSON list with as many captions as files. */
function parseCaptions(raw: string | undefined, fileCount: number): { captions?: string[]; error?: string } {
  if (raw === undefined) return {};
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { error: "captions must be a JSON list of strings" };
  }
  const parsed = ZMediaCaptions.safeParse(json);
  if (!parsed.success) return { error: "captions must be a JSON list of strings" };
  if (parsed.data.length !== fileCount) return { error: "captions must have one caption per file" };
  return { captions: parsed.data };
}

/** Reads a multipart send: `medias` files (stored as they stream in, checked by content), `captions` and text fields. */
async function readMultipart(deps: Pick<MessagesRoutesDeps, "media">, request: FastifyRequest, companyId: number): Promise<{ body: SendMessageBody; media: StoredMedia[]; captions?: string[]; asVoice: boolean }> {
  const { files: media, fields } = await saveUploadedMedia(deps.media, request, companyId);
  const parsed = ZSendMessageBody.safeParse({
    body: fields.body ?? "",
    ...(fields.signMessage !== undefined ? { signMessage: fields.signMessage === "true" } : {}),
    ...(fields.quotedMsgId ? { quotedMsg: { id: Number(fields.quotedMsgId) } } : {}),
  });
  const captions = parseCaptions(fields.captions, media.length);
  if (!parsed.success || captions.error) {
    for (const file of media) await deps.media.remove(companyId, file.fileName);
    const issues = parsed.success ? [] : parsed.error.issues.map((i) => ({ in: "body", path: `/${i.path.join("/")}`, message: i.message }));
    throw new AppError("ERR_VALIDATION", captions.error ? [...issues, { in: "body", path: "/captions", message: captions.error }] : issues);
  }
  return { body: parsed.data, media, captions: captions.captions, asVoice: fields.voice === "true" };
}

export function messagesRoutes(deps: MessagesRoutesDeps): FastifyPluginAsyncZod {
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
          // A refused send (a closed ticket, another's ticket, a closed window) keeps none of its files.
          return removingUnkeptFiles(deps.media, ctx.companyId, input.media, (keep) => sendMessage(engine, ctx, request.params.ticketId, { ...input, keep }));
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
