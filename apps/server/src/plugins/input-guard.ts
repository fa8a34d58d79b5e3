import type { FastifyInstance } from "fastify";
import { AppError } from "../lib/app-error.ts";

/** Whether a parsed input (path, query or JSON body) holds a string with a NUL character anywhere, at any depth. */
export function hasNulCharacter(input: unknown): boolean {
  // An explicit stack rather than recursion: a body may nest far deeper than the call stack allows.
  const pending: unknown[] = [input];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === "string") {
      if (value.includes("\u0000")) return true;
    } else if (typeof value === "object" && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        if (key.includes("\u0000")) return true;
        pending.push(child);
      }
    }
  }
  return false;
}

/**
 * Refuses, with 400 ERR_VALIDATION, any request whose path, query or body holds a NUL character:
 * PostgreSQL text cannot store one, so it would otherwise fail in the database after validation.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    if (hasNulCharacter(request.params) || hasNulCharacter(request.query) || hasNulCharacter(request.body)) {
      throw new AppError("ERR_VALIDATION", undefined, "Text may not contain the NUL character");
    }
  });
}
