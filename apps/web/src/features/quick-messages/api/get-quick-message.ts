import { type QuickMessage, ZQuickMessage } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { quickMessageQueryKey } from "./query-keys.ts";

/** GET /quick-messages/{id}. Rejects with ERR_NO_QUICK_MESSAGE_FOUND. */
export function fetchQuickMessage(id: number, signal?: AbortSignal): Promise<QuickMessage> {
  return apiRequest(`/quick-messages/${id}`, ZQuickMessage, { signal });
}

/** One reply as the server has it now (the edit dialog starts from it). */
export function useQuickMessage(id: number) {
  return useQuery({ queryKey: quickMessageQueryKey(id), queryFn: ({ signal }) => fetchQuickMessage(id, signal), staleTime: 0 });
}
