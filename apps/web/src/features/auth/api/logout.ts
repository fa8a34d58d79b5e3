import { useMutation } from "@tanstack/react-query";
import { apiSend } from "../../../lib/api-client.ts";

/** DELETE /auth/logout: ends the server session and its refresh cookie. */
export function logoutRequest(): Promise<void> {
  return apiSend("/auth/logout", { method: "DELETE", sessionHandling: false });
}

/** The logout call; the local session is cleared whatever it answers. */
export function useLogout() {
  return useMutation({ mutationFn: logoutRequest, meta: { silentError: true } });
}
