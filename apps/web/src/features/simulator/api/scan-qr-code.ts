import { type SimulatorConnection, type SimulatorScanBody, ZSimulatorConnection } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { simulatorKeys } from "./keys.ts";

/** POST /simulator/connections/:id/scan. Rejects with ERR_SIMULATOR_BAD_QR when the code is no longer the one shown. */
export function scanQrCode(connectionId: number, body: SimulatorScanBody): Promise<SimulatorConnection> {
  return apiRequest(`/simulator/connections/${connectionId}/scan`, ZSimulatorConnection, { method: "POST", body });
}

export function useScanQrCode(connectionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SimulatorScanBody) => scanQrCode(connectionId, body),
    // The panel says the failure (the catalogue's toast and the refused field).
    meta: { silentError: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: simulatorKeys.connections() }),
  });
}
