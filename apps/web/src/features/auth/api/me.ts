import { type SessionUser, ZMeResponse } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";

export const meQueryKey = ["auth", "me"] as const;

/** GET /auth/me: the signed-in user (a 403 refreshes the token once through the client). */
export function fetchMe(): Promise<SessionUser> {
  return apiRequest("/auth/me", ZMeResponse);
}

/** The signed-in user, fetched only while a token is stored. */
export function useMe(enabled: boolean) {
  return useQuery({
    queryKey: meQueryKey,
    queryFn: fetchMe,
    enabled,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silentError: true },
  });
}
