import { type Chat, ZChat } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { logChatError } from "../utils/chat-errors.ts";
import { chatQueryKey } from "./query-keys.ts";

/** GET /chats/{uuid}: one chat of the user. Rejects with ERR_NO_CHAT_FOUND (gone, or the user is no longer a member). */
export async function fetchChat(uuid: string, signal?: AbortSignal): Promise<Chat> {
  try {
    return await apiRequest(`/chats/${encodeURIComponent(uuid)}`, ZChat, { signal });
  } catch (error) {
    if (!signal?.aborted) logChatError(error);
    throw error;
  }
}

/** The chat of the page's address; live events keep it current. Failures stay silent. */
export function useChat(uuid: string | undefined) {
  return useQuery({
    queryKey: chatQueryKey(uuid ?? ""),
    queryFn: ({ signal }) => fetchChat(uuid ?? "", signal),
    enabled: uuid !== undefined,
    retry: false,
    meta: { silentError: true },
  });
}
