import { z } from "zod";
import { ZPassword } from "./passwords.ts";

/** How long a mailed code may be used (spec admin §9 leaves it open): a reset code, and an invitation's. */
export const ACCOUNT_CODE_TTL_MINUTES = { reset: 30, invite: 72 * 60 } as const;

/** The characters of a mailed code: no 0/O, 1/I/L, so that it is easy to read and type. */
export const ACCOUNT_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const ACCOUNT_CODE_LENGTH = 8;

export const ZResetEmail = z.string().trim().toLowerCase().min(1, "Required").email("Invalid email").max(255, "Too Long!");

/**
 * A code as typed: spaces and dashes are ignored and letters may be lowercase. Bounded so that a wrong
 * guess is refused before any work.
 */
export const ZAccountCode = z
  .string()
  .max(32)
  .transform((code) => code.replace(/[\s-]/g, "").toUpperCase())
  .pipe(z.string().min(1).max(ACCOUNT_CODE_LENGTH * 2));

/** POST /forgetpassword/{email} (spec admin §7). */
export const ZForgetPasswordParams = z.object({ email: ZResetEmail });
export type ForgetPasswordParams = z.infer<typeof ZForgetPasswordParams>;

/** POST /resetpasswords/{email}/{token}/{newPassword} (spec admin §7). */
export const ZResetPasswordParams = z.object({ email: ZResetEmail, token: ZAccountCode, newPassword: ZPassword });
export type ResetPasswordParams = z.infer<typeof ZResetPasswordParams>;
