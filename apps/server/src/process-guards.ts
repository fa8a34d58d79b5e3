/** What the guards log with: the server's pino logger. */
export interface GuardLogger {
  error(obj: object, msg: string): void;
  fatal(obj: object, msg: string): void;
}

/** The part of `process` the guards listen to (tests give a stand-in). */
interface GuardedProcess {
  on(event: "unhandledRejection", listener: (reason: unknown) => void): unknown;
  on(event: "uncaughtException", listener: (error: Error, origin: string) => void): unknown;
  off(event: "unhandledRejection", listener: (reason: unknown) => void): unknown;
  off(event: "uncaughtException", listener: (error: Error, origin: string) => void): unknown;
}

/**
 * The last line of defence for errors that no caller can catch: a throw in a channel library's own
 * socket callback or timer, a rejected promise nobody awaits. Drivers guard their own callbacks (a
 * throw there is logged and the session marked failed); what still escapes is logged here, and the
 * process keeps serving every other company, request, job and session. Node's default is to end the
 * process on an uncaught exception because its state may be inconsistent; here the state that matters
 * lives in the database, and one connection's library must not take every other one down. The
 * exception is logged at fatal so that it is seen and fixed. Answers the function that removes the guards.
 */
export function installProcessGuards(logger: GuardLogger, target: GuardedProcess = process): () => void {
  const onRejection = (reason: unknown) => {
    logger.error({ err: reason }, "unhandled promise rejection");
  };
  const onException = (error: Error, origin: string) => {
    logger.fatal({ err: error, origin }, "uncaught exception");
  };
  target.on("unhandledRejection", onRejection);
  target.on("uncaughtException", onException);
  return () => {
    target.off("unhandledRejection", onRejection);
    target.off("uncaughtException", onException);
  };
}
