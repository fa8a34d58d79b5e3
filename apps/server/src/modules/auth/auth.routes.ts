import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ZAuthResponse,
  ZLoginBody,
  ZMeResponse,
  ZTwoFactorDisableBody,
  ZTwoFactorEnableBody,
  ZTwoFactorEnableResponse,
  ZTwoFactorSetupResponse,
} from "@conversa/shared";
import type { Config } from "../../config.ts";
import { AppError } from "../../lib/app-error.ts";
import { ctxOf } from "../../lib/context.ts";
import { type AuthDeps, getSessionUser, login, logout, refreshSession } from "./auth.service.ts";
import { disableTwoFactor, enableTwoFactor, setupTwoFactor } from "./two-factor.service.ts";
import { KNOWN_DEVICE_COOKIE, KNOWN_DEVICE_MAX_AGE_SECONDS } from "./known-device.ts";

export const REFRESH_COOKIE = "conversa_rt";

/** Whether a request's Origin (absent for non-browser clients) is the server's own host or one of the allowed web origins. */
function isTrustedOrigin(origin: string | undefined, host: string, allowed: readonly string[]): boolean {
  if (origin === undefined) return true;
  if (allowed.includes(origin)) return true;
  return URL.canParse(origin) && new URL(origin).host === host;
}

/** What the auth routes use of the platform: the session services' dependencies, and the cookie and origin settings. */
export interface AuthRoutesDeps {
  config: Pick<Config, "env" | "refreshCookieSameSite" | "corsOrigins">;
  auth: AuthDeps;
}

export function authRoutes(deps: AuthRoutesDeps): FastifyPluginAsyncZod {
  const sameSite = deps.config.refreshCookieSameSite;
  const cookieOptions = {
    httpOnly: true,
    sameSite,
    // Browsers keep a SameSite=None cookie only when it is Secure.
    secure: deps.config.env === "production" || sameSite === "none",
    path: "/auth",
  };
  const knownDeviceOptions = { ...cookieOptions, maxAge: KNOWN_DEVICE_MAX_AGE_SECONDS };

  return async (app) => {
    app.post("/auth/login", { schema: { body: ZLoginBody, response: { 200: ZAuthResponse } } }, async (request, reply) => {
      const session = await login(deps.auth, request.body, request.ip, request.cookies[KNOWN_DEVICE_COOKIE]);
      reply.setCookie(REFRESH_COOKIE, session.refreshToken, cookieOptions);
      reply.setCookie(KNOWN_DEVICE_COOKIE, session.knownDevice, knownDeviceOptions);
      return { token: session.token, user: session.user };
    });

    app.post("/auth/refresh_token", { schema: { response: { 200: ZAuthResponse } } }, async (request, reply) => {
      // A SameSite=None cookie travels with requests of any site: only the app's own origin and the
      // allowed web origins may have it rotated.
      if (sameSite === "none" && !isTrustedOrigin(request.headers.origin, request.host, deps.config.corsOrigins)) throw new AppError("ERR_NO_PERMISSION");
      const presented = request.cookies[REFRESH_COOKIE];
      try {
        const session = await refreshSession(deps.auth, presented);
        reply.setCookie(REFRESH_COOKIE, session.refreshToken, cookieOptions);
        return { token: session.token, user: session.user };
      } catch (error) {
        // A request without the cookie (a cross-site POST never carries a SameSite=Strict cookie) must not clear the victim's.
        if (presented) reply.clearCookie(REFRESH_COOKIE, cookieOptions);
        throw error;
      }
    });

    app.delete("/auth/logout", { onRequest: app.authenticateForTwoFactorSetup, schema: { response: { 204: z.null() } } }, async (request, reply) => {
      await logout(deps.auth, ctxOf(request));
      reply.clearCookie(REFRESH_COOKIE, cookieOptions);
      return reply.status(204).send(null);
    });

    // Two-factor sign-in of the acting user (Profile). The secret travels only in the setup's answer.
    // A user who must set it up first reaches only these two, /auth/me and logout.
    app.post("/auth/2fa/setup", { onRequest: app.authenticateForTwoFactorSetup, schema: { response: { 200: ZTwoFactorSetupResponse } } }, (request) =>
      setupTwoFactor(deps.auth, ctxOf(request)),
    );
    app.post("/auth/2fa/enable", { onRequest: app.authenticateForTwoFactorSetup, schema: { body: ZTwoFactorEnableBody, response: { 200: ZTwoFactorEnableResponse } } }, (request) =>
      enableTwoFactor(deps.auth, ctxOf(request), request.body.code),
    );
    app.post("/auth/2fa/disable", { onRequest: app.authenticate, schema: { body: ZTwoFactorDisableBody, response: { 204: z.null() } } }, async (request, reply) => {
      await disableTwoFactor(deps.auth, ctxOf(request), request.body, request.ip);
      return reply.status(204).send(null);
    });

    app.get("/auth/me", { onRequest: app.authenticateForTwoFactorSetup, schema: { response: { 200: ZMeResponse } } }, (request) =>
      getSessionUser(deps.auth, ctxOf(request)),
    );
  };
}
