import { type SessionUser, ZMeResponse } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { sessionUserKey } from "./query-keys.ts";

/** The signed-in user (permissions, own messages). Served from the session's cache entry. */
export function useCurrentUser(): SessionUser | null {
  const query = useQuery({
    queryKey: sessionUserKey,
    queryFn: () => apiRequest("/auth/me", ZMeResponse),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silentError: true },
  });
  return query.data ?? null;
}
