import type { FastifyRequest } from "fastify";
import type { Profile } from "@conversa/shared";
import { AppError } from "./app-error.ts";

/** Who is acting: built from the session by the auth plugin, passed first to every service function. */
export interface RequestContext {
  companyId: number;
  userId: number;
  profile: Profile;
  isSuper: boolean;
}

declare module "fastify" {
  interface FastifyRequest {
    ctx: RequestContext | null;
  }
}

/** The context of an authenticated request; a route without the auth hook has none. */
export function ctxOf(request: FastifyRequest): RequestContext {
  if (!request.ctx) throw new AppError("ERR_SESSION_EXPIRED");
  return request.ctx;
}
