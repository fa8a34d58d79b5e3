import { z } from "zod";
import { ZId, ZSingleLineName } from "./common.ts";
import { ZPassword } from "./passwords.ts";

/** Most digits of a sign-up phone once its mask (99) 99999-9999 is taken off (spec core §5). */
export const SIGNUP_PHONE_MAX_DIGITS = 11;
/** Fewest digits of a phone that is given: an area code and a number. */
export const SIGNUP_PHONE_MIN_DIGITS = 10;

/** Digits, spaces and the mask's signs only. */
const PHONE_TEXT = /^[\d\s()+.-]*$/;

/**
 * The sign-up phone: empty (none), or the masked number, answered as its digits only: 10 or 11 of
 * them (an area code and a landline or mobile number).
 */
export const ZSignupPhone = z
  .string()
  .max(25, "Too Long!")
  .regex(PHONE_TEXT, "Invalid phone")
  .transform((text) => text.replace(/\D/g, ""))
  .refine((digits) => digits.length === 0 || (digits.length >= SIGNUP_PHONE_MIN_DIGITS && digits.length <= SIGNUP_PHONE_MAX_DIGITS), "Invalid phone")
  .transform((digits) => digits || null);

/**
 * POST /companies/cadastro (spec admin §2, §5): the company's name (also its admin's name), the admin's
 * e-mail (also the company's) and password, an optional phone, the plan from GET /plans/list, and the
 * referring company of /signup?companyId= (only recorded in the log).
 */
export const ZSignupBody = z.strictObject({
  name: ZSingleLineName,
  email: z.string().trim().toLowerCase().min(1, "Required").email("Invalid email").max(255, "Too Long!"),
  password: ZPassword,
  phone: ZSignupPhone.optional(),
  planId: ZId,
  companyId: ZId.optional(),
  /**
   * Sent by the previous generation's sign-up form (spec core §7: recurrence MENSAL, dueDate, status,
   * campaignsEnabled true): accepted and ignored. A new company always starts on its trial, enabled,
   * monthly, and only a super user changes that.
   */
  recurrence: z.string().max(20).optional(),
  dueDate: z.string().max(40).nullable().optional(),
  status: z.union([z.boolean(), z.enum(["t", "f", "true", "false"])]).optional(),
  campaignsEnabled: z.boolean().optional(),
});
export type SignupBody = z.input<typeof ZSignupBody>;
export type ParsedSignupBody = z.output<typeof ZSignupBody>;

/** The company just created: its trial and due date are the same day, TRIAL_DAYS ahead. */
export const ZSignupResponse = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  dueDate: z.string(),
  trialExpiration: z.string(),
});
export type SignupResponse = z.infer<typeof ZSignupResponse>;

/** GET /companies/cadastro: whether public sign-up is open (installation setting signupEnabled). */
export const ZSignupStatus = z.object({ enabled: z.boolean() });
export type SignupStatus = z.infer<typeof ZSignupStatus>;
