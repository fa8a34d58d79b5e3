/** Socket errors of a server that cannot be reached (down, restarting, or the network between). */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ECONNABORTED", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);

/**
 * PostgreSQL's own codes for the same: class 08 (connection exception), the server shutting down or
 * terminating the backend (57P01 admin_shutdown, 57P02 crash_shutdown), not accepting connections yet
 * (57P03 cannot_connect_now), or no connection slot left (53300).
 */
const SERVER_CODES = new Set(["57P01", "57P02", "57P03", "53300"]);

/** node-postgres reports a dropped or never-opened connection by message only. */
const CLIENT_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client was closed and is not queryable",
  "Client has encountered a connection error and is not queryable",
];

function isConnectionFailure(error: object): boolean {
  const code = "code" in error && typeof error.code === "string" ? error.code : undefined;
  if (code && (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith("08"))) return true;
  const message = "message" in error && typeof error.message === "string" ? error.message : "";
  return CLIENT_MESSAGES.some((known) => message.startsWith(known));
}

/**
 * Whether an error means the database cannot be reached right now (as opposed to a query it refused):
 * the error itself, the causes it wraps (Drizzle wraps the driver's error), or the attempts of an
 * AggregateError (a host name with several addresses).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const pending: unknown[] = [error];
  for (let seen = 0; pending.length > 0 && seen < 20; seen++) {
    const current = pending.shift();
    if (typeof current !== "object" || current === null) continue;
    if (isConnectionFailure(current)) return true;
    if ("cause" in current) pending.push(current.cause);
    if ("errors" in current && Array.isArray(current.errors)) pending.push(...current.errors);
  }
  return false;
}

/** The PostgreSQL error code of a failed statement (Drizzle wraps the driver's error in `cause`). */
export function pgErrorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; typeof current === "object" && current !== null && depth < 10; depth++) {
    const code = "code" in current ? current.code : undefined;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    const cause = "cause" in current ? current.cause : undefined;
    if (cause === current) return undefined;
    current = cause;
  }
  return undefined;
}

/** Whether a failure is a unique-index violation. */
export const isUniqueViolation = (error: unknown): boolean => pgErrorCode(error) === "23505";

/** The unique constraint a failed write violated ("" when the driver does not name it); undefined for any other failure. */
export function violatedUniqueConstraint(error: unknown): string | undefined {
  for (let current = error, depth = 0; typeof current === "object" && current !== null && depth < 10; depth++) {
    if ("code" in current && current.code === "23505") return "constraint" in current && typeof current.constraint === "string" ? current.constraint : "";
    const cause = "cause" in current ? current.cause : undefined;
    if (cause === current) return undefined;
    current = cause;
  }
  return undefined;
}
