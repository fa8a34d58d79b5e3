import { type ErrorCode, statusOf } from "@conversa/shared";

/** A failure the client is told about: its HTTP status comes from the shared registry. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;

  constructor(code: ErrorCode, details?: unknown, message?: string) {
    super(message ?? code);
    this.name = "AppError";
    this.code = code;
    this.details = details;
  }

  get statusCode(): number {
    return statusOf(this.code);
  }
}
