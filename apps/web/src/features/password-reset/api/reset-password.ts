import { useMutation } from "@tanstack/react-query";
import { apiSend } from "../../../lib/api-client.ts";

export interface ResetPasswordInput {
  email: string;
  code: string;
  password: string;
}

/**
 * POST /resetpasswords/{email}/{token}/{newPassword}: sets the new password with the mailed code.
 * Rejects with ERR_INVALID_RESET_CODE, ERR_RESET_CODE_EXPIRED, ERR_VALIDATION, ERR_RATE_LIMITED.
 */
export function resetPassword({ email, code, password }: ResetPasswordInput): Promise<void> {
  const path = [email, code, password].map(encodeURIComponent).join("/");
  return apiSend(`/resetpasswords/${path}`, { method: "POST", sessionHandling: false });
}

/** The reset step's call; the form shows its failures itself. */
export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword, meta: { silentError: true } });
}
