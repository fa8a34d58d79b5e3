import { type SimulatorChat, ZSimulatorChatList } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { useSimulatorFallbackPoll } from "../hooks/use-simulator-live-updates.ts";
import { simulatorKeys } from "./keys.ts";

/** GET /simulator/connections/:id/chats: the customers of a connection with their last message. */
export function fetchSimulatorChats(connectionId: number): Promise<SimulatorChat[]> {
  return apiRequest(`/simulator/connections/${connectionId}/chats`, ZSimulatorChatList);
}

/** The conversations of a connection, read again when the simulator's events say one changed. */
export function useSimulatorChats(connectionId: number | null) {
  const refetchInterval = useSimulatorFallbackPoll();
  return useQuery({
    queryKey: simulatorKeys.chats(connectionId ?? 0),
    queryFn: () => fetchSimulatorChats(connectionId ?? 0),
    enabled: connectionId !== null,
    refetchInterval,
    staleTime: 0,
    meta: { silentError: true },
  });
}
