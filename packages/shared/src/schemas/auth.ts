import { z } from "zod";
import { LIMITS } from "../constants.ts";
import { ZProfile } from "../permissions.ts";
import { ZSetting } from "./settings.ts";

export const ZLoginBody = z.strictObject({
  email: z.string().trim().toLowerCase().email().max(255),
  password: z.string().min(1).max(LIMITS.passwordMax),
  /** The second factor of an account that has it on: a current 6-digit code or an unused recovery code. */
  code: z.string().trim().min(1).max(32).optional(),
});
export type LoginBody = z.infer<typeof ZLoginBody>;

export const ZSessionCompany = z.object({
  id: z.number(),
  name: z.string(),
  dueDate: z.string().nullable(),
  /** The end of a signed-up company's trial (spec core §3), or null for a company that never had one. */
  trialExpiration: z.string().nullable(),
  /** The company's billing e-mail (the one of /subscription), or null when none is set. */
  email: z.string().nullable(),
  settings: z.array(ZSetting),
});

/** A queue of the signed-in user; `UserQueue` names the membership as the previous generation's client reads it. */
export const ZSessionQueue = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  UserQueue: z.object({ queueId: z.number(), userId: z.number() }),
});

/** The signed-in user as the web app sees it. Never carries a password hash. */
export const ZSessionUser = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  profile: ZProfile,
  super: z.boolean(),
  companyId: z.number(),
  whatsappId: z.number().nullable(),
  allTicket: z.enum(["enabled", "desabled"]),
  online: z.boolean(),
  queues: z.array(ZSessionQueue),
  company: ZSessionCompany,
  /** Whether the user has two-factor sign-in on. */
  twoFactorEnabled: z.boolean(),
  /** Two-factor sign-in is required of the user (company or installation setting) and not on yet: the app shows only its setup. */
  twoFactorSetupRequired: z.boolean(),
});
export type SessionUser = z.infer<typeof ZSessionUser>;

export const ZAuthResponse = z.object({ token: z.string(), user: ZSessionUser });
export type AuthResponse = z.infer<typeof ZAuthResponse>;

export const ZMeResponse = ZSessionUser;

export const ZVersionResponse = z.object({ version: z.string() });

/** POST /auth/2fa/setup: a new secret (base32) to confirm with /auth/2fa/enable, and its otpauth:// URL for a QR code. */
export const ZTwoFactorSetupResponse = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TwoFactorSetupResponse = z.infer<typeof ZTwoFactorSetupResponse>;

/** A 6-digit code of an authenticator app. */
export const ZTotpCode = z.string().trim().regex(/^\d{6}$/, "6 digits");

/** POST /auth/2fa/enable: a current code of the secret given by /auth/2fa/setup. */
export const ZTwoFactorEnableBody = z.strictObject({ code: ZTotpCode });
export type TwoFactorEnableBody = z.infer<typeof ZTwoFactorEnableBody>;

/** The ten recovery codes, shown once. */
export const ZTwoFactorEnableResponse = z.object({ recoveryCodes: z.array(z.string()) });
export type TwoFactorEnableResponse = z.infer<typeof ZTwoFactorEnableResponse>;

/** POST /auth/2fa/disable: the current password and a current code (or an unused recovery code). */
export const ZTwoFactorDisableBody = z.strictObject({
  password: z.string().min(1).max(LIMITS.passwordMax),
  code: z.string().trim().min(1).max(32),
});
export type TwoFactorDisableBody = z.infer<typeof ZTwoFactorDisableBody>;
