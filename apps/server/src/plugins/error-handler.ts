import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import type { ApiErrorBody, ErrorCode } from "@conversa/shared";
import { isDatabaseUnavailable } from "../db/errors.ts";
import { AppError } from "../lib/app-error.ts";

/** Fastify's own codes for malformed requests: all of them are the client's fault. */
const CLIENT_ERROR_CODES = new Set([
  "FST_ERR_CTP_INVALID_JSON_BODY",
  "FST_ERR_CTP_EMPTY_JSON_BODY",
  "FST_ERR_CTP_INVALID_MEDIA_TYPE",
  "FST_ERR_CTP_INVALID_CONTENT_LENGTH",
  "FST_ERR_VALIDATION",
  "FST_ERR_INVALID_URL",
  "FST_ERR_BAD_URL",
]);

function body(code: ErrorCode, message: string, details?: unknown): ApiErrorBody {
  return details === undefined ? { error: code, message } : { error: code, message, details };
}

/** `details.retryAfter` (seconds) of an error that asks the client to wait, such as a throttled login. */
function retryAfterOf(details: unknown): number | undefined {
  if (typeof details !== "object" || details === null || !("retryAfter" in details)) return undefined;
  return typeof details.retryAfter === "number" && Number.isInteger(details.retryAfter) && details.retryAfter > 0 ? details.retryAfter : undefined;
}

/** Seconds a client is told to wait before trying again while the database cannot be reached. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * The one error handler: AppError → its registry status; malformed input → 400 ERR_VALIDATION; a body over
 * its route's limit (1 MiB unless the route sets its own) → 413 ERR_PAYLOAD_TOO_LARGE; a database that cannot be reached → 503 ERR_SERVICE_UNAVAILABLE with Retry-After; anything else →
 * logged with the request id and answered 500 ERR_INTERNAL. Neither says anything internal.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const retryAfter = retryAfterOf(error.details);
      if (retryAfter !== undefined) reply.header("retry-after", String(retryAfter));
      return reply.status(error.statusCode).send(body(error.code, error.message === error.code ? defaultMessage(error.code) : error.message, error.details));
    }
    // A path no route declares is not found, whatever its body: the body is never read for it.
    if (request.is404) return reply.status(404).send(body("ERR_NOT_FOUND", `Route ${request.method} ${request.url.split("?")[0]} not found`));
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        in: error.validationContext ?? "body",
        path: issue.instancePath,
        message: issue.message,
      }));
      return reply.status(400).send(body("ERR_VALIDATION", "Invalid request", issues));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, reqId: request.id }, "response did not match its schema");
      return reply.status(500).send(body("ERR_INTERNAL", "Internal error"));
    }
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      return reply.status(413).send(body("ERR_PAYLOAD_TOO_LARGE", "Request body too large"));
    }
    if (error.code && CLIENT_ERROR_CODES.has(error.code)) {
      return reply.status(400).send(body("ERR_VALIDATION", "Malformed request"));
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(body("ERR_RATE_LIMITED", "Too many requests"));
    }
    if (typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(400).send(body("ERR_VALIDATION", "Malformed request"));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error, reqId: request.id }, "database unavailable");
      return reply
        .status(503)
        .header("retry-after", String(RETRY_AFTER_SECONDS))
        .send(body("ERR_SERVICE_UNAVAILABLE", "Service temporarily unavailable, try again shortly"));
    }
    request.log.error({ err: error, reqId: request.id }, "unhandled error");
    return reply.status(500).send(body("ERR_INTERNAL", "Internal error"));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(body("ERR_NOT_FOUND", `Route ${request.method} ${request.url.split("?")[0]} not found`));
  });
}

/**
 * Fastify's answer to a URL its router refuses before any route runs (a path parameter longer than the
 * router allows, a malformed escape): 400 ERR_VALIDATION in the API's error shape, not Fastify's own,
 * with the security headers that no hook sets on it (`setHeaders`, applied to the raw response).
 */
export function answerFrameworkError(setHeaders: (request: IncomingMessage, response: ServerResponse, next: () => void) => void) {
  return (_error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    setHeaders(request.raw, reply.raw, () => {});
    reply.status(400).send(body("ERR_VALIDATION", "Malformed request"));
  };
}

const MESSAGES: Partial<Record<ErrorCode, string>> = {
  ERR_INVALID_CREDENTIALS: "Invalid e-mail or password",
  ERR_SESSION_EXPIRED: "Session expired, log in again",
  ERR_INVALID_TOKEN: "Access token invalid or expired",
  ERR_NO_PERMISSION: "No permission",
  ERR_RATE_LIMITED: "Too many attempts, try again later",
  ERR_SUBSCRIPTION_EXPIRED: "Subscription expired",
  ERR_NO_SETTING_FOUND: "Setting not found",
  ERR_NO_COMPANY_FOUND: "Company not found",
};

function defaultMessage(code: ErrorCode): string {
  return MESSAGES[code] ?? code;
}
