import { type Contact, type ContactBody, TIMINGS, ZContactBody } from "@conversa/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { RecordDialogContent } from "../../../components/list/index.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { showToast } from "../../../lib/toast.ts";
import { useContact } from "../api/get-contact.ts";
import { useSaveContact } from "../api/save-contact.ts";
import { type ContactFormValues, contactFormValues, validationKey } from "../utils/contact-form.ts";
import { hookFormFields, showFormError, translatedResolver } from "../../../lib/form-errors.ts";

interface ContactDialogProps {
  open: boolean;
  /** The contact to edit; null adds a new one. */
  contactId: number | null;
  onClose: () => void;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Add or edit a contact: name, number, e-mail and a list of extra information (core §2, §5). */
export function ContactDialog({ open, contactId, onClose }: ContactDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t(contactId === null ? "contacts.dialog.addTitle" : "contacts.dialog.editTitle")}</DialogTitle>
      {/* Mounted while open: each opening starts from the server's current data. */}
      {open && (contactId === null ? <ContactForm contact={undefined} onClose={onClose} /> : <EditContact contactId={contactId} onClose={onClose} />)}
    </Dialog>
  );
}

function EditContact({ contactId, onClose }: { contactId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const contact = useContact(contactId);
  return (
    <RecordDialogContent query={contact} loadFailed={t("contacts.loadFailed")}>
      {(record) => <ContactForm contact={record} onClose={onClose} />}
    </RecordDialogContent>
  );
}

function ContactForm({ contact, onClose }: { contact: Contact | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveContact();
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormValues, unknown, ContactBody>({ resolver: translatedResolver(zodResolver(ZContactBody)), defaultValues: contactFormValues(contact) });
  const extraInfo = useFieldArray({ control, name: "extraInfo" });
  const errorText = (message: string | undefined) => {
    const key = validationKey(message);
    return key ? t(key) : message;
  };

  const onSubmit = async (body: ContactBody) => {
    await wait(TIMINGS.formSubmitDelayMs);
    try {
      await save.mutateAsync({ id: contact?.id ?? null, body });
    } catch (error) {
      if (error instanceof ApiError && error.code === "ERR_DUPLICATED_CONTACT") setError("number", { message: t("errors.ERR_DUPLICATED_CONTACT") });
      else showFormError(error, hookFormFields({ getValues, setError }));
      return;
    }
    showToast(t("list.saved"), "success");
    onClose();
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} sx={{ display: "contents" }}>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          <TextField {...register("name")} label={t("contacts.form.name")} required autoFocus fullWidth error={Boolean(errors.name)} helperText={errorText(errors.name?.message)} />
          <TextField
            {...register("number")}
            label={t("contacts.form.number")}
            required
            fullWidth
            disabled={contact?.isGroup === true}
            slotProps={{ htmlInput: { inputMode: "tel", maxLength: 60 } }}
            error={Boolean(errors.number)}
            helperText={errorText(errors.number?.message) ?? t("contacts.form.numberHint")}
          />
          <TextField {...register("email")} label={t("contacts.form.email")} type="email" fullWidth error={Boolean(errors.email)} helperText={errorText(errors.email?.message)} />
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <Typography component="legend" variant="subtitle2" sx={{ mb: 1.5 }}>
              {t("contacts.form.extraInfo")}
            </Typography>
            <Stack spacing={1.5}>
              {extraInfo.fields.map((field, index) => (
                <Stack key={field.id} direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "flex-start" } }}>
                  <TextField
                    {...register(`extraInfo.${index}.name`)}
                    label={t("contacts.form.extraName")}
                    size="small"
                    fullWidth
                    error={Boolean(errors.extraInfo?.[index]?.name)}
                    helperText={errorText(errors.extraInfo?.[index]?.name?.message)}
                  />
                  <TextField
                    {...register(`extraInfo.${index}.value`)}
                    label={t("contacts.form.extraValue")}
                    size="small"
                    fullWidth
                    error={Boolean(errors.extraInfo?.[index]?.value)}
                    helperText={errorText(errors.extraInfo?.[index]?.value?.message)}
                  />
                  <IconButton aria-label={t("contacts.form.removeExtra", { index: index + 1 })} onClick={() => extraInfo.remove(index)} sx={{ alignSelf: { xs: "flex-end", sm: "center" } }}>
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                </Stack>
              ))}
              <Box>
                <Button startIcon={<AddIcon />} onClick={() => extraInfo.append({ name: "", value: "" })}>
                  {t("contacts.form.addExtra")}
                </Button>
              </Box>
            </Stack>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("common.cancel")}</Button>
        <Button type="submit" variant="contained" loading={isSubmitting}>
          {t(contact ? "contacts.dialog.save" : "contacts.dialog.add")}
        </Button>
      </DialogActions>
    </Box>
  );
}
