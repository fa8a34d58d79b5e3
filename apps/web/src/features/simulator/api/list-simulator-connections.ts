import { type SimulatorConnection, ZSimulatorConnectionList } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { useSimulatorFallbackPoll } from "../hooks/use-simulator-live-updates.ts";
import { simulatorKeys } from "./keys.ts";

/** GET /simulator/connections: the simulator connections of the session's company. */
export function fetchSimulatorConnections(): Promise<SimulatorConnection[]> {
  return apiRequest("/simulator/connections", ZSimulatorConnectionList);
}

/** The simulator connections, read again when the simulator's events say one changed (status and QR code change on their own). */
export function useSimulatorConnections() {
  const refetchInterval = useSimulatorFallbackPoll();
  return useQuery({
    queryKey: simulatorKeys.connections(),
    queryFn: fetchSimulatorConnections,
    refetchInterval,
    staleTime: 0,
    meta: { silentError: true },
  });
}
