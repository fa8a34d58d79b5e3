import { zodResolver } from "@hookform/resolvers/zod";
import { type BusinessDay, type QueueDetail, TIMINGS } from "@conversa/shared";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Divider from "@mui/material/Divider";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useId, useMemo, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { RecordDialogContent } from "../../../components/list/index.ts";
import { WeeklyHoursEditor } from "../../../components/weekly-hours-editor.tsx";
import { showToast } from "../../../lib/toast.ts";
import { useScheduleType } from "../api/get-settings.ts";
import { useQueue } from "../api/get-queue.ts";
import { useAllQueues } from "../api/list-all-queues.ts";
import { useRemoveQueueMedia } from "../api/remove-queue-media.ts";
import { useSaveQueue } from "../api/save-queue.ts";
import { useStores } from "../api/stores.ts";
import { useUploadQueueMedia } from "../api/upload-queue-media.ts";
import { type QueueFormValues, buildQueueFormSchema, initialSchedule, queueFormValues, toQueueBody } from "../utils/queue-form.ts";
import { MediaAttachment } from "./media-attachment.tsx";
import { QueueColorPicker } from "./queue-color-picker.tsx";
import { QueueOptionTree } from "./queue-option-tree.tsx";
import { QueueBotPicker } from "./queue-bot-picker.tsx";
import { hookFormFields, showFormError, translatedResolver } from "../../../lib/form-errors.ts";

interface QueueDialogProps {
  open: boolean;
  /** The queue to edit; null adds a new one. */
  queueId: number | null;
  onClose: () => void;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The queue modal (spec admin §2): tab 'Dados da Fila' (fields, media, chatbot options) and, when
 * the company's scheduleType is `queue`, tab 'Horarios de Atendimento'. Saving waits 400 ms as every form.
 */
export function QueueDialog({ open, queueId, onClose }: QueueDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth scroll="paper">
      <DialogTitle id={titleId}>{t(queueId === null ? "queues.dialog.addTitle" : "queues.dialog.editTitle")}</DialogTitle>
      {/* Mounted while the dialog is open: every opening starts from the server's current data. */}
      {queueId === null ? <QueueForm queueId={null} queue={undefined} onClose={onClose} /> : <EditQueue queueId={queueId} onClose={onClose} />}
    </Dialog>
  );
}

