import type { FileList, FileListBody } from "@conversa/shared";
import type { TFunction } from "i18next";
import { z } from "zod";

/** Files a list may hold (the server's limit of options and of one upload). */
export const MAX_FILE_LIST_FILES = 20;

/** The file list dialog's rules (spec admin §5): name at least 3 characters ('nome muito curto'), message required. */
export function buildFileListFormSchema(t: TFunction) {
  return z.object({
    name: z.string().trim().min(3, t("fileLists.validation.tooShort")).max(100, t("fileLists.validation.tooLong")),
    message: z.string().trim().min(1, t("fileLists.validation.required")).max(10000, t("fileLists.validation.tooLong")),
    options: z.array(z.object({ id: z.number(), name: z.string().trim().min(1, t("fileLists.validation.required")).max(120, t("fileLists.validation.tooLong")) })),
  });
}

export type FileListFormValues = z.input<ReturnType<typeof buildFileListFormSchema>>;

/** A new list's fields, or a stored one's (its files by id and name). */
export function fileListFormValues(list?: FileList): FileListFormValues {
  return { name: list?.name ?? "", message: list?.message ?? "", options: list?.options.map((option) => ({ id: option.id, name: option.name })) ?? [] };
}

/** The body sent to the API: the kept files by id (a stored one left out is removed); new files follow as an upload. */
export function toFileListBody(values: FileListFormValues): FileListBody {
  return { name: values.name.trim(), message: values.message.trim(), options: values.options.map((option) => ({ id: option.id, name: option.name.trim() })) };
}
