import { zodResolver } from "@hookform/resolvers/zod";
import { type ContactListItem } from "@conversa/shared";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useId, useMemo } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { RecordDialogContent, saveAndClose } from "../../../components/list/index.ts";
import { useListContact } from "../api/get-list-contact.ts";
import { useSaveListContact } from "../api/save-list-contact.ts";
import { type ListContactFormValues, buildListContactFormSchema, listContactFormValues, toListContactBody } from "../utils/contact-list-form.ts";
import { hookFormFields, translatedResolver } from "../../../lib/form-errors.ts";

interface ListContactDialogProps {
  open: boolean;
  contactListId: number;
  /** The contact to edit; null adds one to the list. */
  itemId: number | null;
  onClose: () => void;
}

/** Add or edit a contact of a list: name, number, e-mail (spec admin §5). Saving waits 400 ms as every form. */
export function ListContactDialog({ open, contactListId, itemId, onClose }: ListContactDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t(itemId === null ? "listContacts.dialog.addTitle" : "listContacts.dialog.editTitle")}</DialogTitle>
      {itemId === null ? (
        <ListContactForm contactListId={contactListId} itemId={null} item={undefined} onClose={onClose} />
      ) : (
        <EditListContact contactListId={contactListId} itemId={itemId} onClose={onClose} />
      )}
    </Dialog>
  );
}

function EditListContact({ contactListId, itemId, onClose }: { contactListId: number; itemId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const item = useListContact(itemId);
  return (
    <RecordDialogContent query={item} loadFailed={t("listContacts.loadFailed")}>
      {(record) => <ListContactForm contactListId={contactListId} itemId={itemId} item={record} onClose={onClose} />}
    </RecordDialogContent>
  );
}

interface ListContactFormProps {
  contactListId: number;
  itemId: number | null;
  item: ContactListItem | undefined;
  onClose: () => void;
}

function ListContactForm({ contactListId, itemId, item, onClose }: ListContactFormProps) {
  const { t } = useTranslation();
  const schema = useMemo(() => buildListContactFormSchema(t), [t]);
  const save = useSaveListContact();
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<ListContactFormValues>({ resolver: translatedResolver(zodResolver(schema)), defaultValues: listContactFormValues(item) });

  const onSubmit = (values: ListContactFormValues) => saveAndClose(() => save.mutateAsync({ id: itemId, body: toListContactBody(values, contactListId) }), t("list.saved"), onClose, hookFormFields({ getValues, setError }));

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} sx={{ display: "contents" }}>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          <TextField {...register("name")} label={t("listContacts.form.name")} required autoFocus fullWidth error={Boolean(errors.name)} helperText={errors.name?.message} />
          <TextField
            {...register("number")}
            label={t("listContacts.form.number")}
            required
            fullWidth
            inputMode="tel"
            error={Boolean(errors.number)}
            helperText={errors.number?.message ?? t("listContacts.form.numberHint")}
          />
          <TextField {...register("email")} label={t("listContacts.form.email")} type="email" fullWidth error={Boolean(errors.email)} helperText={errors.email?.message} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isSubmitting}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" variant="contained" loading={isSubmitting}>
          {t(itemId === null ? "listContacts.dialog.add" : "listContacts.dialog.save")}
        </Button>
      </DialogActions>
    </Box>
  );
}
