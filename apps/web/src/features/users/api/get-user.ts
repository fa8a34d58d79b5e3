import { type User, ZUser } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { userQueryKey } from "./query-keys.ts";

/** GET /users/{id}. */
export function fetchUser(id: number): Promise<User> {
  return apiRequest(`/users/${id}`, ZUser);
}

/** One user, fresh each time the dialog opens. */
export function useUser(id: number | null) {
  return useQuery({ queryKey: userQueryKey(id ?? 0), queryFn: () => fetchUser(id ?? 0), enabled: id !== null, staleTime: 0 });
}
