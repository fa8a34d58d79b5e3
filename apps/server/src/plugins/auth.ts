import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from "fastify";
import type { AuthDeps } from "../modules/auth/auth.service.ts";
import { authenticate } from "../modules/auth/auth.service.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** onRequest hook of every route that needs a session: fills request.ctx or answers 401/403. */
    authenticate: onRequestHookHandler;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(" ");
  return scheme?.toLowerCase() === "bearer" && token ? token : undefined;
}

export function registerAuth(app: FastifyInstance, deps: Pick<AuthDeps, "db" | "tokens" | "now">): void {
  app.decorateRequest("ctx", null);
  app.decorate("authenticate", async function authenticateRequest(request: FastifyRequest) {
    request.ctx = await authenticate(deps, bearerToken(request));
  });
}
