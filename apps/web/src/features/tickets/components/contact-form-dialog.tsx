import { type ContactBody, TIMINGS, ZContactBody } from "@conversa/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { useCreateContact } from "../api/create-contact.ts";
import type { ContactOption } from "../../../components/contact-search/search-contacts.ts";
import { wait } from "../utils/wait.ts";
import { hookFormFields, showFormError, translatedResolver } from "../../../lib/form-errors.ts";

/** The shared contact rules' messages (core §5), as the locale words them. */
const VALIDATION_KEYS = new Map<string, `tickets.contactForm.${"required" | "tooShort" | "tooLong" | "invalidEmail"}`>([
  ["Required", "tickets.contactForm.required"],
  ["Too Short!", "tickets.contactForm.tooShort"],
  ["Too Long!", "tickets.contactForm.tooLong"],
  ["Invalid email", "tickets.contactForm.invalidEmail"],
]);

interface ContactFormDialogProps {
  /** The name typed in the contact search; the dialog is open while it is set. */
  initialName: string | null;
  onClose: () => void;
  onCreated: (contact: ContactOption) => void;
}

/** A small form that adds a contact from the new-ticket dialog (POST /contacts). */
export function ContactFormDialog({ initialName, onClose, onCreated }: ContactFormDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={initialName !== null} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="contact-form-title">
      <DialogTitle id="contact-form-title">{t("tickets.contactForm.title")}</DialogTitle>
      {initialName !== null ? <ContactForm initialName={initialName} onClose={onClose} onCreated={onCreated} /> : null}
    </Dialog>
  );
}

function ContactForm({ initialName, onClose, onCreated }: { initialName: string; onClose: () => void; onCreated: (contact: ContactOption) => void }) {
  const { t } = useTranslation();
  const validationText = (message: string | undefined) => {
    const key = message === undefined ? undefined : VALIDATION_KEYS.get(message);
    return key ? t(key) : message;
  };
  const create = useCreateContact();
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof ZContactBody>, unknown, ContactBody>({
    resolver: translatedResolver(zodResolver(ZContactBody)),
    defaultValues: { name: initialName, number: "", email: "" },
  });

  const onSubmit = async (values: ContactBody) => {
    await wait(TIMINGS.formSubmitDelayMs);
    try {
      const contact = await create.mutateAsync({ name: values.name, number: values.number, ...(values.email ? { email: values.email } : {}) });
      onCreated(contact);
    } catch (error) {
      // Under the refused fields and as a toast (e.g. the number already exists); the form stays open.
      showFormError(error, hookFormFields({ getValues, setError }));
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        // The form sits inside the new-ticket form in the React tree: keep the submit to itself.
        event.stopPropagation();
        void handleSubmit(onSubmit)(event);
      }}
    >
      <DialogContent dividers>
        <Stack spacing={2}>
          <TextField {...register("name")} label={t("tickets.contactForm.name")} required autoFocus fullWidth error={Boolean(errors.name)} helperText={validationText(errors.name?.message)} />
          <TextField
            {...register("number")}
            label={t("tickets.contactForm.number")}
            required
            fullWidth
            slotProps={{ htmlInput: { inputMode: "tel", maxLength: 60 } }}
            error={Boolean(errors.number)}
            helperText={validationText(errors.number?.message) ?? t("tickets.contactForm.numberHint")}
          />
          <TextField {...register("email")} label={t("tickets.contactForm.email")} type="email" fullWidth error={Boolean(errors.email)} helperText={validationText(errors.email?.message)} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("common.cancel")}</Button>
        <Button type="submit" variant="contained" disabled={isSubmitting}>
          {t("tickets.contactForm.save")}
        </Button>
      </DialogActions>
    </form>
  );
}
