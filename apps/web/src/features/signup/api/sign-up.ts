import { type SignupBody, type SignupResponse, ZSignupResponse } from "@conversa/shared";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";

/**
 * POST /companies/cadastro (no session). Rejects with ERR_VALIDATION, ERR_EMAIL_ALREADY_EXISTS,
 * ERR_DUPLICATED_COMPANY, ERR_NO_PLAN_FOUND, ERR_SIGNUP_DISABLED, ERR_RATE_LIMITED.
 */
export function signUpCompany(body: SignupBody): Promise<SignupResponse> {
  return apiRequest("/companies/cadastro", ZSignupResponse, { method: "POST", body, sessionHandling: false });
}

/** The sign-up call; its failures are shown by the form, not as toasts. */
export function useSignUp() {
  return useMutation({ mutationFn: signUpCompany, meta: { silentError: true } });
}
