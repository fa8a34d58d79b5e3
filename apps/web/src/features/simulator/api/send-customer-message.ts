import { type SimulatorInboundInput, type SimulatorMessage, ZSimulatorMessage } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { simulatorKeys } from "./keys.ts";

/** POST /simulator/connections/:id/messages: the simulated customer sends one message. */
export function sendCustomerMessage(connectionId: number, body: SimulatorInboundInput): Promise<SimulatorMessage> {
  return apiRequest(`/simulator/connections/${connectionId}/messages`, ZSimulatorMessage, { method: "POST", body });
}

export function useSendCustomerMessage(connectionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SimulatorInboundInput) => sendCustomerMessage(connectionId, body),
    // The composer says the failure (the catalogue's toast and the refused field).
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: simulatorKeys.chats(connectionId) }),
  });
}
