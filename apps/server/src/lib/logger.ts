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

/*
 * Where a URL carries a secret (every route was checked), and how the log keeps it out:
 * - the password reset's routes carry the e-mail, the code and the new password in the path (spec admin §7):
 *   logged as the route's first segment and "[Redacted]", whatever follows, in any case;
 * - the payment webhooks (/webhooks/…) are authenticated by a secret in the URL that their provider calls
 *   (EFI: `?hmac=`): every query value is redacted, and so is any path segment that is not a plain word
 *   like the routes' own (`pix`, the provider's name);
 * - in any URL, a query value whose name says it is a credential (`token`, as Socket.IO's handshake
 *   may carry, `hmac`, `secret`, `key`, `password`, `signature`, …).
 */
const SECRET_PATHS = /^\/+(forgetpassword|resetpasswords)(?=[/?#%;]|$)/i;
const WEBHOOK_PATHS = /^\/+(webhooks)(?=[/?#%;]|$)/i;
const WEBHOOK_SEGMENT = /^[a-z]{1,16}$/;
const PLAIN_QUERY_NAME = /^[A-Za-z_]{1,16}$/;
const SECRET_QUERY_NAMES = /token|secret|hmac|passw|key|sig|auth|code|session/i;
const REDACTED = "[Redacted]";

/** A query name as the server reads it; undefined when it cannot be decoded (its value is then redacted). */
function decodedName(name: string): string | undefined {
  try {
    return decodeURIComponent(name.replace(/\+/g, " "));
  } catch {
    return undefined;
  }
}

/** The query with the values of credential names redacted, or (`all`) every value and every name that is not a plain word. */
function redactQuery(query: string, all: boolean): string {
  return query
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      if (equals < 0) return all && pair !== "" ? REDACTED : pair;
      const name = pair.slice(0, equals);
      // A webhook's query is all the provider's: even a name is kept only when it is a plain word.
      if (all) return PLAIN_QUERY_NAME.test(name) ? `${name}=${REDACTED}` : REDACTED;
      const decoded = decodedName(name);
      return decoded === undefined || SECRET_QUERY_NAMES.test(decoded) ? `${name}=${REDACTED}` : pair;
    })
    .join("&");
}

/** A request URL as it may be logged. */
export function redactUrl(url: string): string {
  const secret = SECRET_PATHS.exec(url);
  if (secret) return `/${secret[1]}/${REDACTED}`;
  const mark = url.indexOf("?");
  const [path, query] = mark < 0 ? [url, undefined] : [url.slice(0, mark), url.slice(mark + 1)];
  const webhook = WEBHOOK_PATHS.exec(path);
  let loggedPath = path;
  if (webhook) {
    const rest = path.slice(webhook[0].length);
    const segments = (rest.startsWith("/") ? rest.slice(1) : rest).split("/");
    loggedPath = `/${webhook[1]}${rest === "" ? "" : `/${segments.map((segment) => (segment === "" || WEBHOOK_SEGMENT.test(segment) ? segment : REDACTED)).join("/")}`}`;
  }
  return query === undefined ? loggedPath : `${loggedPath}?${redactQuery(query, webhook !== null)}`;
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
