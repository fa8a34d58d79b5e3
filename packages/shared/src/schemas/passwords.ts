import { z } from "zod";
import { LIMITS } from "../constants.ts";

/**
 * The one password rule (spec admin §5, the reset's): 8 to 50 characters with an uppercase letter, a
 * lowercase letter and a digit. Every path that sets a password checks it: sign-up, POST and PUT /users
 * (one's own password included), the reset and the invitation's code, the seed's ADMIN_PASSWORD. The web
 * forms check the same schema and show its text as `common.passwordRule` in each language.
 */
export const PASSWORD_RULE = "8 to 50 characters, with an uppercase letter, a lowercase letter and a digit";

export const ZPassword = z
  .string()
  .min(LIMITS.passwordMin, PASSWORD_RULE)
  .max(LIMITS.passwordMax, PASSWORD_RULE)
  .regex(/\p{Lu}/u, PASSWORD_RULE)
  .regex(/\p{Ll}/u, PASSWORD_RULE)
  .regex(/[0-9]/, PASSWORD_RULE);

/** Whether a password follows the rule (what the web forms ask before showing the rule's text). */
export function isValidPassword(value: string): boolean {
  return ZPassword.safeParse(value).success;
}
