import { useConnectionsForBadge } from "../api/list-connections.ts";
import { hasConnectionAlert } from "../utils/connection-alert.ts";

/** Whether any connection of the company needs attention (drives the menu's '!' badge). */
export function useConnectionsAlert(enabled: boolean): boolean {
  const { data } = useConnectionsForBadge(enabled);
  return enabled && data !== undefined && hasConnectionAlert(data);
}
