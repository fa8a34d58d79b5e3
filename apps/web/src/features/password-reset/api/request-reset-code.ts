import { useMutation } from "@tanstack/react-query";
import { apiSend } from "../../../lib/api-client.ts";

/**
 * POST /forgetpassword/{email}: mails a reset code, in the interface's language (Accept-Language).
 * Rejects with ERR_EMAIL_NOT_FOUND (404), ERR_RATE_LIMITED, ERR_MAIL_NOT_CONFIGURED, ERR_MAIL_SEND_FAILED.
 */
export function requestResetCode(email: string): Promise<void> {
  return apiSend(`/forgetpassword/${encodeURIComponent(email)}`, { method: "POST", sessionHandling: false });
}

/** The request step's call; the form shows its failures itself. */
export function useRequestResetCode() {
  return useMutation({ mutationFn: requestResetCode, meta: { silentError: true } });
}
