import { zodResolver } from "@hookform/resolvers/zod";
import { CAMPAIGN_SLOTS, type Campaign, TIMINGS } from "@conversa/shared";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useEffect, useId, useMemo, useState } from "react";
import { Controller, type FieldPath, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { RecordDialogContent } from "../../../components/list/index.ts";
import { showToast } from "../../../lib/toast.ts";
import { useDeleteCampaignMedia, useUploadCampaignMedia } from "../api/campaign-media.ts";
import { type CampaignOption, useCampaignOptions } from "../api/campaign-options.ts";
import { useCampaignSettings } from "../api/campaign-settings.ts";
import { useCampaign } from "../api/get-campaign.ts";
import { useSaveCampaign } from "../api/save-campaign.ts";
import {
  type CampaignFormValues,
  type CampaignSlot,
  NO_TAG,
  buildCampaignFormSchema,
  campaignFormValues,
  campaignPlaceholders,
  textsOnlyBody,
  toCampaignBody,
} from "../utils/campaign-form.ts";
import { type CampaignEditability, campaignEditability } from "../utils/campaign-status.ts";
import { type CampaignAttachmentChange, CampaignAttachmentField } from "./campaign-attachment-field.tsx";
import { CampaignTemplateField } from "./campaign-template-field.tsx";
import { hookFormFields, showFormError, translatedResolver } from "../../../lib/form-errors.ts";

interface CampaignDialogProps {
  open: boolean;
  /** The campaign to edit; null adds a new one. */
  campaignId: number | null;
  onClose: () => void;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Add or edit a campaign (spec admin §2, §4): editable as its status allows, read-only otherwise. */
export function CampaignDialog({ open, campaignId, onClose }: CampaignDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth scroll="paper">
      <DialogTitle id={titleId}>{t(campaignId === null ? "campaigns.dialog.addTitle" : "campaigns.dialog.editTitle")}</DialogTitle>
      {/* Mounted while the dialog is open: every opening starts from the server's current data. */}
      {campaignId === null ? <CampaignForm campaign={undefined} onClose={onClose} /> : <EditCampaign campaignId={campaignId} onClose={onClose} />}
    </Dialog>
  );
}

function EditCampaign({ campaignId, onClose }: { campaignId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const campaign = useCampaign(campaignId);
  return (
    <RecordDialogContent query={campaign} loadFailed={t("campaigns.loadFailed")}>
      {(record) => <CampaignForm campaign={record} onClose={onClose} />}
    </RecordDialogContent>
  );
}

function ChoiceField({
  label,
  value,
  onChange,
  options,
  empty,
  disabled,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly CampaignOption[];
  /** The choice of none: its value and label. */
  empty: { value: string; label: string };
  disabled: boolean;
  error?: string | undefined;
}) {
  // A stored choice not (yet) among the options is still shown as chosen.
  const known = value === empty.value || options.some((option) => String(option.id) === value);
  return (
    <TextField select label={label} value={known ? value : empty.value} onChange={(event) => onChange(event.target.value)} disabled={disabled} error={Boolean(error)} helperText={error} fullWidth>
      <MenuItem value={empty.value}>
        <em>{empty.label}</em>
      </MenuItem>
      {options.map((option) => (
        <MenuItem key={option.id} value={String(option.id)}>
          {option.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

function CampaignForm({ campaign, onClose }: { campaign: Campaign | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const schema = useMemo(() => buildCampaignFormSchema(t), [t]);
  const options = useCampaignOptions();
  const settings = useCampaignSettings();
  const save = useSaveCampaign();
  const upload = useUploadCampaignMedia();
  const removeMedia = useDeleteCampaignMedia();
  const [editability] = useState<CampaignEditability>(() => (campaign ? campaignEditability(campaign) : "all"));
  // Once created, a failed upload must not create the campaign a second time: later saves change it.
  const [savedId, setSavedId] = useState<number | null>(campaign?.id ?? null);
  const [attachment, setAttachment] = useState<CampaignAttachmentChange>({ file: null, remove: false });
  const [slot, setSlot] = useState<CampaignSlot>(1);
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<CampaignFormValues>({ resolver: translatedResolver(zodResolver(schema)), defaultValues: campaignFormValues(campaign) });
  const confirmation = watch("confirmation");
  const whatsappId = watch("whatsappId");
  const chosenConnection = options.connections.find((connection) => String(connection.id) === whatsappId);
  // The official line sends a template first; until the connections are read, a stored template says so.
  const official = whatsappId !== "" && (chosenConnection ? chosenConnection.provider === "cloud" : Boolean(campaign?.template));
  useEffect(() => setValue("official", official), [official, setValue]);
  const locked = editability !== "all";
  const textsLocked = editability === "none";

  const onSubmit = async (values: CampaignFormValues) => {
    await wait(TIMINGS.formSubmitDelayMs);
    try {
      const body = campaign && editability === "texts" ? textsOnlyBody(campaign, values) : toCampaignBody(values);
      // Removed before the save: an attachment the official line refuses must not block the save that drops it.
      const removeFirst = !locked && attachment.remove && savedId !== null && campaign?.mediaPath != null;
      if (removeFirst) await removeMedia.mutateAsync(savedId);
      const saved = await save.mutateAsync({ id: savedId, body });
      setSavedId(saved.id);
      if (!locked && attachment.file) await upload.mutateAsync({ id: saved.id, file: attachment.file });
      else if (!locked && !removeFirst && attachment.remove && saved.mediaPath !== null) await removeMedia.mutateAsync(saved.id);
    } catch (error) {
      // Under the refused fields, and as the catalogue's toast; the dialog stays open to fix the input.
      showFormError(error, hookFormFields({ getValues, setError }));
      return;
    }
    showToast(t("list.saved"), "success");
    onClose();
  };

  // A placeholder chip adds itself to the end of the message shown.
  const insertPlaceholder = (placeholder: string) => {
    const field: FieldPath<CampaignFormValues> = `message${slot}`;
    const current = getValues(field);
    setValue(field, current === "" || current.endsWith(" ") ? `${current}${placeholder}` : `${current} ${placeholder}`, { shouldDirty: true });
  };

  const slotError = (which: CampaignSlot) => errors[`message${which}`]?.message ?? errors[`confirmationMessage${which}`]?.message;

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} sx={{ display: "contents" }}>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          {editability === "none" && <Alert severity="info">{t("campaigns.dialog.readOnly")}</Alert>}
          {editability === "texts" && <Alert severity="info">{t("campaigns.dialog.textsOnly")}</Alert>}
          <TextField
            {...register("name")}
            label={t("campaigns.form.name")}
            required
            autoFocus={!locked}
            disabled={locked}
            fullWidth
            error={Boolean(errors.name)}
            helperText={errors.name?.message}
          />
          <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
            <Controller
              control={control}
              name="whatsappId"
              render={({ field }) => (
                <ChoiceField
                  label={t("campaigns.form.whatsapp")}
                  value={field.value}
                  onChange={field.onChange}
                  options={options.connections}
                  empty={{ value: "", label: t("campaigns.noWhatsapp") }}
                  disabled={locked}
                  error={errors.whatsappId?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="contactListId"
              render={({ field }) => (
                <ChoiceField
                  label={t("campaigns.form.contactList")}
                  value={field.value}
                  onChange={field.onChange}
                  options={options.contactLists}
                  empty={{ value: "", label: t("campaigns.noContactList") }}
                  disabled={locked}
                  error={errors.contactListId?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="tagListId"
              render={({ field }) => (
                <ChoiceField
                  label={t("campaigns.form.tag")}
                  value={field.value}
                  onChange={field.onChange}
                  options={options.tags}
                  empty={{ value: NO_TAG, label: t("campaigns.form.noTag") }}
                  disabled={locked}
                />
              )}
            />
            <Controller
              control={control}
              name="fileListId"
              render={({ field }) => (
                <ChoiceField
                  label={t("campaigns.form.fileList")}
                  value={field.value}
                  onChange={field.onChange}
                  options={options.fileLists}
                  empty={{ value: "", label: t("campaigns.form.noFileList") }}
                  disabled={locked}
                  error={errors.fileListId?.message ?? (official && !confirmation && field.value !== "" ? t("campaigns.template.filesNeedConfirmation") : undefined)}
                />
              )}
            />
            <TextField
              {...register("scheduledAt")}
              type="datetime-local"
              label={t("campaigns.form.scheduledAt")}
              disabled={locked}
              error={Boolean(errors.scheduledAt)}
              helperText={errors.scheduledAt?.message ?? t("campaigns.form.scheduledAtHelp")}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Controller
              control={control}
              name="confirmation"
              render={({ field }) => (
                <FormControlLabel
                  control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} name={field.name} disabled={locked} />}
                  label={t("campaigns.form.confirmation")}
                />
              )}
            />
          </Box>
          {official ? (
            <Controller
              control={control}
              name="template"
              render={({ field }) => (
                <CampaignTemplateField
                  whatsappId={Number(whatsappId)}
                  value={field.value}
                  onChange={field.onChange}
                  placeholders={campaignPlaceholders(settings.data?.variables ?? [])}
                  confirmation={confirmation}
                  disabled={textsLocked}
                  error={errors.template?.message}
                />
              )}
            />
          ) : null}
          <Box hidden={official && !confirmation}>
            <Tabs value={slot} onChange={(_event, next: CampaignSlot) => setSlot(next)} variant="scrollable" aria-label={t("campaigns.form.messages")}>
              {CAMPAIGN_SLOTS.map((which) => (
                <Tab key={which} value={which} label={t("campaigns.form.messageTab", { slot: which })} sx={slotError(which) ? { color: "error.main" } : undefined} />
              ))}
            </Tabs>
            {CAMPAIGN_SLOTS.map((which) => (
              <Stack key={which} spacing={2} role="tabpanel" hidden={which !== slot} sx={{ pt: 2 }}>
                <TextField
                  {...register(`message${which}`)}
                  label={t("campaigns.form.message", { slot: which })}
                  multiline
                  minRows={3}
                  maxRows={10}
                  disabled={textsLocked}
                  fullWidth
                  error={Boolean(errors[`message${which}`])}
                  helperText={errors[`message${which}`]?.message}
                />
                {confirmation && !official && (
                  <TextField
                    {...register(`confirmationMessage${which}`)}
                    label={t("campaigns.form.confirmationMessage", { slot: which })}
                    multiline
                    minRows={2}
                    maxRows={8}
                    disabled={textsLocked}
                    fullWidth
                    error={Boolean(errors[`confirmationMessage${which}`])}
                    helperText={errors[`confirmationMessage${which}`]?.message ?? t("campaigns.form.confirmationHelp")}
                  />
                )}
              </Stack>
            ))}
          </Box>
          <Box hidden={official && !confirmation}>
            <Typography variant="subtitle2" color="text.secondary">
              {t("campaigns.form.variables")}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t("campaigns.form.variablesHelp")}
            </Typography>
            <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: "wrap" }}>
              {campaignPlaceholders(settings.data?.variables ?? []).map((placeholder) => (
                <Chip key={placeholder} size="small" variant="outlined" label={placeholder} onClick={textsLocked ? undefined : () => insertPlaceholder(placeholder)} />
              ))}
            </Stack>
          </Box>
          <CampaignAttachmentField storedName={campaign?.mediaName ?? null} value={attachment} onChange={setAttachment} disabled={locked || isSubmitting} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isSubmitting}>
          {t(textsLocked ? "common.close" : "common.cancel")}
        </Button>
        {!textsLocked && (
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {t(campaign ? "campaigns.dialog.save" : "campaigns.dialog.add")}
          </Button>
        )}
      </DialogActions>
    </Box>
  );
}
