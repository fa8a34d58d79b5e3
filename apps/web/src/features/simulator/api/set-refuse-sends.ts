import { type SimulatorConnection, ZSimulatorConnection } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { simulatorKeys } from "./keys.ts";

/** PUT /simulator/connections/:id/sends: make the company's sends fail, or work again. */
export function setRefuseSends(connectionId: number, refuse: boolean): Promise<SimulatorConnection> {
  return apiRequest(`/simulator/connections/${connectionId}/sends`, ZSimulatorConnection, { method: "PUT", body: { refuse } });
}

export function useSetRefuseSends(connectionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (refuse: boolean) => setRefuseSends(connectionId, refuse),
    onSettled: () => queryClient.invalidateQueries({ queryKey: simulatorKeys.connections() }),
  });
}
