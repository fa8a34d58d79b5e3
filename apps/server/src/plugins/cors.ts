import cors from "@fastify/cors";
import type { FastifyInstance } from "fastify";

/** The methods the API answers. */
export const CORS_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];
/** The request headers a web client sends: the bearer token, JSON or multipart bodies, a request id. */
export const CORS_ALLOWED_HEADERS = ["Authorization", "Content-Type", "Accept", "Accept-Language", "X-Request-Id"];
/** The answer headers a web client may read: the rate limit's wait, a download's file name, the request id. */
export const CORS_EXPOSED_HEADERS = ["Retry-After", "Content-Disposition", "X-Request-Id"];
/** How long a browser may keep a preflight's answer, in seconds. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * Cross-origin access for web apps served from other origins (`CORS_ORIGINS`): a request or preflight
 * from one of those exact origins is answered with that origin, credentials allowed, and the methods
 * and headers the API uses; any other origin gets no CORS header at all (the browser then refuses to
 * show the answer). With no origin configured nothing is registered: the same-origin app needs none.
 */
export async function registerCors(app: FastifyInstance, origins: readonly string[]): Promise<void> {
  if (origins.length === 0) return;
  const allowed = new Set(origins);
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    credentials: true,
    methods: CORS_METHODS,
    allowedHeaders: CORS_ALLOWED_HEADERS,
    exposedHeaders: CORS_EXPOSED_HEADERS,
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
    strictPreflight: true,
  });
}
