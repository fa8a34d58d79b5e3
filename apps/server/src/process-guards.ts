/** What the guards log with: the server's pino logger. */
export interface GuardLogger {
  error(obj: object, msg: string): void;
  fatal(obj: object, msg: string): void;
}

export interface ProcessGuardOptions {
  /** More uncaught exceptions than this within `windowMs` end the process: it is broken, not one driver. */
  maxUncaught?: number;
  windowMs?: number;
  /** Ends the process (tests replace it). */
  exit?: (code: number) => void;
}

/** Listeners on the process that installProcessGuards adds; the events it listens to. */
interface GuardedProcess {
  on(event: "unhandledRejection", listener: (reason: unknown) => void): unknown;
  on(event: "uncaughtException", listener: (error: Error, origin: string) => void): unknown;
  off(event: "unhandledRejection", listener: (reason: unknown) => void): unknown;
  off(event: "uncaughtException", listener: (error: Error, origin: string) => void): unknown;
}

/**
 * The last line of defence for errors that no caller can catch: a throw in a channel library's own
 * socket callback or timer, a rejected promise nobody awaits. Drivers guard their callbacks (a throw
 * there is logged and the session marked failed); what still escapes is logged here, and the process
 * keeps serving every other company, request and job. A rejection leaves no state half-changed.
 * An uncaught exception might, which is why Node ends the process by default; here it is logged at
 * fatal and the process goes on, unless they come in a burst (`maxUncaught` within `windowMs`): then
 * something is broken beyond one connection, and the process exits with 1 for its supervisor to
 * restart (every state that matters is in the database). Answers the function that removes the guards.
 */
export function installProcessGuards(logger: GuardLogger, options: ProcessGuardOptions = {}, target: GuardedProcess = process): () => void {
  const maxUncaught = options.maxUncaught ?? 10;
  const windowMs = options.windowMs ?? 60_000;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let recent: number[] = [];

  const onRejection = (reason: unknown) => {
    logger.error({ err: reason }, "unhandled promise rejection");
  };
  const onException = (error: Error, origin: string) => {
    const now = Date.now();
    recent = [...recent.filter((at) => now - at < windowMs), now];
    logger.fatal({ err: error, origin }, "uncaught exception");
    if (recent.length > maxUncaught) {
      logger.fatal({ count: recent.length, windowMs }, "too many uncaught exceptions; exiting");
      exit(1);
    }
  };
  target.on("unhandledRejection", onRejection);
  target.on("uncaughtException", onException);
  return () => {
    target.off("unhandledRejection", onRejection);
    target.off("uncaughtException", onException);
  };
}
