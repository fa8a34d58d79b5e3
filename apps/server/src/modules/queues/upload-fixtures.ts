import { bearer } from "../../../test/factories.ts";

/** A 1×1 PNG image. */
export const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c636000010000050001a5f645400000000049454e44ae426082",
  "hex",
);

/** An injectable multipart request carrying one `file` part (tests of the media-upload routes). */
export function multipartFile(token: string, file: { name: string; content: Buffer; type: string }) {
  const boundary = "----conversa-queue-upload";
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="typeArch"\r\n\r\nqueue\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { ...bearer(token), "content-type": `multipart/form-data; boundary=${boundary}` } };
}
