import { ZPassword, ZResetEmail } from "@conversa/shared";
import { z } from "zod";

/** Step 1: the e-mail of the account. */
export const ZRequestCodeForm = z.object({ email: ZResetEmail });
export type RequestCodeValues = z.output<typeof ZRequestCodeForm>;

/** Step 2: the e-mail, the mailed code, the new password (spec admin §5) and its confirmation. */
export const ZResetPasswordForm = z
  .object({
    email: ZResetEmail,
    code: z.string().trim().min(1),
    password: ZPassword,
    confirmation: z.string(),
  })
  .refine((form) => form.password === form.confirmation, { path: ["confirmation"], message: "The passwords do not match" });
export type ResetPasswordValues = z.output<typeof ZResetPasswordForm>;
