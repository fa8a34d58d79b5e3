import { type ContactImportReport, ZContactImportReport } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { contactListQueryKey, contactListsPrefix, listContactsPrefix } from "./query-keys.ts";

/**
 * POST /contact-lists/{id}/upload (multipart, field `file`): adds an .xls/.xlsx spreadsheet's rows to the
 * list, through the contacts import. Rejects with ERR_IMPORT_FILE_TYPE, ERR_IMPORT_FILE_TOO_LARGE,
 * ERR_IMPORT_TOO_MANY_ROWS, ERR_IMPORT_MISSING_COLUMNS, ERR_IMPORT_UNREADABLE, ERR_IMPORT_TIMEOUT,
 * ERR_IMPORT_BUSY, ERR_NO_CONTACT_LIST_FOUND.
 */
export function uploadListContacts(contactListId: number, file: File): Promise<ContactImportReport> {
  const body = new FormData();
  body.append("file", file);
  return apiRequest(`/contact-lists/${contactListId}/upload`, ZContactImportReport, { method: "POST", body });
}

/** Imports a spreadsheet into a list; its contacts and counts are read again afterwards (rows are not announced one by one). */
export function useUploadListContacts(contactListId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadListContacts(contactListId, file),
    meta: { silentError: true },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: listContactsPrefix }),
        queryClient.invalidateQueries({ queryKey: contactListsPrefix }),
        queryClient.invalidateQueries({ queryKey: contactListQueryKey(contactListId) }),
      ]);
    },
  });
}
