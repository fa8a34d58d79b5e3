import { type SignupStatus, ZSignupStatus } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { signupStatusQueryKey } from "./query-keys.ts";

/** GET /companies/cadastro (no session): whether public sign-up is open. */
export function fetchSignupStatus(signal?: AbortSignal): Promise<SignupStatus> {
  return apiRequest("/companies/cadastro", ZSignupStatus, { signal, sessionHandling: false });
}

/** Whether the sign-up form may be shown; the page says so itself when it cannot tell. */
export function useSignupStatus() {
  return useQuery({ queryKey: signupStatusQueryKey, queryFn: ({ signal }) => fetchSignupStatus(signal), meta: { silentError: true } });
}
