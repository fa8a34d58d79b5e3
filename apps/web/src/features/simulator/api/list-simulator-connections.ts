import { type SimulatorConnection, ZSimulatorConnectionList } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { SIMULATOR_POLL_MS, simulatorKeys } from "./keys.ts";

/** GET /simulator/connections: every simulator connection, of every company. */
export function fetchSimulatorConnections(): Promise<SimulatorConnection[]> {
  return apiRequest("/simulator/connections", ZSimulatorConnectionList);
}

/** The simulator connections, polled every second (status and QR code change on their own). */
export function useSimulatorConnections() {
  return useQuery({
    queryKey: simulatorKeys.connections(),
    queryFn: fetchSimulatorConnections,
    refetchInterval: SIMULATOR_POLL_MS,
    staleTime: 0,
    meta: { silentError: true },
  });
}
