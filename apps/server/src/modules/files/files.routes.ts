import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZFileList, ZFileListBody, ZFileListUploadOptionIds, ZIdParam, ZListFileListsQuery, ZListFileListsResponse, ZOkResponse } from "@conversa/shared";
import { ctxOf } from "../../lib/context.ts";
import { MAX_UPLOAD_BYTES, type MediaStore } from "../../media/media-store.ts";
import { MAX_UPLOAD_REQUEST_BYTES, saveUploadedMedia } from "../../media/media-upload.ts";
import { AppError } from "../../lib/app-error.ts";
import { echoedRecordBody } from "../../lib/echoed-record.ts";
import { can } from "@conversa/shared";
import { type FilesDeps, attachFileListFiles, createFileList, deleteFileList, listFileLists, showFileList, updateFileList } from "./files.service.ts";

/** What the file list routes use of the platform. */
export interface FilesRoutesDeps extends FilesDeps {
  /** The whole store: uploads are stored as they stream in. */
  media: MediaStore;
}

/** /files (spec admin §7): the company's file lists, the files a campaign sends after its message. */
export function filesRoutes(deps: FilesRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = { onRequest: app.authenticate };
    app.get("/files", { ...auth, schema: { querystring: ZListFileListsQuery, response: { 200: ZListFileListsResponse } } }, (request) => listFileLists(deps, ctxOf(request), request.query));
    app.get("/files/:id", { ...auth, schema: { params: ZIdParam, response: { 200: ZFileList } } }, (request) => showFileList(deps, ctxOf(request), request.params.id));
    app.post("/files", { ...auth, schema: { body: ZFileListBody, response: { 200: ZFileList } } }, (request) => createFileList(deps, ctxOf(request), request.body));
    // The previous generation's dialog sends the list back as GET /files/{id} answered it (its id among it).
    app.put("/files/:id", { ...auth, schema: { params: ZIdParam, body: echoedRecordBody(ZFileListBody, ZFileList), response: { 200: ZFileList } } }, (request) =>
      updateFileList(deps, ctxOf(request), request.params.id, request.body),
    );
    app.delete("/files/:id", { ...auth, schema: { params: ZIdParam, response: { 200: ZOkResponse } } }, async (request) => {
      await deleteFileList(deps, ctxOf(request), request.params.id);
      return { message: "File list deleted" };
    });
    // The files come in `file` (Conversa's page) or `files` (spec admin §7, the previous generation's form, which
    // also sends fileId and typeArch, and mediaType, name and id beside each file: only the ids are read).
    const upload = { accepts: "media", field: ["file", "files"], maxFiles: 20, maxBytes: MAX_UPLOAD_BYTES, maxTotalBytes: MAX_UPLOAD_REQUEST_BYTES, maxFields: 90, maxFieldBytes: 1000 } as const;
    app.post("/files/uploadList/:id", { ...auth, config: { upload }, schema: { params: ZIdParam, response: { 200: ZFileList } } }, async (request) => {
      const ctx = ctxOf(request);
      // Refused before any file is stored.
      if (!can(ctx, "files:manage")) throw new AppError("ERR_NO_PERMISSION");
      const { files, fieldValues } = await saveUploadedMedia(deps.media, request, ctx.companyId);
      const optionIds = fieldValues.id === undefined ? undefined : ZFileListUploadOptionIds.safeParse(fieldValues.id);
      if (optionIds !== undefined && (!optionIds.success || optionIds.data.length !== files.length)) {
        for (const file of files) await deps.media.remove(ctx.companyId, file.fileName);
        throw new AppError("ERR_VALIDATION", [{ in: "body", path: "/id", message: "One option id per file, each once" }], "One option id per file, each once");
      }
      return attachFileListFiles(deps, ctx, request.params.id, files, optionIds?.data);
    });
  };
}
