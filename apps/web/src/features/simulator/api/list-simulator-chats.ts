import { type SimulatorChat, ZSimulatorChatList } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { SIMULATOR_POLL_MS, simulatorKeys } from "./keys.ts";

/** GET /simulator/connections/:id/chats: the customers of a connection with their last message. */
export function fetchSimulatorChats(connectionId: number): Promise<SimulatorChat[]> {
  return apiRequest(`/simulator/connections/${connectionId}/chats`, ZSimulatorChatList);
}

export function useSimulatorChats(connectionId: number | null) {
  return useQuery({
    queryKey: simulatorKeys.chats(connectionId ?? 0),
    queryFn: () => fetchSimulatorChats(connectionId ?? 0),
    enabled: connectionId !== null,
    refetchInterval: SIMULATOR_POLL_MS,
    staleTime: 0,
    meta: { silentError: true },
  });
}
