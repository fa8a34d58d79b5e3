import { type UserListItem, ZUserListItem } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";
import { conversationKeys } from "./query-keys.ts";

export type UserOption = UserListItem;

/** GET /users/list: the company's users. */
export function fetchUsers(): Promise<UserOption[]> {
  return apiRequest("/users/list", z.array(ZUserListItem));
}

/** The users, fetched once a search starts (3 characters). */
export function useUsers(enabled: boolean) {
  return useQuery({ queryKey: conversationKeys.users, queryFn: fetchUsers, enabled });
}
