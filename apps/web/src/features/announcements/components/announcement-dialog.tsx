import { zodResolver } from "@hookform/resolvers/zod";
import { ANNOUNCEMENT_PRIORITIES, type Announcement, TIMINGS } from "@conversa/shared";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import { useId, useMemo, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { RecordDialogContent } from "../../../components/list/index.ts";
import { showToast } from "../../../lib/toast.ts";
import { useDeleteAnnouncementMedia, useUploadAnnouncementMedia } from "../api/announcement-media.ts";
import { useAnnouncement } from "../api/get-announcement.ts";
import { useSaveAnnouncement } from "../api/save-announcement.ts";
import {
  type AnnouncementFormValues,
  type AttachmentChange,
  announcementFormValues,
  attachmentStep,
  buildAnnouncementFormSchema,
  toAnnouncementBody,
} from "../utils/announcement-form.ts";
import { PRIORITY_STYLES } from "../utils/announcement-priority.ts";
import { AnnouncementAttachmentField } from "./announcement-attachment-field.tsx";
import { hookFormFields, showFormError, translatedResolver } from "../../../lib/form-errors.ts";

interface AnnouncementDialogProps {
  open: boolean;
  /** The announcement to edit; null adds a new one. */
  announcementId: number | null;
  onClose: () => void;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Add or edit an announcement: title, text, priority, status and a picture. */
export function AnnouncementDialog({ open, announcementId, onClose }: AnnouncementDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth scroll="paper">
      <DialogTitle id={titleId}>{t(announcementId === null ? "announcements.dialog.addTitle" : "announcements.dialog.editTitle")}</DialogTitle>
      {/* Mounted while the dialog is open: every opening starts from the server's current data. */}
      {announcementId === null ? <AnnouncementForm announcement={undefined} onClose={onClose} /> : <EditAnnouncement announcementId={announcementId} onClose={onClose} />}
    </Dialog>
  );
}

function EditAnnouncement({ announcementId, onClose }: { announcementId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const announcement = useAnnouncement(announcementId);
  return (
    <RecordDialogContent query={announcement} loadFailed={t("announcements.loadFailed")}>
      {(record) => <AnnouncementForm announcement={record} onClose={onClose} />}
    </RecordDialogContent>
  );
}

function AnnouncementForm({ announcement, onClose }: { announcement: Announcement | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const schema = useMemo(() => buildAnnouncementFormSchema(t), [t]);
  const save = useSaveAnnouncement();
  const upload = useUploadAnnouncementMedia();
  const removeMedia = useDeleteAnnouncementMedia();
  // Once created, a failed upload must not create the announcement a second time: later saves change it.
  const [savedId, setSavedId] = useState<number | null>(announcement?.id ?? null);
  const [attachment, setAttachment] = useState<AttachmentChange>({ file: null, remove: false });
  const {
    register,
    control,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<AnnouncementFormValues>({ resolver: translatedResolver(zodResolver(schema)), defaultValues: announcementFormValues(announcement) });

  const onSubmit = async (values: AnnouncementFormValues) => {
    await wait(TIMINGS.formSubmitDelayMs);
    try {
      const saved = await save.mutateAsync({ id: savedId, body: toAnnouncementBody(values) });
      setSavedId(saved.id);
      const step = attachmentStep(attachment, saved.mediaPath !== null);
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
            {...register("title")}
            label={t("announcements.form.title")}
            required
            autoFocus
            fullWidth
            error={Boolean(errors.title)}
            helperText={errors.title?.message}
          />
          <TextField
            {...register("text")}
            label={t("announcements.form.text")}
            required
            multiline
            minRows={4}
            maxRows={12}
            fullWidth
            error={Boolean(errors.text)}
            helperText={errors.text?.message}
          />
          <Controller
            control={control}
            name="priority"
            render={({ field }) => (
              <TextField
                select
                label={t("announcements.form.priority")}
                value={field.value}
                onChange={(event) => field.onChange(Number(event.target.value))}
                onBlur={field.onBlur}
                name={field.name}
                fullWidth
              >
                {ANNOUNCEMENT_PRIORITIES.map((priority) => (
                  <MenuItem key={priority} value={priority}>
                    <Box component="span" sx={{ width: 10, height: 10, borderRadius: "50%", bgcolor: PRIORITY_STYLES[priority].color, mr: 1, display: "inline-block" }} />
                    {t(PRIORITY_STYLES[priority].labelKey)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={control}
            name="status"
            render={({ field }) => (
              <Box>
                <FormControlLabel
                  control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} name={field.name} />}
                  label={t("announcements.form.status")}
                />
                <FormHelperText sx={{ mt: 0 }}>{t(field.value ? "announcements.form.activeHelp" : "announcements.form.inactiveHelp")}</FormHelperText>
              </Box>
            )}
          />
          <AnnouncementAttachmentField storedName={announcement?.mediaName ?? null} value={attachment} onChange={setAttachment} disabled={isSubmitting} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isSubmitting}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" variant="contained" loading={isSubmitting}>
          {t(announcement ? "announcements.dialog.save" : "announcements.dialog.add")}
        </Button>
      </DialogActions>
    </Box>
  );
}
