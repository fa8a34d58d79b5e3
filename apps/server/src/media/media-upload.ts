import type { FastifyRequest } from "fastify";
import { type UploadSpec, type UploadedFile, readUpload } from "./uploads.ts";
import { MAX_UPLOAD_BYTES, type MediaStore, type StoredMedia } from "./media-store.ts";

/** Most bytes of all the media files of one request together (a file list's, a message's): 200 MiB. */
export const MAX_UPLOAD_REQUEST_BYTES = 200 * 1024 * 1024;

/** The upload of one media file in the field `file` (queues, queue options, quick replies), a few text fields beside it. */
export const SINGLE_MEDIA_UPLOAD: UploadSpec = { accepts: "media", field: "file", maxFiles: 1, maxBytes: MAX_UPLOAD_BYTES, maxFields: 10, maxFieldBytes: 1000 };

/** The one file of a route's upload, read into memory; the media store checks it when it is stored. */
export async function readUploadedFile(request: FastifyRequest): Promise<UploadedFile> {
  const { files } = await readUpload(request, async (file) => file);
  return files[0]!;
}

/**
 * Stores every file of a route's upload as it arrives, checked by content, and returns them with the
 * text fields; when one is refused, those already stored are removed.
 * Throws what `readUpload` and `MediaStore.save` throw.
 */
export function saveUploadedMedia(
  media: MediaStore,
  request: FastifyRequest,
  companyId: number,
): Promise<{ files: StoredMedia[]; fields: Record<string, string>; fieldValues: Record<string, string[]> }> {
  return readUpload(
    request,
    (file) => media.save(companyId, file.content, file.filename, file.mimetype),
    async (stored) => {
      for (const file of stored) await media.remove(companyId, file.fileName);
    },
  );
}

/**
 * Runs `work` with files the request stored as it streamed in; `keep` marks a file that a saved record
 * now refers to. When `work` throws, the files it did not keep are removed before the error goes on:
 * a refused request leaves no file behind, and a message already queued keeps its own.
 */
export async function removingUnkeptFiles<T>(
  media: MediaStore,
  companyId: number,
  files: readonly StoredMedia[],
  work: (keep: (file: StoredMedia) => void) => Promise<T>,
): Promise<T> {
  const kept = new Set<string>();
  try {
    return await work((file) => kept.add(file.fileName));
  } catch (error) {
    for (const file of files) if (!kept.has(file.fileName)) await media.remove(companyId, file.fileName);
    throw error;
  }
}
