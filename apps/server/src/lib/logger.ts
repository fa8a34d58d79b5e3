import { type DestinationStream, type Logger, pino } from "pino";

/**
 * Log fields that carry credentials, wherever they appear: request headers (also when a library logs
 * the headers it was given), passwords, tokens and keys. Their values are replaced by "[Redacted]".
 */
export const REDACTED_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  "*.headers.authorization",
  "*.headers.cookie",
  '*.headers["set-cookie"]',
  "headers.authorization",
  "headers.cookie",
  "password",
  "*.password",
  "passwordHash",
  "*.passwordHash",
  "token",
  "*.token",
  "refreshToken",
  "*.refreshToken",
  "apiKey",
  "*.apiKey",
  "secret",
  "*.secret",
];

/**
 * An error as it is logged: pino's standard shape, except that a failed database query keeps its SQL
 * but never its parameters (they may hold a password hash, a token or a stored credential).
 */
export function serializeError(error: unknown): unknown {
  const serialized: unknown = pino.stdSerializers.err(error instanceof Error ? error : new Error(String(error)));
  return withoutQueryParams(serialized);
}

function withoutQueryParams(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  const record: Record<string, unknown> = { ...value };
  if (typeof record.query === "string" && "params" in record) {
    delete record.params;
    const hidden = (text: unknown) => (typeof text === "string" ? text.replace(/\nparams: [^\n]*/g, "\nparams: [Redacted]") : text);
    record.message = hidden(record.message);
    record.stack = hidden(record.stack);
  }
  if ("cause" in record) record.cause = withoutQueryParams(record.cause);
  return record;
}

/**
 * Paths that carry secrets in the URL itself (spec admin §7: the password reset's e-mail, code and new
 * password): logged as the route's first segment and "[Redacted]", whatever follows, in any case.
 */
const SECRET_PATHS = /^\/+(forgetpassword|resetpasswords)(?=[/?#%;]|$)/i;

/** A request URL as it may be logged. */
export function redactUrl(url: string): string {
  const secret = SECRET_PATHS.exec(url);
  return secret ? `/${secret[1]}/[Redacted]` : url;
}

/** What a request log line says of the request: Fastify's own fields, with the URL redacted. */
function serializeRequest(request: unknown): unknown {
  if (typeof request !== "object" || request === null) return request;
  const field = (name: string): unknown => Reflect.get(request, name);
  const url = field("url");
  const socket = field("socket");
  return {
    method: field("method"),
    url: typeof url === "string" ? redactUrl(url) : url,
    host: field("host"),
    remoteAddress: field("ip"),
    remotePort: typeof socket === "object" && socket !== null && "remotePort" in socket ? socket.remotePort : undefined,
  };
}

/** The process's logger, and the one the tests build: the same redaction everywhere. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, redact: REDACTED_PATHS, serializers: { err: serializeError, req: serializeRequest } };
  return destination ? pino(options, destination) : pino(options);
}
