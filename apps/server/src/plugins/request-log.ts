import type { FastifyInstance } from "fastify";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The level a finished request is logged at: routine traffic (successful reads, which is also every
 * health check and every poll) at debug, so that the default level shows the writes and the failures.
 */
export function requestLogLevel(method: string, statusCode: number): "debug" | "info" | "warn" | "error" {
  if (statusCode >= 500) return "error";
  if (READS.has(method.toUpperCase())) return statusCode < 400 ? "debug" : "info";
  return "info";
}

/**
 * Replaces Fastify's request logging (both lines at info) with one line per request at the level above;
 * the incoming line only at debug. The app is built with a `LogController` whose `disableRequestLogging` is on.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    request.log.debug({ req: request }, "incoming request");
  });
  app.addHook("onResponse", async (request, reply) => {
    request.log[requestLogLevel(request.method, reply.statusCode)]({ req: request, res: reply, responseTime: reply.elapsedTime }, "request completed");
  });
}