function EditQueue({ queueId, onClose }: { queueId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const queue = useQueue(queueId);
  return (
    <RecordDialogContent query={queue} loadFailed={t("queues.loadFailed")}>
      {(record) => <QueueForm queueId={queueId} queue={record} onClose={onClose} />}
    </RecordDialogContent>
  );
}

interface QueueFormProps {
  queueId: number | null;
  queue: QueueDetail | undefined;
  onClose: () => void;
}

type TabName = "data" | "hours";

function QueueForm({ queueId, queue, onClose }: QueueFormProps) {
  const { t } = useTranslation();
  const formId = useId();
  const schema = useMemo(() => buildQueueFormSchema(t), [t]);
  const scheduleType = useScheduleType();
  const allQueues = useAllQueues();
  const stores = useStores();
  const save = useSaveQueue();
  const upload = useUploadQueueMedia();
  const removeMedia = useRemoveQueueMedia();
  const [tab, setTab] = useState<TabName>("data");
  // The hours are kept here until the queue is saved (spec admin §4).
  const [schedule, setSchedule] = useState<BusinessDay[]>(() => initialSchedule(queue));
  // A new queue's attachment waits for the queue to exist.
  const [pendingFile, setPendingFile] = useState<File | null>(null);
  // Once a new queue exists, a retry after a failed upload updates it instead of creating it twice.
  const [savedId, setSavedId] = useState<number | null>(queueId);
  const {
    control,
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<QueueFormValues>({ resolver: translatedResolver(zodResolver(schema)), defaultValues: queueFormValues(queue) });

  const hasHoursTab = scheduleType.data === "queue";
  const taken = useMemo(() => new Set((allQueues.data ?? []).filter((other) => other.id !== queueId).map((other) => other.color.toLowerCase())), [allQueues.data, queueId]);

  const changeSchedule = (next: BusinessDay[]) => {
    setSchedule(next);
    showToast(t("queues.hoursNotice"), "info");
  };

  const onSubmit = async (values: QueueFormValues) => {
    await wait(TIMINGS.formSubmitDelayMs);
    try {
      const saved = await save.mutateAsync({ id: savedId, body: toQueueBody(values, hasHoursTab ? schedule : undefined) });
      setSavedId(saved.id);
      if (pendingFile) {
        await upload.mutateAsync({ id: saved.id, file: pendingFile });
        setPendingFile(null);
      }
    } catch (error) {
      // Under the refused fields, and as the catalogue's toast; the modal stays open to fix the input.
      showFormError(error, hookFormFields({ getValues, setError }));
      return;
    }
    showToast(t("queues.saved"), "success");
    onClose();
  };

  const mediaName = queueId === null ? (pendingFile?.name ?? null) : (queue?.mediaName ?? null);
  const selectMedia = (file: File) => (queueId === null ? setPendingFile(file) : upload.mutate({ id: queueId, file }));
  const clearMedia = () => (queueId === null ? setPendingFile(null) : removeMedia.mutate(queueId));

  return (
    <>
      <Tabs value={hasHoursTab ? tab : "data"} onChange={(_event, value: TabName) => setTab(value)} sx={{ px: 3, borderBottom: 1, borderColor: "divider" }} variant="scrollable">
        <Tab value="data" label={t("queues.dialog.dataTab")} id={`${formId}-data-tab`} aria-controls={`${formId}-data`} />
        {hasHoursTab && <Tab value="hours" label={t("queues.dialog.hoursTab")} id={`${formId}-hours-tab`} aria-controls={`${formId}-hours`} />}
      </Tabs>
      <DialogContent>
        <Box role="tabpanel" id={`${formId}-data`} aria-labelledby={`${formId}-data-tab`} hidden={hasHoursTab && tab !== "data"}>
          <Box component="form" id={formId} noValidate onSubmit={handleSubmit(onSubmit, () => setTab("data"))}>
            <Stack spacing={2.5}>
              <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 160px" }, gap: 2 }}>
                <TextField {...register("name")} label={t("queues.form.name")} required autoFocus fullWidth error={Boolean(errors.name)} helperText={errors.name?.message} />
                <TextField
                  {...register("orderQueue")}
                  label={t("queues.form.orderQueue")}
                  fullWidth
                  error={Boolean(errors.orderQueue)}
                  helperText={errors.orderQueue?.message ?? t("queues.form.orderQueueHint")}
                  slotProps={{ htmlInput: { inputMode: "numeric" } }}
                />
              </Box>
              <Controller
                control={control}
                name="storeId"
                render={({ field }) => (
                  <TextField select {...field} label={t("distribution.storeField")} helperText={t("distribution.storeFieldHint")} fullWidth>
                    <MenuItem value="">{t("distribution.storeFilter.none")}</MenuItem>
                    {(stores.data ?? []).map((store) => (
                      <MenuItem key={store.id} value={String(store.id)}>
                        {store.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Controller
                control={control}
                name="color"
                render={({ field }) => <QueueColorPicker value={field.value} onChange={field.onChange} taken={taken} error={errors.color?.message} />}
              />
              <QueueBotPicker control={control} />
              <TextField {...register("greetingMessage")} label={t("queues.form.greetingMessage")} multiline minRows={3} fullWidth error={Boolean(errors.greetingMessage)} helperText={errors.greetingMessage?.message} />
              <TextField
                {...register("outOfHoursMessage")}
                label={t("queues.form.outOfHoursMessage")}
                multiline
                minRows={2}
                fullWidth
                error={Boolean(errors.outOfHoursMessage)}
                helperText={errors.outOfHoursMessage?.message}
              />
              <Box>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {t("queues.media.heading")}
                </Typography>
                <MediaAttachment subject={t("queues.media.subject")} mediaName={mediaName} busy={upload.isPending || removeMedia.isPending} onSelect={selectMedia} onRemove={clearMedia} />
              </Box>
            </Stack>
          </Box>
          <Divider sx={{ my: 3 }} />
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {t("queues.options.heading")}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {t("queues.options.hint")}
          </Typography>
          {queueId === null ? <Alert severity="info">{t("queues.options.saveFirst")}</Alert> : <QueueOptionTree queueId={queueId} />}
        </Box>
        {hasHoursTab && (
          <Box role="tabpanel" id={`${formId}-hours`} aria-labelledby={`${formId}-hours-tab`} hidden={tab !== "hours"}>
            <WeeklyHoursEditor value={schedule} onChange={changeSchedule} />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isSubmitting}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" form={formId} variant="contained" loading={isSubmitting}>
          {t(queueId === null ? "queues.dialog.add" : "queues.dialog.save")}
        </Button>
      </DialogActions>
    </>
  );
}
