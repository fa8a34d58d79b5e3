import { type SimulatorConnection, ZSimulatorConnection } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { simulatorKeys } from "./keys.ts";

/** POST /simulator/connections/:id/disconnect: the phone loses its network (DISCONNECTED, pairing kept). */
export function dropNetwork(connectionId: number): Promise<SimulatorConnection> {
  return apiRequest(`/simulator/connections/${connectionId}/disconnect`, ZSimulatorConnection, { method: "POST" });
}

export function useDropNetwork(connectionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => dropNetwork(connectionId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: simulatorKeys.connections() }),
  });
}
