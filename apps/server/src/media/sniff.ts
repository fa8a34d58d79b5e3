/** What a file's first bytes say it is. The declared type and the file name are never trusted. */
export interface SniffedType {
  mime: string;
  ext: string;
  /** The message type it is shown as. */
  kind: "image" | "audio" | "video" | "application";
}

function startsWith(buf: Buffer, bytes: number[], offset = 0): boolean {
  if (buf.length < offset + bytes.length) return false;
  return bytes.every((b, i) => buf[offset + i] === b);
}

function ascii(buf: Buffer, start: number, end: number): string {
  return buf.subarray(start, end).toString("latin1");
}

/** Recognises the kinds of media a conversation carries; anything else answers null (refused). */
export function sniffMedia(buf: Buffer): SniffedType | null {
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return { mime: "image/jpeg", ext: "jpg", kind: "image" };
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: "image/png", ext: "png", kind: "image" };
  if (ascii(buf, 0, 6) === "GIF87a" || ascii(buf, 0, 6) === "GIF89a") return { mime: "image/gif", ext: "gif", kind: "image" };
  if (ascii(buf, 0, 4) === "RIFF" && ascii(buf, 8, 12) === "WEBP") return { mime: "image/webp", ext: "webp", kind: "image" };
  if (ascii(buf, 0, 4) === "RIFF" && ascii(buf, 8, 12) === "WAVE") return { mime: "audio/wav", ext: "wav", kind: "audio" };
  if (ascii(buf, 0, 4) === "OggS") {
    const head = ascii(buf, 0, Math.min(buf.length, 64));
    return head.includes("theora") ? { mime: "video/ogg", ext: "ogv", kind: "video" } : { mime: "audio/ogg", ext: "ogg", kind: "audio" };
  }
  if (ascii(buf, 0, 3) === "ID3" || startsWith(buf, [0xff, 0xfb]) || startsWith(buf, [0xff, 0xf3]) || startsWith(buf, [0xff, 0xf2])) {
    return { mime: "audio/mpeg", ext: "mp3", kind: "audio" };
  }
  if (startsWith(buf, [0xff, 0xf1]) || startsWith(buf, [0xff, 0xf9])) return { mime: "audio/aac", ext: "aac", kind: "audio" };
  if (ascii(buf, 4, 8) === "ftyp") {
    const brand = ascii(buf, 8, 12);
    if (brand.startsWith("M4A")) return { mime: "audio/mp4", ext: "m4a", kind: "audio" };
    if (brand === "qt  ") return { mime: "video/quicktime", ext: "mov", kind: "video" };
    if (brand.startsWith("3gp")) return { mime: "video/3gpp", ext: "3gp", kind: "video" };
    return { mime: "video/mp4", ext: "mp4", kind: "video" };
  }
  if (startsWith(buf, [0x1a, 0x45, 0xdf, 0xa3])) {
    const head = ascii(buf, 0, Math.min(buf.length, 64));
    return head.includes("webm") ? { mime: "video/webm", ext: "webm", kind: "video" } : { mime: "video/x-matroska", ext: "mkv", kind: "video" };
  }
  if (ascii(buf, 0, 5) === "%PDF-") return { mime: "application/pdf", ext: "pdf", kind: "application" };
  if (startsWith(buf, [0x50, 0x4b, 0x03, 0x04])) {
    // Office documents are zip files; tell them apart by the first entry's name where possible.
    const head = ascii(buf, 0, Math.min(buf.length, 2000));
    if (head.includes("word/")) return { mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", ext: "docx", kind: "application" };
    if (head.includes("xl/")) return { mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", ext: "xlsx", kind: "application" };
    if (head.includes("ppt/")) return { mime: "application/vnd.openxmlformats-officedocument.presentationml.presentation", ext: "pptx", kind: "application" };
    return { mime: "application/zip", ext: "zip", kind: "application" };
  }
  if (startsWith(buf, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return { mime: "application/msword", ext: "doc", kind: "application" };
  if (isPlainText(buf)) return { mime: "text/plain", ext: "txt", kind: "application" };
  return null;
}

/** UTF-8 text without control characters other than whitespace (csv, txt, vcf). */
function isPlainText(buf: Buffer): boolean {
  if (buf.length === 0) return false;
  const sample = buf.subarray(0, 4096);
  for (const byte of sample) {
    if (byte === 0) return false;
    if (byte < 0x09 || (byte > 0x0d && byte < 0x20)) return false;
  }
  return !sample.toString("utf8").includes("\uFFFD");
}
