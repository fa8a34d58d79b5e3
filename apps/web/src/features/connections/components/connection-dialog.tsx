import { zodResolver } from "@hookform/resolvers/zod";
import { CONNECTION_PROVIDERS, type Queue, TIMINGS } from "@conversa/shared";
import Autorenew from "@mui/icons-material/Autorenew";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import InputAdornment from "@mui/material/InputAdornment";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import Alert from "@mui/material/Alert";
import { type ReactNode, useId, useMemo, useState } from "react";
import { Controller, type FieldErrors, type UseFormRegister, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { CopyField } from "../../../components/copy-field.tsx";
import { RecordDialogContent } from "../../../components/list/index.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { showToast } from "../../../lib/toast.ts";
import { useConnection } from "../api/get-connection.ts";
import { usePromptChoices } from "../api/list-prompts.ts";
import { useQueues } from "../api/list-queues.ts";
import { useSaveConnection } from "../api/save-connection.ts";
import {
  type ConnectionFormSchema,
  type ConnectionFormSource,
  buildConnectionFormSchema,
  connectionFormValues,
  generateToken,
  isTokenRefused,
  toConnectionBody,
} from "../utils/connection-form.ts";
import { hookFormFields, showFormError, translatedResolver } from "../../../lib/form-errors.ts";

type FormInput = z.input<ConnectionFormSchema>;
type FormOutput = z.output<ConnectionFormSchema>;

interface ConnectionDialogProps {
  open: boolean;
  /** The connection to edit; null adds a new one. */
  connectionId: number | null;
  onClose: () => void;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" color="text.secondary" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 2 }}>{children}</Box>
    </Box>
  );
}

const fullRow = { gridColumn: { sm: "1 / -1" } } as const;

/** Add or edit a connection (spec core §2 dialogs); saving is delayed 400 ms as every form (spec core §5). */
export function ConnectionDialog({ open, connectionId, onClose }: ConnectionDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  // An official-line connection just created stays open, as edited, to show its webhook's details.
  const [createdId, setCreatedId] = useState<number | null>(null);
  const close = () => {
    setCreatedId(null);
    onClose();
  };
  const editedId = connectionId ?? createdId;
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="md" fullWidth scroll="paper">
      <DialogTitle id={titleId}>{t(editedId === null ? "connections.dialog.addTitle" : "connections.dialog.editTitle")}</DialogTitle>
      {/* Mounted while the dialog is open: every opening starts from the server's current data. */}
      {editedId === null ? (
        <ConnectionForm connectionId={null} source={undefined} onClose={close} onCreatedCloud={setCreatedId} />
      ) : (
        <EditConnection connectionId={editedId} justCreated={createdId !== null} onClose={close} />
      )}
    </Dialog>
  );
}

