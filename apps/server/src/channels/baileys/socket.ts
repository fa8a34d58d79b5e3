import type { AnyMessageContent, BaileysEventMap, MiscMessageGenerationOptions, UserFacingSocketConfig, WAMessage, WAMessageKey } from "baileys";

/** The boundary between the driver and the library: what the driver uses of a socket, and how it reads the library's signals. */

/** A pino-compatible logger (the server's logger is one). */
export interface DriverLogger {
  level: string;
  child(bindings: Record<string, unknown>): DriverLogger;
  trace(obj: unknown, msg?: string): void;
  debug(obj: unknown, msg?: string): void;
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/** The part of a Baileys socket the driver uses: the boundary that tests replace. */
export interface BaileysSocket {
  ev: { on<T extends keyof BaileysEventMap>(event: T, listener: (arg: BaileysEventMap[T]) => void): void };
  sendMessage(jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions): Promise<WAMessage | undefined>;
  onWhatsApp(...numbers: string[]): Promise<{ jid: string; exists: boolean }[] | undefined>;
  readMessages(keys: WAMessageKey[]): Promise<void>;
  profilePictureUrl(jid: string, type?: "preview" | "image", timeoutMs?: number): Promise<string | undefined>;
  groupMetadata(jid: string): Promise<{ subject: string }>;
  updateMediaMessage(message: WAMessage): Promise<WAMessage>;
  logout(msg?: string): Promise<void>;
  end(error: Error | undefined): Promise<void> | void;
  signalRepository?: { lidMapping: { getPNForLID(lid: string): Promise<string | null> } };
  user?: { id: string } | undefined;
}

export type MakeSocket = (config: UserFacingSocketConfig) => BaileysSocket;

export const RECONNECT_BASE_MS = 1000;
export const RECONNECT_MAX_MS = 60_000;

/** 1 s, 2 s, 4 s … 60 s at most. */
export function reconnectDelay(attempt: number): number {
  return Math.min(RECONNECT_BASE_MS * 2 ** attempt, RECONNECT_MAX_MS);
}

/** Baileys logs every stanza at debug and much at info: only its warnings and errors reach the server's log. */
export function libraryLogger(log: DriverLogger): DriverLogger {
  const ignore = () => undefined;
  return {
    level: "warn",
    child: (bindings) => libraryLogger(log.child(bindings)),
    trace: ignore,
    debug: ignore,
    info: ignore,
    warn: (obj, msg) => log.warn(obj, msg),
    error: (obj, msg) => log.error(obj, msg),
  };
}

/** The status code of the error a socket closed with (a Boom carries it in `output.statusCode`). */
export function disconnectCode(error: unknown): number | undefined {
  if (typeof error !== "object" || error === null || !("output" in error)) return undefined;
  const output = error.output;
  if (typeof output !== "object" || output === null || !("statusCode" in output)) return undefined;
  return typeof output.statusCode === "number" ? output.statusCode : undefined;
}
