import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from "fastify";
import { type AuthDeps, authenticate } from "../modules/auth/index.ts";
import { type ApiClient, authenticateApiClient } from "../modules/external-api/index.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** onRequest hook of every route that needs a session: fills request.ctx or answers 401/403. */
    authenticate: onRequestHookHandler;
    /**
     * `authenticate` that also admits a user who must set up two-factor sign-in first: only for the
     * setup itself, `/auth/me` and logout. Every other route refuses them (ERR_2FA_SETUP_REQUIRED).
     */
    authenticateForTwoFactorSetup: onRequestHookHandler;
    /**
     * onRequest hook of the external API: the bearer token is a connection's token, not a session. Fills
     * request.apiClient (company and connection, no user) or answers 401 ERR_INVALID_API_TOKEN.
     */
    authenticateConnectionToken: onRequestHookHandler;
  }
  interface FastifyRequest {
    /** The connection (and its company) whose token authenticated an external API request. */
    apiClient: ApiClient | null;
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
    const ctx = await authenticate(deps, bearerToken(request));
    ctx.ip = request.ip;
    request.ctx = ctx;
  });
  app.decorate("authenticateForTwoFactorSetup", async function authenticateForTwoFactorSetup(request: FastifyRequest) {
    const ctx = await authenticate(deps, bearerToken(request), { allowTwoFactorSetup: true });
    ctx.ip = request.ip;
    request.ctx = ctx;
  });
  app.decorateRequest("apiClient", null);
  app.decorate("authenticateConnectionToken", async function authenticateConnectionToken(request: FastifyRequest) {
    request.apiClient = await authenticateApiClient(deps.db, bearerToken(request), request.ip, deps.now?.());
  });
}
