import type { FastifyRequest } from "fastify";
import { AppError } from "../../lib/app-error.ts";
import { MAX_UPLOAD_BYTES, type MediaStore, type StoredMedia } from "../../media/media-store.ts";

/**
 * Reads the one `file` part of a multipart upload and stores it (checked by content). Other text
 * fields are ignored. Throws ERR_VALIDATION (not multipart, no file, another file field),
 * ERR_MEDIA_TOO_LARGE, ERR_MEDIA_TYPE_NOT_ALLOWED.
 */
export async function readUploadedFile(media: MediaStore, request: FastifyRequest, companyId: number): Promise<StoredMedia> {
  if (!request.isMultipart()) throw new AppError("ERR_VALIDATION", [{ in: "body", path: "/file", message: "A multipart file is required" }]);
  let stored: StoredMedia | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 1000 } })) {
      if (part.type !== "file") continue;
      if (part.fieldname !== "file") throw new AppError("ERR_VALIDATION", [{ in: "body", path: `/${part.fieldname}`, message: "Unexpected file field" }]);
      stored = await media.save(companyId, await part.toBuffer(), part.filename);
    }
  } catch (error) {
    if (stored) await media.remove(companyId, stored.fileName);
    if (error instanceof AppError) throw error;
    if (typeof error === "object" && error !== null && "code" in error && error.code === "FST_REQ_FILE_TOO_LARGE") throw new AppError("ERR_MEDIA_TOO_LARGE", { maxBytes: MAX_UPLOAD_BYTES });
    throw new AppError("ERR_VALIDATION", undefined, "Malformed multipart body");
  }
  if (!stored) throw new AppError("ERR_VALIDATION", [{ in: "body", path: "/file", message: "Required" }]);
  return stored;
}
