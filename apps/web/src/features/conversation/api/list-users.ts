import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";
import { conversationKeys } from "./query-keys.ts";

/** A user as GET /users/list lists it (only what the transfer dialog uses). */
const ZUserOption = z.object({
  id: z.number(),
  name: z.string(),
  profile: z.string(),
  online: z.boolean().optional(),
  queues: z.array(z.object({ id: z.number(), name: z.string() }).loose()).optional(),
});
export type UserOption = z.infer<typeof ZUserOption>;

/** GET /users/list: the company's users. */
export function fetchUsers(): Promise<UserOption[]> {
  return apiRequest("/users/list", z.array(ZUserOption));
}

/** The users, fetched once a search starts (3 characters). */
export function useUsers(enabled: boolean) {
  return useQuery({ queryKey: conversationKeys.users, queryFn: fetchUsers, enabled });
}
