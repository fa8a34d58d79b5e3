import { type AuthResponse, type LoginBody, ZAuthResponse } from "@conversa/shared";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";

/** POST /auth/login. Rejects with ERR_INVALID_CREDENTIALS, ERR_SUBSCRIPTION_EXPIRED or ERR_RATE_LIMITED. */
export function loginRequest(body: LoginBody): Promise<AuthResponse> {
  return apiRequest("/auth/login", ZAuthResponse, { method: "POST", body, sessionHandling: false });
}

/** The login call; its failures are shown by the form, not as toasts. */
export function useLogin() {
  return useMutation({ mutationFn: loginRequest, meta: { silentError: true } });
}
