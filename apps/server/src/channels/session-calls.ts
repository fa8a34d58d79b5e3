import { z } from "zod";
import { isErrorCode } from "@conversa/shared";
import { AppError } from "../lib/app-error.ts";
import { ChannelNotConnectedError, ChannelSendRejectedError } from "./types.ts";

/**
 * An action on a connection's session asked of whichever process runs it (several server processes: a
 * send job, an HTTP request or a simulator customer may reach any of them, the session runs in one).
 */
export const ZSessionCall = z.object({
  op: z.string().min(1).max(100),
  connectionId: z.number().int().positive(),
  args: z.array(z.unknown()).max(10),
});
export type SessionCall = z.infer<typeof ZSessionCall>;

const ZCallError = z.object({ kind: z.enum(["app", "not-connected", "rejected", "error"]), code: z.string().max(100).optional(), message: z.string().max(2000) });
type CallError = z.infer<typeof ZCallError>;

/** What the running process answered: nothing (it does not run the session), the op's result, or its failure. */
export const ZSessionAnswer = z.union([
  z.object({ handled: z.literal(false) }),
  z.object({ handled: z.literal(true), result: z.unknown() }),
  z.object({ handled: z.literal(true), error: ZCallError }),
]);
export type SessionAnswer = z.infer<typeof ZSessionAnswer>;

/** How a call reaches the other processes (the Socket.IO cluster over Redis). */
export interface RemoteSessions {
  /**
   * Asks the process that runs the connection's session; `handled: false` when none does. `timeoutMs`
   * bounds the wait for every process's answer (a process that died unnoticed answers nothing).
   */
  call(call: SessionCall, timeoutMs?: number): Promise<SessionAnswer>;
}

/** An op a process runs on one of its own sessions; its arguments come from another process and are parsed. */
export type SessionOp = (connectionId: number, args: unknown[]) => Promise<unknown>;

/** A failure as it travels back to the caller. */
export function callErrorOf(error: unknown): CallError {
  if (error instanceof AppError) return { kind: "app", code: error.code, message: error.message };
  if (error instanceof ChannelNotConnectedError) return { kind: "not-connected", message: error.message };
  if (error instanceof ChannelSendRejectedError) return { kind: "rejected", message: error.message };
  return { kind: "error", message: error instanceof Error ? error.message : String(error) };
}

/** The caller's side of a failure: the same error class the op threw where it ran. */
export function errorOfCall(error: CallError, connectionId: number): Error {
  if (error.kind === "app" && isErrorCode(error.code)) return new AppError(error.code, undefined, error.message);
  if (error.kind === "not-connected") return new ChannelNotConnectedError(connectionId);
  if (error.kind === "rejected") return new ChannelSendRejectedError(error.message);
  return new Error(error.message);
}
