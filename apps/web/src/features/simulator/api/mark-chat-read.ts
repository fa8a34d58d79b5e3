import { ZSimulatorReadResponse } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { simulatorKeys } from "./keys.ts";

/** POST /simulator/connections/:id/chats/:number/read: the customer read the company's messages. */
export function markChatRead(connectionId: number, chatNumber: string): Promise<{ read: number }> {
  return apiRequest(`/simulator/connections/${connectionId}/chats/${encodeURIComponent(chatNumber)}/read`, ZSimulatorReadResponse, {
    method: "POST",
  });
}

export function useMarkChatRead(connectionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (chatNumber: string) => markChatRead(connectionId, chatNumber),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: simulatorKeys.chats(connectionId) }),
  });
}
