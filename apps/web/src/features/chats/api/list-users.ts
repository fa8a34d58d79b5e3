import { type UserListItem, ZUserListItem } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";
import { logChatError } from "../utils/chat-errors.ts";
import { chatUsersQueryKey } from "./query-keys.ts";

/** GET /users/list: the company's users, the members a chat may have. */
export async function fetchChatUsers(signal?: AbortSignal): Promise<UserListItem[]> {
  try {
    return await apiRequest("/users/list", z.array(ZUserListItem), { signal });
  } catch (error) {
    if (!signal?.aborted) logChatError(error);
    throw error;
  }
}

/** The users the chat dialog offers, read while it is open. Failures stay silent. */
export function useChatUsers(enabled: boolean) {
  return useQuery({ queryKey: chatUsersQueryKey, queryFn: ({ signal }) => fetchChatUsers(signal), enabled, meta: { silentError: true } });
}
