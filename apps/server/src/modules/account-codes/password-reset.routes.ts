import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZForgetPasswordParams, ZOkResponse, ZResetPasswordParams } from "@conversa/shared";
import { mailLanguageOf } from "../../mail/language.ts";
import { type PasswordResetDeps, requestPasswordReset, resetPassword } from "./account-codes.service.ts";

/** What the password reset routes use of the platform. */
export type PasswordResetRoutesDeps = PasswordResetDeps;

/**
 * The password reset of /forgetpsw (spec admin §7), public: the e-mail, the code and the new password
 * travel in the path as the spec has it, so the logger never writes these paths (lib/logger.ts).
 */
export function passwordResetRoutes(deps: PasswordResetRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post("/forgetpassword/:email", { schema: { params: ZForgetPasswordParams, response: { 200: ZOkResponse } } }, async (request) => {
      await requestPasswordReset(deps, request.params.email, request.ip, mailLanguageOf(request.headers["accept-language"]));
      return { message: "A code was sent to the e-mail" };
    });

    app.post("/resetpasswords/:email/:token/:newPassword", { schema: { params: ZResetPasswordParams, response: { 200: ZOkResponse } } }, async (request) => {
      await resetPassword(deps, request.params, request.ip);
      return { message: "Password reset" };
    });
  };
}
