import type { FastifyRequest } from "fastify";
import { AppError } from "../lib/app-error.ts";

/**
 * What a route that takes a multipart upload accepts, declared in its route options
 * (`config: { upload }`). Only routes that declare it may receive multipart bodies: any other route
 * refuses them, and `readUpload` throws for a route without it.
 */
export interface UploadSpec {
  /**
   * What the files must be: `media` (anything a conversation carries, checked by the media store),
   * `image` (png or jpeg only) or `spreadsheet` (.xls/.xlsx). It decides the error codes: ERR_MEDIA_*
   * or ERR_IMPORT_*.
   */
  accepts: "media" | "image" | "spreadsheet";
  /** The field that carries the files (or the fields, each taken alike); a file in any other field is refused. */
  field: string | readonly string[];
  /** Most files in one request. */
  maxFiles: number;
  /** Largest file, in bytes. */
  maxBytes: number;
  /** Most bytes of all the files of one request together; absent: `maxFiles` × `maxBytes`. */
  maxTotalBytes?: number;
  /** Most text fields, and the longest one in bytes. */
  maxFields: number;
  maxFieldBytes: number;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Present on the routes that take a multipart upload. */
    upload?: UploadSpec;
  }
}

/** One file of an upload, read into memory. */
export interface UploadedFile {
  /** The name the sender gave it: for display only, never a path. */
  filename: string;
  /** The type the sender declared: never trusted, only compared with the content. */
  mimetype: string;
  content: Buffer;
}

/** The fields that carry an upload's files, its main one first. */
export function uploadFileFields(spec: Pick<UploadSpec, "field">): readonly string[] {
  return typeof spec.field === "string" ? [spec.field] : spec.field;
}

/** Whether the request's body is multipart, whatever the route declares. */
export const isMultipartRequest = (request: FastifyRequest) => /^multipart\//i.test(request.headers["content-type"] ?? "");

const invalid = (path: string, message: string) => new AppError("ERR_VALIDATION", [{ in: "body", path, message }], message);

/** The route's upload declaration; a route without one reading an upload is a programming error. */
function uploadSpecOf(request: FastifyRequest): UploadSpec {
  const spec = request.routeOptions.config.upload;
  if (!spec) throw new Error(`${request.method} ${request.routeOptions.url ?? request.url} reads an upload without declaring config.upload`);
  return spec;
}

/**
 * Reads the multipart body of a route that declares `config.upload`: each file of its field is handed
 * to `keep` as soon as it has arrived, the text fields are returned (`fields`: the last value of each;
 * `fieldValues`: every value of each, in order, for a field sent once per file). When the request is
 * refused after some files were kept, `discard` is given them back (to remove what `keep` stored).
 * Throws ERR_VALIDATION (not multipart, no file, an empty file, a file in another field, too many files
 * or fields, a malformed body), ERR_MEDIA_TOO_LARGE or ERR_IMPORT_FILE_TOO_LARGE (by what the route accepts),
 * ERR_UPLOAD_TOO_LARGE when the files together pass `maxTotalBytes` (details: maxTotalBytes).
 */
export async function readUpload<T>(
  request: FastifyRequest,
  keep: (file: UploadedFile) => Promise<T>,
  discard: (kept: T[]) => Promise<void> = async () => {},
): Promise<{ files: T[]; fields: Record<string, string>; fieldValues: Record<string, string[]> }> {
  const spec = uploadSpecOf(request);
  const fileFields = uploadFileFields(spec);
  const fieldPath = `/${fileFields[0]}`;
  if (!request.isMultipart()) throw invalid(fieldPath, "A multipart upload is required");
  const files: T[] = [];
  const fields: Record<string, string> = {};
  const fieldValues: Record<string, string[]> = {};
  let totalBytes = 0;
  const limits = { fileSize: spec.maxBytes, files: spec.maxFiles, fields: spec.maxFields, fieldSize: spec.maxFieldBytes, parts: spec.maxFiles + spec.maxFields };
  try {
    // Every part is read to the end, so the request is fully consumed before the answer.
    for await (const part of request.parts({ limits })) {
      if (part.type === "file") {
        if (!fileFields.includes(part.fieldname)) throw invalid(`/${part.fieldname}`, "Unexpected file field");
        const content = await part.toBuffer();
        if (content.length === 0) throw invalid(`/${part.fieldname}`, "The file is empty");
        totalBytes += content.length;
        if (spec.maxTotalBytes !== undefined && totalBytes > spec.maxTotalBytes) {
          throw new AppError("ERR_UPLOAD_TOO_LARGE", { maxTotalBytes: spec.maxTotalBytes }, `The files of one upload may have at most ${spec.maxTotalBytes} bytes together`);
        }
        files.push(await keep({ filename: part.filename, mimetype: part.mimetype, content }));
      } else if (!fileFields.includes(part.fieldname) && typeof part.value === "string") {
        if (part.valueTruncated) throw invalid(`/${part.fieldname}`, "Field too long");
        fields[part.fieldname] = part.value;
        (fieldValues[part.fieldname] ??= []).push(part.value);
      }
    }
  } catch (error) {
    await discard(files);
    if (error instanceof AppError) throw error;
    const code = typeof error === "object" && error !== null && "code" in error ? error.code : undefined;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw new AppError(spec.accepts === "spreadsheet" ? "ERR_IMPORT_FILE_TOO_LARGE" : "ERR_MEDIA_TOO_LARGE", { maxBytes: spec.maxBytes });
    if (code === "FST_FILES_LIMIT") throw invalid(fieldPath, `At most ${spec.maxFiles} file(s)`);
    if (code === "FST_FIELDS_LIMIT" || code === "FST_PARTS_LIMIT") throw invalid("/", "Too many fields");
    throw new AppError("ERR_VALIDATION", undefined, "Malformed multipart body");
  }
  if (files.length === 0) throw invalid(fieldPath, "Required");
  return { files, fields, fieldValues };
}
