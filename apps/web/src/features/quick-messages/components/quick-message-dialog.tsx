import { zodResolver } from "@hookform/resolvers/zod";
import { type QuickMessage, TIMINGS } from "@conversa/shared";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import { useId, useMemo, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { RecordDialogContent } from "../../../components/list/index.ts";
import { showToast } from "../../../lib/toast.ts";
import { useQuickMessage } from "../api/get-quick-message.ts";
import { useDeleteQuickMessageMedia, useUploadQuickMessageMedia } from "../api/quick-message-media.ts";
import { useSaveQuickMessage } from "../api/save-quick-message.ts";
import { type QuickMessageActor, canChangeSharing } from "../utils/quick-message-permissions.ts";
import {
  type AttachmentChange,
  type QuickMessageFormValues,
  attachmentStep,
  buildQuickMessageFormSchema,
  quickMessageFormValues,
  toQuickMessageBody,
} from "../utils/quick-message-form.ts";
import { AttachmentField } from "./attachment-field.tsx";
import { hookFormFields, showFormError, translatedResolver } from "../../../lib/form-errors.ts";

interface QuickMessageDialogProps {
  open: boolean;
  /** The reply to edit; null adds a new one. */
  quickMessageId: number | null;
  actor: QuickMessageActor;
  onClose: () => void;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Add or edit a quick reply: shortcode, message, shared or personal, and an attachment. */
export function QuickMessageDialog({ open, quickMessageId, actor, onClose }: QuickMessageDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth scroll="paper">
      <DialogTitle id={titleId}>{t(quickMessageId === null ? "quickMessages.dialog.addTitle" : "quickMessages.dialog.editTitle")}</DialogTitle>
      {/* Mounted while the dialog is open: every opening starts from the server's current data. */}
      {quickMessageId === null ? (
        <QuickMessageForm quick={undefined} actor={actor} onClose={onClose} />
      ) : (
        <EditQuickMessage quickMessageId={quickMessageId} actor={actor} onClose={onClose} />
      )}
    </Dialog>
  );
}

function EditQuickMessage({ quickMessageId, actor, onClose }: { quickMessageId: number; actor: QuickMessageActor; onClose: () => void }) {
  const { t } = useTranslation();
  const quick = useQuickMessage(quickMessageId);
  return (
    <RecordDialogContent query={quick} loadFailed={t("quickMessages.loadFailed")}>
      {(record) => <QuickMessageForm quick={record} actor={actor} onClose={onClose} />}
    </RecordDialogContent>
  );
}

interface QuickMessageFormProps {
  quick: QuickMessage | undefined;
  actor: QuickMessageActor;
  onClose: () => void;
}

function QuickMessageForm({ quick, actor, onClose }: QuickMessageFormProps) {
  const { t } = useTranslation();
  const schema = useMemo(() => buildQuickMessageFormSchema(t), [t]);
  const save = useSaveQuickMessage();
  const upload = useUploadQuickMessageMedia();
  const removeMedia = useDeleteQuickMessageMedia();
  // Once created, a failed upload must not create the reply a second time: later saves change it.
  const [savedId, setSavedId] = useState<number | null>(quick?.id ?? null);
  const [attachment, setAttachment] = useState<AttachmentChange>({ file: null, remove: false });
  const mayChangeSharing = canChangeSharing(actor, quick);
  const {
    register,
    control,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<QuickMessageFormValues>({ resolver: translatedResolver(zodResolver(schema)), defaultValues: quickMessageFormValues(quick) });

  const onSubmit = async (values: QuickMessageFormValues) => {
    await wait(TIMINGS.formSubmitDelayMs);
    try {
      const saved = await save.mutateAsync({ id: savedId, body: toQuickMessageBody(values) });
      setSavedId(saved.id);
      const step = attachmentStep(attachment, saved.isMedia);
      if (step === "upload" && attachment.file) await upload.mutateAsync({ id: saved.id, file: attachment.file });
      if (step === "delete") await removeMedia.mutateAsync(saved.id);
    } catch (error) {
      // Under the refused fields, and as the catalogue's toast; the dialog stays open to fix the input.
      showFormError(error, hookFormFields({ getValues, setError }));
      return;
    }
    showToast(t("list.saved"), "success");
    onClose();
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} sx={{ display: "contents" }}>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          <TextField
            {...register("shortcode")}
            label={t("quickMessages.form.shortcode")}
            required
            autoFocus
            fullWidth
            error={Boolean(errors.shortcode)}
            helperText={errors.shortcode?.message ?? t("quickMessages.form.shortcodeHelp")}
          />
          <TextField
            {...register("message")}
            label={t("quickMessages.form.message")}
            multiline
            minRows={3}
            maxRows={10}
            fullWidth
            error={Boolean(errors.message)}
            helperText={errors.message?.message}
          />
          <Controller
            control={control}
            name="geral"
            render={({ field }) => (
              <Box>
                <FormControlLabel
                  control={<Switch checked={field.value} disabled={!mayChangeSharing} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} name={field.name} />}
                  label={t("quickMessages.form.geral")}
                />
                <FormHelperText sx={{ mt: 0 }}>{t(field.value ? "quickMessages.form.geralHelp" : "quickMessages.form.personalHelp")}</FormHelperText>
              </Box>
            )}
          />
          <AttachmentField storedName={quick?.mediaName ?? null} value={attachment} onChange={setAttachment} disabled={isSubmitting} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isSubmitting}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" variant="contained" loading={isSubmitting}>
          {t(quick ? "quickMessages.dialog.save" : "quickMessages.dialog.add")}
        </Button>
      </DialogActions>
    </Box>
  );
}
