import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { EXTERNAL_API_LIMITS, ZExternalSendMediaFields, ZExternalSendMediaForm, ZExternalSendResponse, ZExternalSendTextBody } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import type { EngineDeps } from "../../engine/deps.ts";
import { AppError } from "../../lib/app-error.ts";
import { MAX_UPLOAD_BYTES, type MediaStore, type StoredMedia } from "../../media/media-store.ts";
import { MAX_UPLOAD_REQUEST_BYTES, removingUnkeptFiles, saveUploadedMedia } from "../../media/media-upload.ts";
import type { UploadSpec } from "../../media/uploads.ts";
import { type ApiClient, countExternalSend, sendExternalMessage } from "./external-api.service.ts";

/** What the external API routes use of the platform. */
export interface ExternalApiRoutesDeps {
  /** The database of the send counters. */
  db: Db;
  /** The whole store: uploads are stored as they stream in. */
  media: MediaStore;
  /** The conversation engine, whose dependencies the send takes. */
  engine: { deps: EngineDeps };
}

/** A media send: one or more files in `medias`, with `number` and `body` beside them. */
const SEND_UPLOAD: UploadSpec = { accepts: "media", field: "medias", maxFiles: EXTERNAL_API_LIMITS.maxFiles, maxBytes: MAX_UPLOAD_BYTES, maxTotalBytes: MAX_UPLOAD_REQUEST_BYTES, maxFields: 5, maxFieldBytes: 70_000 };

const validationError = (error: z.ZodError) => new AppError("ERR_VALIDATION", error.issues.map((i) => ({ in: "body", path: `/${i.path.join("/")}`, message: i.message })));

function apiClientOf(request: FastifyRequest): ApiClient {
  if (!request.apiClient) throw new AppError("ERR_INVALID_API_TOKEN");
  return request.apiClient;
}

/** Reads a media send: the files are stored as they arrive (checked by content) and removed again if the fields are refused. */
async function readMediaSend(deps: Pick<ExternalApiRoutesDeps, "media">, request: FastifyRequest, companyId: number): Promise<{ number: string; body: string; media: StoredMedia[] }> {
  const { files, fields } = await saveUploadedMedia(deps.media, request, companyId);
  const parsed = ZExternalSendMediaFields.safeParse(fields);
  if (!parsed.success) {
    for (const file of files) await deps.media.remove(companyId, file.fileName);
    throw validationError(parsed.error);
  }
  return { ...parsed.data, media: files };
}

/** The external message API (spec admin §7, engine §8): sends through a connection, authenticated by its token. */
export function externalApiRoutes(deps: ExternalApiRoutesDeps): FastifyPluginAsyncZod {
  const engine = deps.engine.deps;
  return async (app) => {
    app.post(
      "/api/messages/send",
      {
        onRequest: app.authenticateConnectionToken,
        config: {
          planFlag: "useExternalApi",
          upload: SEND_UPLOAD,
          docs: {
            summary: "Send a message through a connection",
            description:
              "Authenticated by the connection's token (`Authorization: Bearer {token}`), not by a session. A JSON body sends text; a multipart body sends one or more files in `medias`, `body` being the first file's caption. The contact's open or pending ticket on the connection is reused, or a pending one created.",
            requestBodies: { "application/json": ZExternalSendTextBody, "multipart/form-data": ZExternalSendMediaForm },
          },
        },
        schema: { response: { 200: ZExternalSendResponse } },
      },
      async (request) => {
        const client = apiClientOf(request);
        // Counted before the body is read: a refused send stores no file.
        await countExternalSend(deps.db, client, engine.now?.());
        if (request.isMultipart()) {
          const input = await readMediaSend(deps, request, client.companyId);
          // A refused send (an unknown number, a closed window) keeps none of its files.
          return removingUnkeptFiles(deps.media, client.companyId, input.media, (keep) => sendExternalMessage(engine, client, { ...input, keep }));
        }
        const parsed = ZExternalSendTextBody.safeParse(request.body ?? {});
        if (!parsed.success) throw validationError(parsed.error);
        return sendExternalMessage(engine, client, { ...parsed.data, media: [] });
      },
    );
  };
}
