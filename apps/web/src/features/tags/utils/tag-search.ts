import type { TagRecord } from "@conversa/shared";
import type { QueryKey } from "@tanstack/react-query";
import { z } from "zod";

const ZListKey = z.tuple([z.literal("tags"), z.literal("list"), z.object({ searchParam: z.string() })]);

/** Whether a tag's name contains a list's search term, ignoring case, as the server compares; an empty term matches all. */
export function matchesTagSearch(tag: Pick<TagRecord, "name">, searchParam: string): boolean {
  const term = searchParam.trim().toLowerCase();
  return term === "" || tag.name.toLowerCase().includes(term);
}

/** Whether a created or changed tag belongs in the list cached under `queryKey`. */
export function belongsToTagList(tag: Pick<TagRecord, "name">, queryKey: QueryKey): boolean {
  const key = ZListKey.safeParse(queryKey);
  return key.success ? matchesTagSearch(tag, key.data[2].searchParam) : false;
}