function EditConnection({ connectionId, justCreated, onClose }: { connectionId: number; justCreated: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useConnection(connectionId);
  return (
    <RecordDialogContent query={detail} loadFailed={t("connections.loadFailed")}>
      {(record) => <ConnectionForm connectionId={connectionId} source={record} justCreated={justCreated} onClose={onClose} />}
    </RecordDialogContent>
  );
}

interface ConnectionFormProps {
  connectionId: number | null;
  source: ConnectionFormSource | undefined;
  /** The official-line connection was created a moment ago in this dialog: say what to do next. */
  justCreated?: boolean;
  onClose: () => void;
  /** A new official-line connection was saved: the dialog shows it, with its webhook's details. */
  onCreatedCloud?: (id: number) => void;
}

function ConnectionForm({ connectionId, source, justCreated = false, onClose, onCreatedCloud }: ConnectionFormProps) {
  const { t } = useTranslation();
  const isNew = connectionId === null;
  const schema = useMemo(() => buildConnectionFormSchema(t, { isNew }), [t, isNew]);
  const queues = useQueues();
  const prompts = usePromptChoices();
  const save = useSaveConnection();
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: translatedResolver(zodResolver(schema)),
    defaultValues: connectionFormValues(source),
  });

  const onSubmit = async (values: FormOutput) => {
    await wait(TIMINGS.formSubmitDelayMs);
    let saved;
    try {
      saved = await save.mutateAsync({ id: connectionId, body: toConnectionBody(values) });
    } catch (error) {
      // Under the refused fields and as the catalogue's toast; the dialog stays open to fix the input.
      showFormError(error, hookFormFields({ getValues, setError }));
      if (error instanceof ApiError && error.code === "ERR_VALIDATION" && isTokenRefused(error.details)) setError("token", { message: t("connections.validation.token") });
      return;
    }
    showToast(t("connections.toasts.saved"), "success");
    if (isNew && saved.provider === "cloud" && onCreatedCloud) {
      onCreatedCloud(saved.id);
      return;
    }
    onClose();
  };
  const provider = useWatch({ control, name: "provider" });
  // The official line's fields and webhook belong to the connection as created: its type does not change.
  const providerLocked = !isNew && (source?.provider === "cloud" || provider === "cloud");

  const queueList: Queue[] = queues.data ?? [];
  const queueName = (id: number) => queueList.find((queue) => queue.id === id)?.name ?? String(id);
  const queueColor = (id: number) => queueList.find((queue) => queue.id === id)?.color;
  const text = (name: "greetingMessage" | "complationMessage" | "outOfHoursMessage" | "ratingMessage" | "expiresInactiveMessage", helper?: string) => (
    <TextField
      {...register(name)}
      label={t(`connections.form.${name}`)}
      multiline
      minRows={2}
      maxRows={6}
      fullWidth
      error={Boolean(errors[name])}
      helperText={errors[name]?.message ?? helper}
    />
  );
  const minutes = (name: "expiresTicket" | "timeToTransfer" | "maxUseBotQueues" | "timeUseBotQueues", helper?: string) => (
    <TextField
      {...register(name)}
      label={t(`connections.form.${name}`)}
      type="number"
      fullWidth
      slotProps={{ htmlInput: { min: 0, step: 1 } }}
      error={Boolean(errors[name])}
      helperText={errors[name]?.message ?? helper}
    />
  );

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} sx={{ display: "contents" }}>
      <DialogContent dividers>
        <Stack spacing={3}>
          <Section title={t("connections.dialog.general")}>
            <TextField
              {...register("name")}
              label={t("connections.form.name")}
              required
              autoFocus
              fullWidth
              error={Boolean(errors.name)}
              helperText={errors.name?.message}
            />
            <Controller
              control={control}
              name="provider"
              render={({ field }) => (
                <TextField
                  select
                  label={t("connections.form.provider")}
                  fullWidth
                  name={field.name}
                  value={field.value ?? "beta"}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  disabled={providerLocked}
                  helperText={providerLocked ? t("connections.cloud.providerLocked") : undefined}
                >
                  {CONNECTION_PROVIDERS.map((option) => (
                    <MenuItem key={option} value={option} disabled={!isNew && option === "cloud"}>
                      {t(`connections.providers.${option}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              control={control}
              name="queueIds"
              render={({ field }) => (
                <TextField
                  select
                  label={t("connections.form.queues")}
                  fullWidth
                  name={field.name}
                  value={field.value ?? []}
                  onChange={(event) => {
                    const value: unknown = event.target.value;
                    field.onChange(Array.isArray(value) ? value.map(Number) : []);
                  }}
                  onBlur={field.onBlur}
                  helperText={queues.isSuccess && queueList.length === 0 ? t("connections.form.noQueues") : undefined}
                  slotProps={{
                    select: {
                      multiple: true,
                      renderValue: (selected) => (
                        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5 }}>
                          {(Array.isArray(selected) ? selected.map(Number) : []).map((id) => (
                            <Chip key={id} size="small" label={queueName(id)} sx={{ borderLeft: 4, borderColor: queueColor(id) ?? "divider" }} />
                          ))}
                        </Box>
                      ),
                    },
                  }}
                >
                  {queueList.map((queue) => (
                    <MenuItem key={queue.id} value={queue.id}>
                      <Box component="span" sx={{ width: 12, height: 12, borderRadius: "50%", bgcolor: queue.color, mr: 1, flexShrink: 0 }} />
                      {queue.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              control={control}
              name="isDefault"
              render={({ field }) => (
                <FormControlLabel
                  control={<Switch checked={field.value ?? false} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} name={field.name} />}
                  label={t("connections.form.isDefault")}
                />
              )}
            />
          </Section>

          {provider === "cloud" ? <CloudSection register={register} errors={errors} source={source} justCreated={justCreated} /> : null}

          <Section title={t("connections.dialog.messages")}>
            <Box sx={fullRow}>{text("greetingMessage", t("connections.form.greetingHelp"))}</Box>
            {text("complationMessage")}
            {text("outOfHoursMessage")}
            {text("ratingMessage")}
            {text("expiresInactiveMessage")}
          </Section>

          <Section title={t("connections.dialog.automation")}>
            {minutes("expiresTicket", t("connections.form.expiresTicketHelp"))}
            {minutes("maxUseBotQueues")}
            {minutes("timeUseBotQueues")}
            {minutes("timeToTransfer")}
            <Controller
              control={control}
              name="transferQueueId"
              render={({ field }) => (
                <TextField
                  select
                  label={t("connections.form.transferQueue")}
                  fullWidth
                  name={field.name}
                  value={field.value ?? ""}
                  onChange={(event) => field.onChange(event.target.value === "" ? null : Number(event.target.value))}
                  onBlur={field.onBlur}
                  error={Boolean(errors.transferQueueId)}
                  helperText={errors.transferQueueId?.message}
                >
                  <MenuItem value="">
                    <em>{t("connections.form.noTransferQueue")}</em>
                  </MenuItem>
                  {queueList.map((queue) => (
                    <MenuItem key={queue.id} value={queue.id}>
                      {queue.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              control={control}
              name="promptId"
              render={({ field }) =>
                // Shown when the plan has AI prompts (the list answered), or to keep a prompt already chosen.
                prompts.isSuccess || (field.value ?? null) !== null ? (
                  <TextField
                    select
                    label={t("connections.form.prompt")}
                    fullWidth
                    sx={fullRow}
                    name={field.name}
                    value={field.value ?? ""}
                    onChange={(event) => field.onChange(event.target.value === "" ? null : Number(event.target.value))}
                    onBlur={field.onBlur}
                    error={Boolean(errors.promptId)}
                    helperText={errors.promptId?.message ?? t("connections.form.promptHelp")}
                  >
                    <MenuItem value="">
                      <em>{t("connections.form.noPrompt")}</em>
                    </MenuItem>
                    {(prompts.data ?? []).map((prompt) => (
                      <MenuItem key={prompt.id} value={prompt.id}>
                        {prompt.name}
                      </MenuItem>
                    ))}
                    {/* A stored prompt the first page does not show stays as it is. */}
                    {field.value && !(prompts.data ?? []).some((prompt) => prompt.id === field.value) ? <MenuItem value={field.value}>{`#${field.value}`}</MenuItem> : null}
                  </TextField>
                ) : (
                  <></>
                )
              }
            />
          </Section>

          <Section title={t("connections.dialog.api")}>
            <TextField
              {...register("token")}
              label={t("connections.form.token")}
              fullWidth
              sx={fullRow}
              error={Boolean(errors.token)}
              helperText={errors.token?.message ?? t("connections.form.tokenHelp")}
              slotProps={{
                htmlInput: { spellCheck: false, autoComplete: "off" },
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <Button size="small" startIcon={<Autorenew />} onClick={() => setValue("token", generateToken(), { shouldDirty: true })}>
                        {t("connections.form.generateToken")}
                      </Button>
                    </InputAdornment>
                  ),
                },
              }}
            />
          </Section>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isSubmitting}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" variant="contained" loading={isSubmitting}>
          {t(connectionId === null ? "connections.dialog.add" : "connections.dialog.save")}
        </Button>
      </DialogActions>
    </Box>
  );
}

