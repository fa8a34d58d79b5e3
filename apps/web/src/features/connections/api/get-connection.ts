import { ZConnectionDetail } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";
import { connectionQueryKey } from "./query-keys.ts";

export type ConnectionDetail = z.infer<typeof ZConnectionDetail>;

/** GET /whatsapp/{id}?session=0: one connection (with its token for admins). */
export function fetchConnection(id: number): Promise<ConnectionDetail> {
  return apiRequest(`/whatsapp/${id}`, ZConnectionDetail, { query: { session: 0 } });
}

/** One connection; `pollMs` refetches it while the caller is mounted (the QR view polls, spec core §4). */
export function useConnection(id: number | null, options: { pollMs?: number } = {}) {
  return useQuery({
    queryKey: connectionQueryKey(id ?? 0),
    queryFn: () => fetchConnection(id ?? 0),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: options.pollMs ?? false,
  });
}
