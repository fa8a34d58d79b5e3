import { type FileList, ZFileList } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { fileListQueryKey } from "./query-keys.ts";

/** GET /files/{id}. Rejects with ERR_NO_FILE_LIST_FOUND. */
export function fetchFileList(id: number, signal?: AbortSignal): Promise<FileList> {
  return apiRequest(`/files/${id}`, ZFileList, { signal });
}

/** One file list as the server has it now (the edit dialog starts from it). */
export function useFileList(id: number) {
  return useQuery({ queryKey: fileListQueryKey(id), queryFn: ({ signal }) => fetchFileList(id, signal), staleTime: 0 });
}
