import { createReadStream } from "node:fs";
import type { FastifyReply } from "fastify";

/**
 * Answers with a stored file, kept by no cache (a user who loses access to the record must not find the
 * file in the browser) and sandboxed, so that nothing in it can run as the app.
 */
export function sendMediaFile(reply: FastifyReply, file: { path: string; size: number; mime: string }): FastifyReply {
  reply.header("Cache-Control", "private, no-store");
  reply.header("Content-Type", file.mime);
  reply.header("Content-Length", String(file.size));
  reply.header("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'; sandbox");
  return reply.send(createReadStream(file.path));
}
