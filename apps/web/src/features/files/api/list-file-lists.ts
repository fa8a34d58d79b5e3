import { type FileList, ZListFileListsResponse } from "@conversa/shared";
import { type ListPage, useInfiniteList } from "../../../components/list/index.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { fileListsQueryKey } from "./query-keys.ts";

/** GET /files: one page of the company's file lists, searched by name. */
export async function fetchFileLists(searchParam: string, pageNumber: number, signal?: AbortSignal): Promise<ListPage<FileList>> {
  const page = await apiRequest("/files", ZListFileListsResponse, { query: { searchParam: searchParam || undefined, pageNumber }, signal });
  return { records: page.files, hasMore: page.hasMore };
}

/** The Files page's list, page after page as the user scrolls; a new search restarts it. */
export function useFileListRecords(searchParam: string) {
  return useInfiniteList<FileList>({ queryKey: fileListsQueryKey(searchParam), fetchPage: (pageNumber, signal) => fetchFileLists(searchParam, pageNumber, signal) });
}
