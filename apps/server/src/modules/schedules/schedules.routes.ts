import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZIdParam, ZListSchedulesQuery, ZListSchedulesResponse, ZOkResponse, ZSchedule, ZScheduleBody } from "@conversa/shared";
import type { AppDeps } from "../../app.ts";
import { AppError } from "../../lib/app-error.ts";
import { ctxOf } from "../../lib/context.ts";
import { MEDIA_LIMITS } from "../../media/media-store.ts";
import { attachScheduleMedia, createSchedule, deleteSchedule, getSchedule, listSchedules, removeScheduleMedia, updateSchedule } from "./schedules.service.ts";

/** Reads the one `file` part of a multipart upload, up to the size of an image. */
async function readUploadedFile(request: FastifyRequest): Promise<{ content: Buffer; filename: string }> {
  if (!request.isMultipart()) throw new AppError("ERR_VALIDATION", [{ in: "body", path: "/file", message: "Expected a multipart upload" }]);
  let upload: { content: Buffer; filename: string } | undefined;
  try {
    // Every part is read to the end, so the request is fully consumed before the answer.
    for await (const part of request.parts({ limits: { fileSize: MEDIA_LIMITS.image, files: 1, fields: 5, fieldSize: 1000 } })) {
      if (part.type !== "file") continue;
      if (part.fieldname !== "file") throw new AppError("ERR_VALIDATION", [{ in: "body", path: `/${part.fieldname}`, message: "Unexpected file field" }]);
      upload = { content: await part.toBuffer(), filename: part.filename };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown } | null)?.code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw new AppError("ERR_MEDIA_TOO_LARGE", { maxBytes: MEDIA_LIMITS.image });
    throw new AppError("ERR_VALIDATION", undefined, "Malformed multipart body");
  }
  if (!upload) throw new AppError("ERR_VALIDATION", [{ in: "body", path: "/file", message: "Required" }]);
  return upload;
}

/** /schedules (spec core §7): the calendar's schedules, their attachment, and their send at sendAt. */
export function schedulesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const engine = deps.engine.deps;
  return async (app) => {
    const auth = { onRequest: app.authenticate };

    app.get("/schedules", { ...auth, schema: { querystring: ZListSchedulesQuery, response: { 200: ZListSchedulesResponse } } }, (request) =>
      listSchedules(engine, ctxOf(request), request.query),
    );
    app.get("/schedules/:id", { ...auth, schema: { params: ZIdParam, response: { 200: ZSchedule } } }, (request) =>
      getSchedule(engine, ctxOf(request), request.params.id),
    );
    app.post("/schedules", { ...auth, schema: { body: ZScheduleBody, response: { 200: ZSchedule } } }, (request) =>
      createSchedule(engine, ctxOf(request), request.body),
    );
    app.put("/schedules/:id", { ...auth, schema: { params: ZIdParam, body: ZScheduleBody, response: { 200: ZSchedule } } }, (request) =>
      updateSchedule(engine, ctxOf(request), request.params.id, request.body),
    );
    app.delete("/schedules/:id", { ...auth, schema: { params: ZIdParam, response: { 200: ZOkResponse } } }, async (request) => {
      await deleteSchedule(engine, ctxOf(request), request.params.id);
      return { message: "Schedule deleted" };
    });
    app.post("/schedules/:id/media-upload", { ...auth, schema: { params: ZIdParam, response: { 200: ZSchedule } } }, async (request) => {
      const ctx = ctxOf(request);
      return attachScheduleMedia(engine, ctx, request.params.id, await readUploadedFile(request));
    });
    app.delete("/schedules/:id/media-upload", { ...auth, schema: { params: ZIdParam, response: { 200: ZSchedule } } }, (request) =>
      removeScheduleMedia(engine, ctxOf(request), request.params.id),
    );
  };
}
