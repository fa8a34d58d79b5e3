import { type Tag, ZKanbanLanesResponse } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { kanbanKeys } from "./query-keys.ts";

/** PUT /tags/kanban/order: the company's lanes in a new order (every lane once); answers them so (under `lista`). */
export async function orderLanes(tagIds: number[]): Promise<Tag[]> {
  return (await apiRequest("/tags/kanban/order", ZKanbanLanesResponse, { method: "PUT", body: { tagIds } })).lista;
}

/** Puts the lanes in order for the whole company; the board shows the answer at once. Failures are the app's toast. */
export function useOrderLanes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: orderLanes,
    onSuccess: (lanes) => queryClient.setQueryData(kanbanKeys.lanes, lanes),
  });
}
