import { CONTACT_IMPORT_LIMITS, type ContactImportReport } from "@conversa/shared";
import UploadFile from "@mui/icons-material/UploadFile";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { type ReactNode, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../lib/error-message.ts";
import { ImportProgressBar } from "./import-progress.tsx";
import { ImportReport } from "./import-report.tsx";
import { useImportProgress } from "./use-import-progress.ts";

const ACCEPT = ".xls,.xlsx,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const MAX_MB = CONTACT_IMPORT_LIMITS.maxBytes / (1024 * 1024);

/** What is wrong with a chosen file before it is sent, if anything (the server checks again, by content). */
export function fileProblem(file: File): "type" | "size" | null {
  const name = file.name.toLowerCase();
  if (!CONTACT_IMPORT_LIMITS.extensions.some((extension) => name.endsWith(extension))) return "type";
  if (file.size > CONTACT_IMPORT_LIMITS.maxBytes) return "size";
  return null;
}

/** The upload call of an import: a TanStack mutation taking the file and answering the report. */
export interface SpreadsheetUpload {
  mutate: (file: File, options: { onSuccess: (report: ContactImportReport) => void }) => void;
  reset: () => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

interface SpreadsheetImportDialogProps {
  open: boolean;
  title: string;
  /** Sends the chosen file (mounted with the dialog's content, so each opening starts afresh). */
  useUpload: () => SpreadsheetUpload;
  /** More help below the rules, such as a link to an example spreadsheet. */
  children?: ReactNode;
  onClose: () => void;
}

/**
 * Imports contacts from an .xls/.xlsx file (administration §5): pick, send with the server's progress,
 * then the report with each rejected row and its reason.
 */
export function SpreadsheetImportDialog({ open, title, useUpload, children, onClose }: SpreadsheetImportDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {open && (
        <SpreadsheetImport useUpload={useUpload} onClose={onClose}>
          {children}
        </SpreadsheetImport>
      )}
    </Dialog>
  );
}

function SpreadsheetImport({ useUpload, children, onClose }: { useUpload: () => SpreadsheetUpload; children?: ReactNode; onClose: () => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUpload();
  const { progress, reset } = useImportProgress();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ContactImportReport | null>(null);
  const problem = file ? fileProblem(file) : null;

  const choose = (chosen: File | undefined) => {
    setFile(chosen ?? null);
    setReport(null);
    upload.reset();
  };
  const send = () => {
    if (!file || problem) return;
    reset();
    upload.mutate(file, { onSuccess: setReport });
  };

  return (
    <>
      <DialogContent dividers>
        <Stack spacing={2}>
          {report ? (
            <ImportReport report={report} rowLabel="row" />
          ) : (
            <>
              <DialogContentText>{t("contacts.import.fileHelp", { rows: CONTACT_IMPORT_LIMITS.maxRows.toLocaleString(), size: MAX_MB })}</DialogContentText>
              {children}
              <input
                ref={input}
                type="file"
                accept={ACCEPT}
                hidden
                aria-label={t("contacts.import.chooseFile")}
                data-testid="spreadsheet-import-file"
                onChange={(event) => {
                  choose(event.target.files?.[0]);
                  event.target.value = "";
                }}
              />
              <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ alignItems: { sm: "center" } }}>
                <Button variant="outlined" startIcon={<UploadFile />} onClick={() => input.current?.click()} disabled={upload.isPending}>
                  {t("contacts.import.chooseFile")}
                </Button>
                <Typography variant="body2" sx={{ wordBreak: "break-all" }}>
                  {file ? t("contacts.import.chosen", { name: file.name, size: (file.size / 1024).toFixed(0) }) : t("contacts.import.noFile")}
                </Typography>
              </Stack>
              {problem && <Alert severity="error">{t(problem === "type" ? "errors.ERR_IMPORT_FILE_TYPE" : "errors.ERR_IMPORT_FILE_TOO_LARGE")}</Alert>}
              {upload.isError && <Alert severity="error">{errorMessage(upload.error)}</Alert>}
              {upload.isPending && <ImportProgressBar progress={progress} />}
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {report ? (
          <>
            <Button onClick={() => choose(undefined)}>{t("contacts.import.another")}</Button>
            <Button variant="contained" onClick={onClose}>
              {t("common.close")}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={onClose}>{t("common.cancel")}</Button>
            <Button variant="contained" onClick={send} disabled={!file || problem !== null} loading={upload.isPending}>
              {t("contacts.import.send")}
            </Button>
          </>
        )}
      </DialogActions>
    </>
  );
}
