import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZAuthResponse, ZLoginBody, ZMeResponse } from "@conversa/shared";
import type { AppDeps } from "../../app.ts";
import { ctxOf } from "../../lib/context.ts";
import { getSessionUser, login, logout, refreshSession } from "./auth.service.ts";
import { KNOWN_DEVICE_COOKIE, KNOWN_DEVICE_MAX_AGE_SECONDS } from "./known-device.ts";

export const REFRESH_COOKIE = "conversa_rt";

export function authRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const cookieOptions = {
    httpOnly: true,
    sameSite: "strict" as const,
    secure: deps.config.env === "production",
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
      const presented = request.cookies[REFRESH_COOKIE];
      try {
        const session = await refreshSession(deps.auth, presented);
        reply.setCookie(REFRESH_COOKIE, session.refreshToken, cookieOptions);
        return { token: session.token, user: session.user };
      } catch (error) {
        // A request without the cookie (a cross-site POST never carries this SameSite=Strict cookie) must not clear the victim's.
        if (presented) reply.clearCookie(REFRESH_COOKIE, cookieOptions);
        throw error;
      }
    });

    app.delete("/auth/logout", { onRequest: app.authenticate, schema: { response: { 204: z.null() } } }, async (request, reply) => {
      await logout(deps.auth, ctxOf(request));
      reply.clearCookie(REFRESH_COOKIE, cookieOptions);
      return reply.status(204).send(null);
    });

    app.get("/auth/me", { onRequest: app.authenticate, schema: { response: { 200: ZMeResponse } } }, (request) =>
      getSessionUser(deps.auth, ctxOf(request)),
    );
  };
}
