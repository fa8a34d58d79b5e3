import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZForgetPasswordParams, ZOkResponse, ZResetPasswordParams } from "@conversa/shared";
import type { AppDeps } from "../../app.ts";
import { mailLanguageOf } from "../../mail/language.ts";
import { requestPasswordReset, resetPassword } from "./account-codes.service.ts";

/**
 * The password reset of /forgetpsw (spec admin §7), public: the e-mail, the code and the new password
 * travel in the path as the spec has it, so the logger never writes these paths (lib/logger.ts).
 */
export function passwordResetRoutes(deps: AppDeps): FastifyPluginAsyncZod {
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
