import { type SessionUser, ZMeResponse } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { saveCampaignsFlag } from "../../../lib/storage.ts";

export const meQueryKey = ["auth", "me"] as const;

/**
 * GET /auth/me: the signed-in user (a 403 refreshes the token once through the client). The local cshow
 * flag follows the company's campaignsEnabled setting before the app sees the answer.
 */
export async function fetchMe(): Promise<SessionUser> {
  const user = await apiRequest("/auth/me", ZMeResponse);
  saveCampaignsFlag(user);
  return user;
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
