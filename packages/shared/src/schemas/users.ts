import { z } from "zod";
import { ZId, ZSingleLineName } from "./common.ts";
import { ZPassword } from "./passwords.ts";
import { LIMITS } from "../constants.ts";
import { ZProfile } from "../permissions.ts";

/** A user as listed for pickers (transfer, filters): no e-mail, no secrets. */
export const ZUserListItem = z.object({
  id: z.number(),
  name: z.string(),
  profile: ZProfile,
  online: z.boolean(),
  queues: z.array(z.object({ id: z.number(), name: z.string(), color: z.string() })),
});
export type UserListItem = z.infer<typeof ZUserListItem>;

/** Whether the user also sees tickets without a queue (spec core §3: "enabled" or "desabled", spelled so). */
export const ALL_TICKET_VALUES = ["enabled", "desabled"] as const;
export const ZAllTicket = z.enum(ALL_TICKET_VALUES);
export type AllTicket = z.infer<typeof ZAllTicket>;

/** A user as the Users page and the user dialog see it. Never carries the password or its hash. */
export const ZUser = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  profile: ZProfile,
  companyId: z.number(),
  /** The user's default connection. */
  whatsappId: z.number().nullable(),
  allTicket: ZAllTicket,
  super: z.boolean(),
  online: z.boolean(),
  queues: z.array(z.object({ id: z.number(), name: z.string(), color: z.string() })),
  createdAt: z.string(),
  /** Whether the user has two-factor sign-in on (an admin may reset it). */
  twoFactorEnabled: z.boolean(),
});
export type User = z.infer<typeof ZUser>;

const userName = ZSingleLineName;
const userEmail = z.string().trim().toLowerCase().min(1, "Required").email("Invalid email").max(255, "Too Long!");
const queueIds = z.array(ZId).max(200);
const whatsappId = ZId.nullable();

/** POST /users. */
export const ZCreateUserBody = z.strictObject({
  name: userName,
  email: userEmail,
  password: ZPassword,
  profile: ZProfile.default("user"),
  queueIds: queueIds.default([]),
  whatsappId: whatsappId.default(null),
  allTicket: ZAllTicket.default("desabled"),
  /** Only a super user may make a super user (ERR_NO_PERMISSION otherwise, unless false). */
  super: z.boolean().optional(),
  /** Accepted only as the session's company (spec core §7; ERR_COMPANY_MISMATCH otherwise): a user is created in the session's company. */
  companyId: z.number().int().positive().max(2147483647).optional(),
});
export type CreateUserBody = z.infer<typeof ZCreateUserBody>;

/**
 * PUT /users/{id}. A field left out keeps its value; an empty password too (the dialog's
 * "leave blank to keep"). profile, queueIds, whatsappId and allTicket need the user-modal permissions
 * unless they are sent unchanged; `super` needs a super user unless unchanged. A user setting their own
 * password sends `currentPassword` (ERR_WRONG_PASSWORD otherwise). `companyId` (spec core §7) is
 * accepted only as the user's current company (ERR_COMPANY_MISMATCH otherwise): no route moves a user to another company.
 */
export const ZUpdateUserBody = z.strictObject({
  name: userName,
  email: userEmail,
  password: z
    .union([z.literal(""), ZPassword])
    .transform((value) => value || undefined)
    .optional(),
  profile: ZProfile.optional(),
  queueIds: queueIds.optional(),
  whatsappId: whatsappId.optional(),
  allTicket: ZAllTicket.optional(),
  super: z.boolean().optional(),
  currentPassword: z.string().max(LIMITS.passwordMax, "Too Long!").optional(),
  companyId: z.number().int().positive().max(2147483647).optional(),
});
export type UpdateUserBody = z.infer<typeof ZUpdateUserBody>;

/** GET /users. */
export const ZListUsersQuery = z.object({
  searchParam: z.string().max(200).optional(),
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
});
export type ListUsersQuery = z.infer<typeof ZListUsersQuery>;

export const ZListUsersResponse = z.object({ users: z.array(ZUser), count: z.number(), hasMore: z.boolean() });
export type ListUsersResponse = z.infer<typeof ZListUsersResponse>;
