import { z } from "zod";
import { LIMITS } from "../constants.ts";
import { ZProfile } from "../permissions.ts";
import { ZSetting } from "./settings.ts";

export const ZLoginBody = z.strictObject({
  email: z.string().trim().toLowerCase().email().max(255),
  password: z.string().min(1).max(LIMITS.passwordMax),
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
});
export type SessionUser = z.infer<typeof ZSessionUser>;

export const ZAuthResponse = z.object({ token: z.string(), user: ZSessionUser });
export type AuthResponse = z.infer<typeof ZAuthResponse>;

export const ZMeResponse = ZSessionUser;

export const ZVersionResponse = z.object({ version: z.string() });
