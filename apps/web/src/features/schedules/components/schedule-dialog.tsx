import { type Schedule, TIMINGS } from "@conversa/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useId, useMemo, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { ConfirmationDialog } from "../../../components/confirmation-dialog.tsx";
import { PageLoader } from "../../../components/page-loader.tsx";
import { DATE_PATTERNS, formatDate } from "../../../lib/date.ts";
import { currentLanguage } from "../../../lib/i18n.ts";
import { showToast } from "../../../lib/toast.ts";
import { useDeleteSchedule } from "../api/delete-schedule.ts";
import { useSchedule } from "../api/get-schedule.ts";
import { useRemoveScheduleMedia } from "../api/remove-schedule-media.ts";
import { useSaveSchedule } from "../api/save-schedule.ts";
import { ContactSearchField } from "../../../components/contact-search/contact-search-field.tsx";
import type { ContactOption } from "../../../components/contact-search/search-contacts.ts";
import { useUploadScheduleMedia } from "../api/upload-schedule-media.ts";
import { type ScheduleFormSchema, buildScheduleFormSchema, defaultSendAt, fromLocalInput, isAllowedAttachment, toLocalInput } from "../utils/schedule-form.ts";
import { AttachmentField } from "./attachment-field.tsx";
import { hookFormFields, showFormError, translatedResolver } from "../../../lib/form-errors.ts";

type FormInput = z.input<ScheduleFormSchema>;
type FormOutput = z.output<ScheduleFormSchema>;

export interface ScheduleDialogProps {
  open: boolean;
  /** The schedule to show or edit; null (or absent) schedules a new message. */
  scheduleId?: number | null;
  /** A new schedule's contact (the ticket's, from the conversation). */
  contact?: ContactOption | null;
  /** A new schedule's moment (a calendar slot); now plus 1 hour otherwise. */
  sendAt?: Date | null;
  onClose: () => void;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The schedule message dialog (spec core §2, §4, §5): contact, message, moment and an optional image.
 * The title shows the status; a sent schedule is shown without the submit button.
 */
export function ScheduleDialog({ open, scheduleId = null, contact = null, sendAt = null, onClose }: ScheduleDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth scroll="paper">
      {/* Mounted while open: every opening starts from the server's current data. */}
      {open && scheduleId !== null ? <EditSchedule scheduleId={scheduleId} titleId={titleId} onClose={onClose} /> : null}
      {open && scheduleId === null ? <ScheduleForm titleId={titleId} source={undefined} presetContact={contact} presetSendAt={sendAt} onClose={onClose} /> : null}
    </Dialog>
  );
}

function EditSchedule({ scheduleId, titleId, onClose }: { scheduleId: number; titleId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useSchedule(scheduleId);
  if (!detail.isFetchedAfterMount || !detail.data) {
    return (
      <>
        <DialogTitle id={titleId}>{t("schedules.dialog.title.PENDENTE")}</DialogTitle>
        <DialogContent>{detail.isError ? <Alert severity="error">{t("schedules.dialog.loadFailed")}</Alert> : <PageLoader />}</DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("common.close")}</Button>
        </DialogActions>
      </>
    );
  }
  return <ScheduleForm titleId={titleId} source={detail.data} presetContact={null} presetSendAt={null} onClose={onClose} />;
}

interface ScheduleFormProps {
  titleId: string;
  source: Schedule | undefined;
  presetContact: ContactOption | null;
  presetSendAt: Date | null;
  onClose: () => void;
}

