import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZIdParam, ZListSchedulesQuery, ZListSchedulesResponse, ZOkResponse, ZSchedule, ZScheduleBody } from "@conversa/shared";
import { ctxOf } from "../../lib/context.ts";
import { MEDIA_LIMITS } from "../../media/media-store.ts";
import { SINGLE_MEDIA_UPLOAD, readUploadedFile } from "../../media/media-upload.ts";
import { type SchedulesDeps, attachScheduleMedia, createSchedule, deleteSchedule, getSchedule, listSchedules, removeScheduleMedia, updateSchedule } from "./schedules.service.ts";

/** What the schedule routes use of the platform: the conversation engine's dependencies, which the schedule services take. */
export interface SchedulesRoutesDeps {
  engine: { deps: SchedulesDeps };
}

/**
 * /schedules (spec core §7): the calendar's schedules, their attachment, and their send at sendAt. Every
 * route needs the plan flag useSchedules (403 ERR_PLAN_FEATURE_DISABLED otherwise).
 */
export function schedulesRoutes(deps: SchedulesRoutesDeps): FastifyPluginAsyncZod {
  const engine = deps.engine.deps;
  return async (app) => {
    // Every schedules route belongs to the feature of the plan flag useSchedules.
    const auth = { onRequest: app.authenticate, config: { planFlag: "useSchedules" as const } };

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
    // An image only (spec core §5): the upload stops at the size of an image.
    const upload = { ...SINGLE_MEDIA_UPLOAD, accepts: "image", maxBytes: MEDIA_LIMITS.image, maxFields: 5 } as const;
    app.post("/schedules/:id/media-upload", { ...auth, config: { ...auth.config, upload }, schema: { params: ZIdParam, response: { 200: ZSchedule } } }, async (request) => {
      const ctx = ctxOf(request);
      return attachScheduleMedia(engine, ctx, request.params.id, await readUploadedFile(request));
    });
    app.delete("/schedules/:id/media-upload", { ...auth, schema: { params: ZIdParam, response: { 200: ZSchedule } } }, (request) =>
      removeScheduleMedia(engine, ctxOf(request), request.params.id),
    );
  };
}
