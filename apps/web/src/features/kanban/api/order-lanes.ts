import { type Tag, ZTag } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";
import { kanbanKeys } from "./query-keys.ts";

/** PUT /tags/kanban/order: the company's lanes in a new order (every lane once); answers them so. */
export function orderLanes(tagIds: number[]): Promise<Tag[]> {
  return apiRequest("/tags/kanban/order", z.array(ZTag), { method: "PUT", body: { tagIds } });
}

/** Puts the lanes in order for the whole company; the board shows the answer at once. Failures are the app's toast. */
export function useOrderLanes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: orderLanes,
    onSuccess: (lanes) => queryClient.setQueryData(kanbanKeys.lanes, lanes),
  });
}
