import { zodResolver } from "@hookform/resolvers/zod";
import { type ContactList } from "@conversa/shared";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import { useId, useMemo } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { RecordDialogContent, saveAndClose } from "../../../components/list/index.ts";
import { useContactList } from "../api/get-contact-list.ts";
import { useSaveContactList } from "../api/save-contact-list.ts";
import { type ContactListFormValues, buildContactListFormSchema } from "../utils/contact-list-form.ts";
import { hookFormFields, translatedResolver } from "../../../lib/form-errors.ts";

interface ContactListDialogProps {
  open: boolean;
  /** The list to rename; null adds a new one. */
  contactListId: number | null;
  onClose: () => void;
}

/** Add or rename a contact list. Saving waits 400 ms as every form. */
export function ContactListDialog({ open, contactListId, onClose }: ContactListDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t(contactListId === null ? "contactLists.dialog.addTitle" : "contactLists.dialog.editTitle")}</DialogTitle>
      {/* Mounted while the dialog is open: every opening starts from the server's current data. */}
      {contactListId === null ? <ContactListForm contactListId={null} list={undefined} onClose={onClose} /> : <EditContactList contactListId={contactListId} onClose={onClose} />}
    </Dialog>
  );
}

function EditContactList({ contactListId, onClose }: { contactListId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const list = useContactList(contactListId);
  return (
    <RecordDialogContent query={list} loadFailed={t("contactLists.loadFailed")}>
      {(record) => <ContactListForm contactListId={contactListId} list={record} onClose={onClose} />}
    </RecordDialogContent>
  );
}

function ContactListForm({ contactListId, list, onClose }: { contactListId: number | null; list: ContactList | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const schema = useMemo(() => buildContactListFormSchema(t), [t]);
  const save = useSaveContactList();
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<ContactListFormValues>({ resolver: translatedResolver(zodResolver(schema)), defaultValues: { name: list?.name ?? "" } });

  const onSubmit = (values: ContactListFormValues) => saveAndClose(() => save.mutateAsync({ id: contactListId, body: { name: values.name.trim() } }), t("list.saved"), onClose, hookFormFields({ getValues, setError }));

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} sx={{ display: "contents" }}>
      <DialogContent dividers>
        <TextField {...register("name")} label={t("contactLists.form.name")} required autoFocus fullWidth error={Boolean(errors.name)} helperText={errors.name?.message} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isSubmitting}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" variant="contained" loading={isSubmitting}>
          {t(contactListId === null ? "contactLists.dialog.add" : "contactLists.dialog.save")}
        </Button>
      </DialogActions>
    </Box>
  );
}
