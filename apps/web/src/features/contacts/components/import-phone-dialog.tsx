import type { ContactImportReport } from "@conversa/shared";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../lib/error-message.ts";
import { useImportConnections, useImportPhoneContacts } from "../api/import-phone-contacts.ts";
import { ImportProgressBar, ImportReport, useImportProgress } from "../../../components/spreadsheet-import/index.ts";

/** Imports the address book of a connected phone (POST /contacts/import), then shows the report. */
export function ImportPhoneDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t("contacts.import.phoneTitle")}</DialogTitle>
      {open && <ImportPhone onClose={onClose} />}
    </Dialog>
  );
}

function ImportPhone({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const connections = useImportConnections(true);
  const importing = useImportPhoneContacts();
  const { progress, reset } = useImportProgress();
  // "" = the company's default connection.
  const [whatsappId, setWhatsappId] = useState<number | "">("");
  const [report, setReport] = useState<ContactImportReport | null>(null);

  const start = () => {
    reset();
    importing.mutate(whatsappId === "" ? null : whatsappId, { onSuccess: setReport });
  };

  return (
    <>
      <DialogContent dividers>
        {report ? (
          <ImportReport report={report} rowLabel="position" />
        ) : (
          <Stack spacing={2}>
            <DialogContentText>{t("contacts.import.phoneHelp")}</DialogContentText>
            <TextField
              select
              label={t("contacts.import.connection")}
              value={whatsappId}
              onChange={(event) => setWhatsappId(event.target.value === "" ? "" : Number(event.target.value))}
              disabled={importing.isPending}
              fullWidth
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">{t("contacts.import.defaultConnection")}</MenuItem>
              {(connections.data ?? []).map((connection) => (
                <MenuItem key={connection.id} value={connection.id}>
                  {connection.name}
                </MenuItem>
              ))}
            </TextField>
            {importing.isError && <Alert severity="error">{errorMessage(importing.error)}</Alert>}
            {importing.isPending && <ImportProgressBar progress={progress} />}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {report ? (
          <Button variant="contained" onClick={onClose}>
            {t("common.close")}
          </Button>
        ) : (
          <>
            <Button onClick={onClose}>{t("common.cancel")}</Button>
            <Button variant="contained" onClick={start} loading={importing.isPending}>
              {t("contacts.import.start")}
            </Button>
          </>
        )}
      </DialogActions>
    </>
  );
}
