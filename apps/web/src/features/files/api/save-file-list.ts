import { type FileList, type FileListBody, ZFileList } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { storeFileList } from "./file-lists-cache.ts";

export interface SaveFileListInput {
  /** The list to change; null creates one. */
  id: number | null;
  body: FileListBody;
  /** New files, uploaded after the save: each becomes an option named after it. */
  files: readonly File[];
}

/** POST /files/uploadList/{id} (multipart `file`, up to 20): adds options with these files. Rejects with ERR_MEDIA_TYPE_NOT_ALLOWED, ERR_MEDIA_TOO_LARGE. */
export function uploadFileListFiles(id: number, files: readonly File[]): Promise<FileList> {
  const form = new FormData();
  for (const file of files) form.append("file", file, file.name);
  return apiRequest(`/files/uploadList/${id}`, ZFileList, { method: "POST", body: form });
}

/**
 * POST /files or PUT /files/{id}, then the new files. Rejects with ERR_VALIDATION, ERR_NO_FILE_LIST_FOUND,
 * ERR_NO_PERMISSION and the upload's errors.
 */
export async function saveFileList({ id, body, files }: SaveFileListInput): Promise<FileList> {
  const saved = id === null ? await apiRequest("/files", ZFileList, { method: "POST", body }) : await apiRequest(`/files/${id}`, ZFileList, { method: "PUT", body });
  return files.length === 0 ? saved : uploadFileListFiles(saved.id, files);
}

/** Creates or changes a file list with its files; the page shows the result at once. Failures become error toasts. */
export function useSaveFileList() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveFileList, onSuccess: (list) => storeFileList(queryClient, list) });
}
