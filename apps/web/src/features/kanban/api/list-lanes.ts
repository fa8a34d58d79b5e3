import { type Tag, ZKanbanLanesResponse } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { kanbanKeys } from "./query-keys.ts";

/** GET /tags/kanban: the board's lanes after 'Em aberto', the company's kanban tags in the board's order (under `lista`). */
export async function fetchLanes(signal?: AbortSignal): Promise<Tag[]> {
  return (await apiRequest("/tags/kanban", ZKanbanLanesResponse, { signal })).lista;
}

/** The board's lanes; kept current by the tag channel (useBoardLiveUpdates). The board shows its failure itself. */
export function useLanes() {
  return useQuery({ queryKey: kanbanKeys.lanes, queryFn: ({ signal }) => fetchLanes(signal), staleTime: 60_000, meta: { silentError: true } });
}
