import { type Contact, formatPhoneNumber } from "@conversa/shared";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmationDialog } from "../../../components/confirmation-dialog.tsx";
import { errorMessage } from "../../../lib/error-message.ts";
import { showToast } from "../../../lib/toast.ts";
import { useEraseContact } from "../api/erase-contact.ts";

const digitsOf = (value: string) => value.replace(/\D/g, "");

interface EraseContactDialogProps {
  /** The contact to erase; null keeps the dialog closed. */
  contact: Contact | null;
  onClose: () => void;
}

/**
 * Asks an admin to confirm the erasure of a contact's personal data (docs/privacy.md) by typing the
 * contact's number; the button stays off until the digits match. The server's refusals show in the dialog.
 */
export function EraseContactDialog({ contact, onClose }: EraseContactDialogProps) {
  const { t } = useTranslation();
  const erasing = useEraseContact();
  const [typed, setTyped] = useState("");
  const matches = contact !== null && digitsOf(typed) !== "" && digitsOf(typed) === digitsOf(contact.number);

  const close = () => {
    if (erasing.isPending) return;
    setTyped("");
    erasing.reset();
    onClose();
  };

  const confirm = () => {
    if (!contact || !matches) return;
    erasing.mutate(
      { id: contact.id, number: typed },
      {
        onSuccess: () => {
          showToast(t("contacts.erase.done"), "success");
          setTyped("");
          erasing.reset();
          onClose();
        },
      },
    );
  };

  return (
    <ConfirmationDialog
      open={contact !== null}
      title={t("contacts.erase.title", { name: contact?.name ?? "" })}
      message={t("contacts.erase.message")}
      confirmLabel={t("contacts.erase.confirm")}
      loading={erasing.isPending}
      confirmDisabled={!matches}
      onConfirm={confirm}
      onClose={close}
    >
      <Box component="ul" sx={{ my: 1.5, pl: 2.5, color: "text.secondary", typography: "body2", "& li": { mb: 0.5 } }}>
        <li>{t("contacts.erase.removed")}</li>
        <li>{t("contacts.erase.kept")}</li>
        <li>{t("contacts.erase.irreversible")}</li>
      </Box>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t("contacts.erase.typeNumber", { number: contact ? formatPhoneNumber(contact.number) : "" })}
      </Typography>
      <TextField
        label={t("contacts.erase.numberLabel")}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter") confirm();
        }}
        fullWidth
        size="small"
        autoComplete="off"
        slotProps={{ htmlInput: { inputMode: "tel" } }}
        disabled={erasing.isPending}
      />
      {erasing.isError ? (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {errorMessage(erasing.error)}
        </Alert>
      ) : null}
    </ConfirmationDialog>
  );
}
