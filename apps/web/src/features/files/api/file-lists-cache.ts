import type { FileList } from "@conversa/shared";
import type { QueryClient } from "@tanstack/react-query";
import { forgetListRecord, storeListRecord } from "../../../components/list/index.ts";
import { belongsToFileLists } from "../utils/file-list-search.ts";
import { fileListQueryKey, fileListsPrefix } from "./query-keys.ts";

/** Shows a saved file list in the cached lists (where it matches the search) and in its detail. */
export function storeFileList(queryClient: QueryClient, list: FileList): void {
  storeListRecord(queryClient, list, { listPrefix: fileListsPrefix, detailKey: fileListQueryKey(list.id), belongs: belongsToFileLists });
}

/** Drops a deleted file list from the cached lists. */
export function forgetFileList(queryClient: QueryClient, id: number): void {
  forgetListRecord(queryClient, id, { listPrefix: fileListsPrefix, detailKey: fileListQueryKey(id) });
}
