import type { Queue } from "@conversa/shared";
import type { QueryKey } from "@tanstack/react-query";
import { z } from "zod";

const ZListKey = z.tuple([z.literal("queuesPage"), z.literal("list"), z.object({ searchParam: z.string(), storeId: z.union([z.literal("all"), z.literal("none"), z.number()]).optional() })]);

/** Whether a queue's name contains a list's search term, ignoring case, as the server compares; an empty term matches all. */
export function matchesQueueSearch(queue: Pick<Queue, "name">, searchParam: string): boolean {
  const term = searchParam.trim().toLowerCase();
  return term === "" || queue.name.toLowerCase().includes(term);
}

/** Whether a created or changed queue belongs in the list cached under `queryKey`. */
export function belongsToQueueList(queue: Pick<Queue, "name"> & Partial<Pick<Queue, "storeId">>, queryKey: QueryKey): boolean {
  const key = ZListKey.safeParse(queryKey);
  if (!key.success) return false;
  const store = key.data[2].storeId ?? "all";
  const storeId = queue.storeId ?? null;
  const inStore = store === "all" || (store === "none" ? storeId === null : storeId === store);
  return inStore && matchesQueueSearch(queue, key.data[2].searchParam);
}
