import { type SimulatorMessagesPage, ZSimulatorMessagesPage } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { useSimulatorFallbackPoll } from "../hooks/use-simulator-live-updates.ts";
import { simulatorKeys } from "./keys.ts";

/** Messages shown in the thread: the newest ones. */
const THREAD_PAGE_SIZE = 100;

/** GET /simulator/connections/:id/chats/:number/messages: the newest page of a conversation. */
export function fetchChatMessages(connectionId: number, chatNumber: string): Promise<SimulatorMessagesPage> {
  return apiRequest(`/simulator/connections/${connectionId}/chats/${encodeURIComponent(chatNumber)}/messages`, ZSimulatorMessagesPage, {
    query: { pageSize: THREAD_PAGE_SIZE },
  });
}

/** The conversation with one customer (or group), read again when the simulator's events say it changed. */
export function useChatMessages(connectionId: number | null, chatNumber: string | null) {
  const refetchInterval = useSimulatorFallbackPoll();
  return useQuery({
    queryKey: simulatorKeys.messages(connectionId ?? 0, chatNumber ?? ""),
    queryFn: () => fetchChatMessages(connectionId ?? 0, chatNumber ?? ""),
    enabled: connectionId !== null && chatNumber !== null,
    refetchInterval,
    staleTime: 0,
    meta: { silentError: true },
  });
}
