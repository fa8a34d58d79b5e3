import type { FastifyRequest } from "fastify";
import type { Profile } from "@conversa/shared";
import { AppError } from "./app-error.ts";

/** Who is acting: built from the session by the auth plugin, passed first to every service function. */
export interface RequestContext {
  companyId: number;
  userId: number;
  profile: Profile;
  isSuper: boolean;
  /** The client's address (HTTP requests), for the audit log; jobs and sockets have none. */
  ip?: string;
}

declare module "fastify" {
  interface FastifyRequest {
    ctx: RequestContext | null;
  }
}

/** What the visibility rule and the lists read of the actor: their queues, allTicket flag and company's time zone. */
export interface ActorFacts {
  queueIds: readonly number[];
  allTicket: string;
  timezone: string;
}

/**
 * The actor facts read with an HTTP request's session check, by the request's own context object: the
 * request reads them once, and a copy of the context (a job, a socket) never carries them beyond it.
 */
const sessionFacts = new WeakMap<RequestContext, ActorFacts>();

/** Keeps the facts read with the session for this context (the auth plugin's, one per request). */
export function withSessionFacts(ctx: RequestContext, facts: ActorFacts): RequestContext {
  sessionFacts.set(ctx, facts);
  return ctx;
}

/** The facts read with this request's session, if its session check read them. */
export function sessionFactsOf(ctx: RequestContext): ActorFacts | undefined {
  return sessionFacts.get(ctx);
}

/** The context of an authenticated request; a route without the auth hook has none. */
export function ctxOf(request: FastifyRequest): RequestContext {
  if (!request.ctx) throw new AppError("ERR_SESSION_EXPIRED");
  return request.ctx;
}
