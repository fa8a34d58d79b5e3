import { type ContactImportReport, ZContactImportReport } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { contactsListPrefix } from "./query-keys.ts";

/**
 * POST /contacts/upload (multipart, field `file`): imports an .xls/.xlsx spreadsheet. Rejects with
 * ERR_IMPORT_FILE_TYPE, ERR_IMPORT_FILE_TOO_LARGE, ERR_IMPORT_TOO_MANY_ROWS, ERR_IMPORT_MISSING_COLUMNS,
 * ERR_IMPORT_UNREADABLE, ERR_IMPORT_TIMEOUT, ERR_RATE_LIMITED.
 */
export function uploadContacts(file: File): Promise<ContactImportReport> {
  const body = new FormData();
  body.append("file", file);
  return apiRequest("/contacts/upload", ZContactImportReport, { method: "POST", body });
}

/** Imports a spreadsheet; the lists are read again afterwards (imports are not announced row by row). */
export function useUploadContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadContacts,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactsListPrefix }),
  });
}
