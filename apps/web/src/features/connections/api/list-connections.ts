import { type Connection, TIMINGS, ZConnectionList } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { apiRequest } from "../../../lib/api-client.ts";
import { useConnectionsLiveUpdates } from "../hooks/use-connections-live-updates.ts";
import { connectionsQueryKey } from "./query-keys.ts";

/** GET /whatsapp/?session=0: every connection of the company. */
export function fetchConnections(): Promise<Connection[]> {
  return apiRequest("/whatsapp/", ZConnectionList, { query: { session: 0 } });
}

export interface UseConnectionsOptions {
  enabled?: boolean;
  /** Wait this long before the first fetch (the menu badge checks 2 s after load, spec core §2). */
  delayMs?: number;
  /** The caller shows the failure itself (the menu badge stays quiet). */
  silentError?: boolean;
}

/** The company's connections, kept current by the live `whatsapp` and `whatsappSession` events. */
export function useConnections({ enabled = true, delayMs = 0, silentError = false }: UseConnectionsOptions = {}) {
  const [isDue, setIsDue] = useState(delayMs <= 0);

  useEffect(() => {
    if (delayMs <= 0) return;
    const timer = setTimeout(() => setIsDue(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);

  useConnectionsLiveUpdates(enabled);

  return useQuery({
    queryKey: connectionsQueryKey,
    queryFn: fetchConnections,
    enabled: enabled && isDue,
    meta: { silentError },
  });
}

/** The menu badge's view of the list: first fetched after the spec's badge delay, failures silent. */
export function useConnectionsForBadge(enabled: boolean) {
  return useConnections({ enabled, delayMs: TIMINGS.connectionBadgeDelayMs, silentError: true });
}
