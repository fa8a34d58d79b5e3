import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZAnnouncement, ZAnnouncementBody, ZIdParam, ZListAnnouncementsQuery, ZListAnnouncementsResponse, ZOkResponse } from "@conversa/shared";
import { AppError } from "../../lib/app-error.ts";
import { ctxOf } from "../../lib/context.ts";
import { assertInstallationMediaReadable } from "../../media/media-access.ts";
import { sendMediaFile } from "../../media/media-reply.ts";
import { INSTALLATION_MEDIA, MEDIA_LIMITS, type MediaStore } from "../../media/media-store.ts";
import { SINGLE_MEDIA_UPLOAD, readUploadedFile } from "../../media/media-upload.ts";
import {
  type AnnouncementsDeps,
  assertAnnouncementMediaTarget,
  attachAnnouncementMedia,
  createAnnouncement,
  deleteAnnouncement,
  listAnnouncements,
  removeAnnouncementMedia,
  showAnnouncement,
  updateAnnouncement,
} from "./announcements.service.ts";
import { echoedRecordBody } from "../../lib/echoed-record.ts";

/** What the announcement routes use of the platform. */
export interface AnnouncementsRoutesDeps extends AnnouncementsDeps {
  /** The store, from which the announcements' images are also served. */
  media: Pick<MediaStore, "save" | "remove" | "resolve">;
}

/**
 * /announcements (spec admin §7): the installation's announcements, read by every user of every company
 * (the top bar's popover), written by super users (the /announcements page); and their images.
 */
export function announcementsRoutes(deps: AnnouncementsRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = { onRequest: app.authenticate };

    app.get("/announcements", { ...auth, schema: { querystring: ZListAnnouncementsQuery, response: { 200: ZListAnnouncementsResponse } } }, (request) =>
      listAnnouncements(deps, ctxOf(request), request.query),
    );
    app.get("/announcements/:id", { ...auth, schema: { params: ZIdParam, response: { 200: ZAnnouncement } } }, (request) =>
      showAnnouncement(deps, ctxOf(request), request.params.id),
    );
    app.post("/announcements", { ...auth, schema: { body: ZAnnouncementBody, response: { 200: ZAnnouncement } } }, (request) =>
      createAnnouncement(deps, ctxOf(request), request.body),
    );
    app.put("/announcements/:id", { ...auth, schema: { params: ZIdParam, body: echoedRecordBody(ZAnnouncementBody, ZAnnouncement), response: { 200: ZAnnouncement } } }, (request) =>
      updateAnnouncement(deps, ctxOf(request), request.params.id, request.body),
    );
    app.delete("/announcements/:id", { ...auth, schema: { params: ZIdParam, response: { 200: ZOkResponse } } }, async (request) => {
      await deleteAnnouncement(deps, ctxOf(request), request.params.id);
      return { message: "Announcement deleted" };
    });

    // A picture only (spec admin §5): the upload stops at the size of an image; the content decides the type.
    const upload = { ...SINGLE_MEDIA_UPLOAD, accepts: "image", maxBytes: MEDIA_LIMITS.image, maxFields: 5 } as const;
    app.post("/announcements/:id/media-upload", { ...auth, config: { upload }, schema: { params: ZIdParam, response: { 200: ZAnnouncement } } }, async (request) => {
      const ctx = ctxOf(request);
      // Refused before the file is read: only a super user's upload is worth receiving.
      await assertAnnouncementMediaTarget(deps, ctx, request.params.id);
      return attachAnnouncementMedia(deps, ctx, request.params.id, await readUploadedFile(request));
    });
    app.delete("/announcements/:id/media-upload", { ...auth, schema: { params: ZIdParam, response: { 200: ZAnnouncement } } }, (request) =>
      removeAnnouncementMedia(deps, ctxOf(request), request.params.id),
    );

    app.get(
      "/media/announcements/:fileName",
      { ...auth, schema: { params: z.object({ fileName: z.string().max(80) }) } },
      async (request, reply) => {
        const ctx = ctxOf(request);
        // Kept by no cache, the refusals too: an announcement made inactive must not stay in the browser.
        reply.header("Cache-Control", "private, no-store");
        const file = await deps.media.resolve(INSTALLATION_MEDIA, request.params.fileName);
        if (!file) throw new AppError("ERR_NOT_FOUND");
        await assertInstallationMediaReadable(deps.db, ctx, request.params.fileName);
        return sendMediaFile(reply, file);
      },
    );
  };
}
