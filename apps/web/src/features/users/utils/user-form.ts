import { type AllTicket, type CreateUserBody, LIMITS, isValidPassword, type Profile, type UpdateUserBody, type User, ZAllTicket, ZProfile, ZUpdateUserBody } from "@conversa/shared";
import type { TFunction } from "i18next";
import { z } from "zod";

/** What the user dialog edits. */
export interface UserFormValues {
  name: string;
  email: string;
  /** Empty when editing: the password stays as it is. */
  password: string;
  /** Asked only when users set a new password for themselves. */
  currentPassword: string;
  profile: Profile;
  queueIds: number[];
  whatsappId: number | null;
  allTicket: AllTicket;
}

/** Which guarded parts of the dialog the actor may change (spec core §6, user-modal:*). */
export interface UserFormPermissions {
  canEditProfile: boolean;
  canEditQueues: boolean;
}

/**
 * The shared user body with the dialog's messages (spec core §5: name 2 to 50, e-mail valid; the
 * password follows the product's one rule, ZPassword). The password is required for a new user; when editing, empty keeps it. Users
 * setting a new password for themselves (`isSelf`) must give the current one.
 */
export function buildUserFormSchema(t: TFunction, isNew: boolean, isSelf = false) {
  const required = t("users.validation.required");
  const tooShort = t("users.validation.tooShort");
  const tooLong = t("users.validation.tooLong");
  return ZUpdateUserBody.extend({
    name: z.string().trim().min(1, required).min(LIMITS.nameMin, tooShort).max(LIMITS.nameMax, tooLong),
    email: z.string().trim().toLowerCase().min(1, required).email(t("users.validation.invalidEmail")).max(255, tooLong),
    password: z.string().superRefine((value, ctx) => {
      if (value === "" && isNew) ctx.addIssue({ code: "custom", message: required });
      else if (value !== "" && !isValidPassword(value)) ctx.addIssue({ code: "custom", message: t("common.passwordRule") });
    }),
    profile: ZProfile,
    queueIds: z.array(z.number()),
    whatsappId: z.number().nullable(),
    allTicket: ZAllTicket,
    currentPassword: z.string().max(LIMITS.passwordMax, tooLong),
  }).superRefine((values, ctx) => {
    if (isSelf && values.password !== "" && values.currentPassword === "") ctx.addIssue({ code: "custom", path: ["currentPassword"], message: required });
  });
}

export type UserFormSchema = ReturnType<typeof buildUserFormSchema>;

/** A new user's fields (default profile user, allTicket desabled: spec core §9), or a stored one's. */
export function userFormValues(user?: User): UserFormValues {
  if (!user) return { name: "", email: "", password: "", currentPassword: "", profile: "user", queueIds: [], whatsappId: null, allTicket: "desabled" };
  return {
    name: user.name,
    email: user.email,
    password: "",
    currentPassword: "",
    profile: user.profile,
    queueIds: user.queues.map((queue) => queue.id),
    whatsappId: user.whatsappId,
    allTicket: user.allTicket,
  };
}

/** The guarded fields the actor may send; the others are left out so the server keeps them. */
function guardedFields(values: UserFormValues, permissions: UserFormPermissions) {
  return {
    ...(permissions.canEditProfile ? { profile: values.profile } : {}),
    ...(permissions.canEditQueues ? { queueIds: values.queueIds, whatsappId: values.whatsappId, allTicket: values.allTicket } : {}),
  };
}

/** POST /users body. */
export function toCreateUserBody(values: UserFormValues, permissions: UserFormPermissions): CreateUserBody {
  return {
    name: values.name,
    email: values.email,
    password: values.password,
    profile: "user",
    queueIds: [],
    whatsappId: null,
    allTicket: "desabled",
    ...guardedFields(values, permissions),
  };
}

/** PUT /users/{id} body: an empty password is left out (unchanged); the current password goes with a new one. */
export function toUpdateUserBody(values: UserFormValues, permissions: UserFormPermissions): UpdateUserBody {
  return {
    name: values.name,
    email: values.email,
    ...(values.password ? { password: values.password, ...(values.currentPassword ? { currentPassword: values.currentPassword } : {}) } : {}),
    ...guardedFields(values, permissions),
  };
}
