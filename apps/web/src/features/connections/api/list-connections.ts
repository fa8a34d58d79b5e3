import { TIMINGS } from "@conversa/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { z } from "zod";
import { ApiError, apiRequest } from "../../../lib/api-client.ts";
import { useCompanyEvent } from "../../../lib/socket-provider.tsx";

/** The fields of a connection the shell reads; the full shape arrives with the connections page. */
const ZConnectionSummary = z.object({ id: z.number(), name: z.string(), status: z.string() });
const ZConnectionSummaryList = z.array(ZConnectionSummary);
export type ConnectionSummary = z.infer<typeof ZConnectionSummary>;

export const connectionsQueryKey = ["connections", "list"] as const;

/** GET /whatsapp/?session=0. A 404 (no connections module on the server yet) counts as none. */
export async function fetchConnections(): Promise<ConnectionSummary[]> {
  try {
    return await apiRequest("/whatsapp/", ZConnectionSummaryList, { query: { session: 0 } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

/**
 * The company's connections, first fetched 2 s after the shell loads (spec core §2) and
 * refetched on every live connection or session status event.
 */
export function useConnections(enabled = true) {
  const queryClient = useQueryClient();
  const [isDue, setIsDue] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setIsDue(true), TIMINGS.connectionBadgeDelayMs);
    return () => clearTimeout(timer);
  }, []);

  const refetch = () => {
    if (enabled && isDue) void queryClient.invalidateQueries({ queryKey: connectionsQueryKey });
  };
  useCompanyEvent("whatsapp", refetch);
  useCompanyEvent("whatsappSession", refetch);

  return useQuery({
    queryKey: connectionsQueryKey,
    queryFn: fetchConnections,
    enabled: enabled && isDue,
    meta: { silentError: true },
  });
}
