import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiSend } from "../../../lib/api-client.ts";
import { forgetFileList } from "./file-lists-cache.ts";

/** DELETE /files/{id}: the list and its stored files. Rejects with ERR_NO_FILE_LIST_FOUND, ERR_NO_PERMISSION. */
export function deleteFileList(id: number): Promise<void> {
  return apiSend(`/files/${id}`, { method: "DELETE" });
}

/** Deletes a file list and drops it from the page. Failures become error toasts. */
export function useDeleteFileList() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteFileList, onSuccess: (_result, id) => forgetFileList(queryClient, id) });
}
