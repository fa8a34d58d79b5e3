import { LIMITS, type SignupBody, isValidPassword } from "@conversa/shared";
import type { TFunction } from "i18next";
import { z } from "zod";
import { isPhoneComplete, phoneDigits } from "./phone-mask.ts";

/** What the sign-up form edits: the plan as the select's text value, the phone as typed (masked). */
export interface SignupFormValues {
  name: string;
  email: string;
  password: string;
  phone: string;
  planId: string;
}

export const emptySignupForm = (): SignupFormValues => ({ name: "", email: "", password: "", phone: "", planId: "" });

/** The rules of the shared ZSignupBody (spec core §5) with the form's messages. */
export function buildSignupFormSchema(t: TFunction) {
  return z.object({
    name: z.string().trim().min(LIMITS.nameMin, t("signup.validation.name")).max(LIMITS.nameMax, t("signup.validation.name")),
    email: z.string().trim().min(1, t("signup.validation.required")).email(t("signup.validation.email")).max(255, t("signup.validation.email")),
    password: z.string().refine(isValidPassword, t("common.passwordRule")),
    phone: z.string().refine(isPhoneComplete, t("signup.validation.phone")),
    planId: z.string().min(1, t("signup.validation.plan")),
  });
}

/** The request body: the phone's digits (none when empty), the plan's id, and the referring company of the link. */
export function toSignupBody(values: SignupFormValues, companyId: number | undefined): SignupBody {
  const phone = phoneDigits(values.phone);
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    password: values.password,
    planId: Number(values.planId),
    ...(phone ? { phone } : {}),
    ...(companyId === undefined ? {} : { companyId }),
  };
}
