import Link from "@mui/material/Link";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmationDialog } from "../../../components/confirmation-dialog.tsx";
import { SpreadsheetImportDialog } from "../../../components/spreadsheet-import/index.ts";
import { useUploadListContacts } from "../api/upload-list-contacts.ts";
import { EXAMPLE_SPREADSHEET_URL } from "../utils/example-spreadsheet.ts";

interface ImportListContactsProps {
  open: boolean;
  contactListId: number;
  onClose: () => void;
}

function ExampleLink() {
  const { t } = useTranslation();
  return (
    <Link href={EXAMPLE_SPREADSHEET_URL} download>
      {t("listContacts.import.example")}
    </Link>
  );
}

/**
 * The spreadsheet import of a list (spec admin §2): a confirmation first, with a link to the example
 * spreadsheet, then the file, the server's progress and the report of rejected rows.
 */
export function ImportListContacts({ open, contactListId, onClose }: ImportListContactsProps) {
  const { t } = useTranslation();
  const [isConfirmed, setIsConfirmed] = useState(false);
  const useUpload = () => useUploadListContacts(contactListId);
  const close = () => {
    onClose();
    setIsConfirmed(false);
  };
  return (
    <>
      <ConfirmationDialog
        open={open && !isConfirmed}
        title={t("listContacts.import.confirmTitle")}
        message={t("listContacts.import.confirmMessage")}
        confirmLabel={t("listContacts.import.continue")}
        confirmColor="primary"
        onConfirm={() => setIsConfirmed(true)}
        onClose={close}
      >
        <ExampleLink />
      </ConfirmationDialog>
      <SpreadsheetImportDialog open={open && isConfirmed} title={t("listContacts.import.title")} useUpload={useUpload} onClose={close}>
        <ExampleLink />
      </SpreadsheetImportDialog>
    </>
  );
}