interface CloudSectionProps {
  register: UseFormRegister<FormInput>;
  errors: FieldErrors<FormInput>;
  source: ConnectionFormSource | undefined;
  justCreated: boolean;
}

/** The official line's credentials, and where Meta must call it (once saved): what to paste in Meta's app dashboard. */
function CloudSection({ register, errors, source, justCreated }: CloudSectionProps) {
  const { t } = useTranslation();
  const stored = source?.cloud ?? null;
  const secretHelp = (isSet: boolean | undefined, hint: string) =>
    `${stored === null ? t("connections.cloud.secretHelpNew") : isSet ? t("connections.cloud.secretKept") : t("connections.cloud.secretMissing")} ${hint}`;
  return (
    <Section title={t("connections.cloud.title")}>
      <Typography variant="body2" color="text.secondary" sx={fullRow}>
        {t("connections.cloud.intro")}
      </Typography>
      {(["phoneNumberId", "businessAccountId"] as const).map((name) => (
        <TextField
          key={name}
          {...register(`cloud.${name}`)}
          label={t(`connections.cloud.${name}`)}
          required
          fullWidth
          slotProps={{ htmlInput: { inputMode: "numeric", spellCheck: false, autoComplete: "off" } }}
          error={Boolean(errors.cloud?.[name])}
          helperText={errors.cloud?.[name]?.message}
        />
      ))}
      {(
        [
          ["accessToken", stored?.hasAccessToken],
          ["appSecret", stored?.hasAppSecret],
        ] as const
      ).map(([name, isSet]) => (
        <TextField
          key={name}
          {...register(`cloud.${name}`)}
          label={t(`connections.cloud.${name}`)}
          type="password"
          required={stored === null}
          fullWidth
          slotProps={{ htmlInput: { spellCheck: false, autoComplete: "new-password" } }}
          error={Boolean(errors.cloud?.[name])}
          helperText={errors.cloud?.[name]?.message ?? secretHelp(isSet, t(`connections.cloud.${name}Hint`))}
        />
      ))}
      <Box sx={fullRow}>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          {t("connections.cloud.webhookTitle")}
        </Typography>
        {stored === null ? (
          <Typography variant="body2" color="text.secondary">
            {t("connections.cloud.webhookAfterSave")}
          </Typography>
        ) : (
          <Stack spacing={2}>
            {justCreated ? <Alert severity="success">{t("connections.cloud.created")}</Alert> : null}
            <Typography variant="body2" color="text.secondary">
              {t("connections.cloud.webhookSteps")}
            </Typography>
            {/* Without PUBLIC_URL the server gives the path alone: this page's origin is the installation's. */}
            {stored.webhookUrl !== null ? <CopyField label={t("connections.cloud.webhookUrl")} value={new URL(stored.webhookUrl, window.location.origin).href} /> : null}
            {stored.verifyToken !== null ? <CopyField label={t("connections.cloud.verifyToken")} value={stored.verifyToken} /> : null}
          </Stack>
        )}
      </Box>
    </Section>
  );
}