function ScheduleForm({ titleId, source, presetContact, presetSendAt, onClose }: ScheduleFormProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const schema = useMemo(() => buildScheduleFormSchema(t), [t]);
  const save = useSaveSchedule();
  const upload = useUploadScheduleMedia();
  const removeMedia = useRemoveScheduleMedia();
  const remove = useDeleteSchedule();
  // Once saved (even if its attachment failed), the next submit changes the same schedule.
  const [savedId, setSavedId] = useState<number | null>(source?.id ?? null);
  const [contact, setContact] = useState<ContactOption | null>(source?.contact ?? presetContact);
  const [file, setFile] = useState<File | null>(null);
  const [dropStored, setDropStored] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const isSent = Boolean(source?.sentAt);
  const status = source?.status ?? "PENDENTE";

  const {
    register,
    control,
    handleSubmit,
    setError,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: translatedResolver(zodResolver(schema)),
    defaultValues: {
      body: source?.body ?? "",
      contactId: source?.contactId ?? presetContact?.id ?? null,
      sendAt: toLocalInput(source ? new Date(source.sendAt) : (presetSendAt ?? defaultSendAt())),
    },
  });

  // The browser shows the input in its own format: the moment is also written the product's way (dd/MM/yy HH:mm).
  const sendAtLabel = (value: string) => {
    const date = fromLocalInput(value);
    return date ? t("schedules.dialog.sendAtPreview", { date: formatDate(date, DATE_PATTERNS.dateTime, language) }) : undefined;
  };
  const storedName = dropStored ? null : (source?.mediaName ?? null);
  const attachmentName = file?.name ?? storedName;

  const onSubmit = async (values: FormOutput) => {
    await wait(TIMINGS.formSubmitDelayMs);
    try {
      const saved = await save.mutateAsync({ id: savedId, body: values });
      setSavedId(saved.id);
      if (file) await upload.mutateAsync({ id: saved.id, file });
      else if (dropStored && saved.mediaPath) await removeMedia.mutateAsync(saved.id);
      showToast(t("schedules.toasts.saved"), "success");
      onClose();
    } catch (error) {
      // Under the refused fields and as a toast; the dialog stays open to correct it.
      showFormError(error, hookFormFields({ getValues, setError }));
    }
  };

  const onDelete = async () => {
    if (savedId === null) return;
    try {
      await remove.mutateAsync(savedId);
      showToast(t("schedules.toasts.deleted"), "success");
      setConfirmDelete(false);
      onClose();
    } catch {
      setConfirmDelete(false);
    }
  };

  return (
    <>
      <DialogTitle id={titleId}>{t(`schedules.dialog.title.${status}`)}</DialogTitle>
      <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} sx={{ display: "contents" }}>
        <DialogContent dividers>
          <Stack spacing={2.5}>
            {status === "ERRO" ? <Alert severity="error">{t("schedules.dialog.failed")}</Alert> : null}
            {isSent && source?.sentAt ? (
              <Alert severity="success">{t("schedules.dialog.sentAt", { date: formatDate(source.sentAt, DATE_PATTERNS.dateTime, language), ticket: source.ticketId ?? "—" })}</Alert>
            ) : null}
            <ContactSearchField
              label={t("schedules.dialog.contact")}
              value={contact}
              disabled={isSent}
              autoFocus={!contact}
              error={errors.contactId?.message}
              onChange={(next) => {
                setContact(next);
                setValue("contactId", next?.id ?? null, { shouldValidate: next !== null });
              }}
            />
            <TextField
              {...register("body")}
              label={t("schedules.dialog.body")}
              required
              multiline
              minRows={3}
              maxRows={10}
              disabled={isSent}
              autoFocus={Boolean(contact) && !source}
              error={Boolean(errors.body)}
              helperText={errors.body?.message}
            />
            <Controller
              control={control}
              name="sendAt"
              render={({ field }) => (
                <TextField
                  {...field}
                  type="datetime-local"
                  label={t("schedules.dialog.sendAt")}
                  required
                  disabled={isSent}
                  error={Boolean(errors.sendAt)}
                  helperText={errors.sendAt?.message ?? sendAtLabel(field.value)}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              )}
            />
            <AttachmentField
              name={attachmentName}
              error={fileError}
              readOnly={isSent}
              onPick={(picked) => {
                if (!isAllowedAttachment(picked.name)) {
                  setFileError(t("schedules.validation.attachmentType"));
                  return;
                }
                setFileError(null);
                setFile(picked);
              }}
              onRemove={() => {
                if (file) setFile(null);
                else setDropStored(true);
              }}
            />
            {source?.user ? (
              <Typography variant="body2" color="text.secondary">
                {t("schedules.dialog.createdBy", { name: source.user.name })}
              </Typography>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ flexWrap: "wrap", gap: 1 }}>
          {savedId !== null && !isSent ? (
            <Button color="error" onClick={() => setConfirmDelete(true)} disabled={isSubmitting} sx={{ mr: "auto" }}>
              {t("schedules.dialog.delete")}
            </Button>
          ) : null}
          <Button onClick={onClose} disabled={isSubmitting}>
            {t(isSent ? "common.close" : "common.cancel")}
          </Button>
          {isSent ? null : (
            <Button type="submit" variant="contained" loading={isSubmitting}>
              {t(savedId === null ? "schedules.dialog.add" : "schedules.dialog.save")}
            </Button>
          )}
        </DialogActions>
      </Box>
      <ConfirmationDialog
        open={confirmDelete}
        title={t("schedules.confirmDelete.title")}
        message={t("schedules.confirmDelete.message", { contact: contact?.name ?? "" })}
        confirmLabel={t("schedules.confirmDelete.confirm")}
        loading={remove.isPending}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() => void onDelete()}
      />
    </>
  );
}
