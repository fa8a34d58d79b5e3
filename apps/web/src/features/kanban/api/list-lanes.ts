import { type Tag, ZTag } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";
import { kanbanKeys } from "./query-keys.ts";

/** GET /tags/kanban: the board's lanes after 'Em aberto', the company's kanban tags by name. */
export function fetchLanes(signal?: AbortSignal): Promise<Tag[]> {
  return apiRequest("/tags/kanban", z.array(ZTag), { signal });
}

/** The board's lanes; kept current by the tag channel (useBoardLiveUpdates). The board shows its failure itself. */
export function useLanes() {
  return useQuery({ queryKey: kanbanKeys.lanes, queryFn: ({ signal }) => fetchLanes(signal), staleTime: 60_000, meta: { silentError: true } });
}
