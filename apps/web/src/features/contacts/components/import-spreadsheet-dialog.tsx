import { useTranslation } from "react-i18next";
import { SpreadsheetImportDialog } from "../../../components/spreadsheet-import/index.ts";
import { useUploadContacts } from "../api/upload-contacts.ts";

/** Imports contacts from an .xls/.xlsx file into the company's contacts (POST /contacts/upload). */
export function ImportSpreadsheetDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return <SpreadsheetImportDialog open={open} title={t("contacts.import.fileTitle")} useUpload={useUploadContacts} onClose={onClose} />;
}
