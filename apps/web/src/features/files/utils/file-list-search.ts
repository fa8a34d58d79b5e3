import type { FileList } from "@conversa/shared";
import type { QueryKey } from "@tanstack/react-query";
import { z } from "zod";

const ZListKey = z.tuple([z.literal("file-lists"), z.literal("list"), z.object({ searchParam: z.string() })]);

/** Whether a file list's name contains the search term, ignoring case, as the server compares; an empty term matches all. */
export function matchesFileListSearch(list: Pick<FileList, "name">, searchParam: string): boolean {
  const term = searchParam.trim().toLowerCase();
  return term === "" || list.name.toLowerCase().includes(term);
}

/** Whether a created or changed file list belongs in the lists cached under `queryKey`. */
export function belongsToFileLists(list: Pick<FileList, "name">, queryKey: QueryKey): boolean {
  const key = ZListKey.safeParse(queryKey);
  return key.success ? matchesFileListSearch(list, key.data[2].searchParam) : false;
}
