import { zodResolver } from "@hookform/resolvers/zod";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { type QueueOptionFormValues, buildQueueOptionFormSchema } from "../utils/queue-option-form.ts";
import { hookFormFields, showFormError, translatedResolver } from "../../../lib/form-errors.ts";

interface QueueOptionFormProps {
  initial?: QueueOptionFormValues;
  submitLabel: string;
  /** Saves the option (the form then closes); a refusal keeps it open, shown under its field or as the catalogue's toast. */
  onSubmit: (values: QueueOptionFormValues) => Promise<unknown>;
  onCancel: () => void;
}

/** The inline form of an option: its title (the menu line) and the message sent when it is chosen. */
export function QueueOptionForm({ initial, submitLabel, onSubmit, onCancel }: QueueOptionFormProps) {
  const { t } = useTranslation();
  const schema = useMemo(() => buildQueueOptionFormSchema(t), [t]);
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<QueueOptionFormValues>({ resolver: translatedResolver(zodResolver(schema)), defaultValues: initial ?? { title: "", message: "" } });

  const submit = async (values: QueueOptionFormValues) => {
    try {
      await onSubmit({ title: values.title.trim(), message: values.message });
    } catch (error) {
      showFormError(error, hookFormFields({ getValues, setError }));
      return;
    }
    onCancel();
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(submit)} sx={{ p: 1.5, border: 1, borderColor: "divider", borderRadius: 1, bgcolor: "action.hover" }}>
      <Stack spacing={1.5}>
        <TextField {...register("title")} label={t("queues.options.title")} size="small" required autoFocus fullWidth error={Boolean(errors.title)} helperText={errors.title?.message} />
        <TextField
          {...register("message")}
          label={t("queues.options.message")}
          size="small"
          multiline
          minRows={2}
          fullWidth
          error={Boolean(errors.message)}
          helperText={errors.message?.message ?? t("queues.options.messageHint")}
        />
        <Box sx={{ display: "flex", justifyContent: "flex-end", gap: 1 }}>
          <Button size="small" onClick={onCancel} disabled={isSubmitting}>
            {t("common.cancel")}
          </Button>
          <Button size="small" type="submit" variant="contained" loading={isSubmitting}>
            {submitLabel}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
