import { zodResolver } from "@hookform/resolvers/zod";
import { type Help, TIMINGS } from "@conversa/shared";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useEffect, useId, useMemo, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ConfirmationDialog } from "../../../components/confirmation-dialog.tsx";
import { PageLoader } from "../../../components/page-loader.tsx";
import { showToast } from "../../../lib/toast.ts";
import { useDeleteHelp } from "../api/delete-help.ts";
import { useHelps } from "../api/list-helps.ts";
import { useSaveHelp } from "../api/save-help.ts";
import { type HelpFormValues, buildHelpFormSchema, helpFormValues, toHelpBody } from "../utils/help-form.ts";
import { LoadErrorAlert } from "../../../components/list/list-states.tsx";
import { HelpsTable } from "./helps-table.tsx";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The Ajuda tab of the settings (spec admin §2, super users only): a form over the table of help videos.
 * Selecting a row loads it into the form so that Salvar updates it; Limpar starts a new video. Saving
 * waits 500 ms (spec admin §9).
 */
export function HelpsTab() {
  const { t } = useTranslation();
  const formId = useId();
  const helps = useHelps();
  const save = useSaveHelp();
  const remove = useDeleteHelp();
  const schema = useMemo(() => buildHelpFormSchema(t), [t]);
  const [selected, setSelected] = useState<Help | null>(null);
  const [confirming, setConfirming] = useState(false);
  const {
    control,
    handleSubmit,
    reset,
    formState: { isSubmitting },
  } = useForm<HelpFormValues>({ resolver: zodResolver(schema), defaultValues: helpFormValues() });

  useEffect(() => {
    if (helps.isError) showToast(t("list.loadError"), "error", TIMINGS.errorToastMs);
  }, [helps.isError, t]);

  const load = (help: Help | null) => {
    setSelected(help);
    reset(helpFormValues(help ?? undefined));
  };

  const onSubmit = async (values: HelpFormValues) => {
    await wait(TIMINGS.adminFormSubmitDelayMs);
    try {
      await save.mutateAsync({ id: selected?.id ?? null, body: toHelpBody(values) });
    } catch {
      showToast(t("helps.saveFailed"), "error", TIMINGS.errorToastMs);
      return;
    }
    showToast(t("list.saved"), "success");
    load(null);
  };

  const confirmDelete = async () => {
    if (!selected) return;
    try {
      await remove.mutateAsync(selected.id);
    } catch {
      // The error toast says why; the video stays selected.
      setConfirming(false);
      return;
    }
    setConfirming(false);
    showToast(t("list.deleted"), "success");
    load(null);
  };

  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
          {selected ? t("helps.editing", { title: selected.title }) : t("helps.newHelp")}
        </Typography>
        <Box component="form" id={formId} noValidate onSubmit={handleSubmit(onSubmit)} aria-label={t("helps.heading")}>
          <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "2fr 1fr" }, gap: 2 }}>
            {(["title", "video"] as const).map((name) => (
              // Controlled, so that the label follows a value loaded from a selected row.
              <Controller
                key={name}
                control={control}
                name={name}
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    label={t(`helps.form.${name}`)}
                    required
                    fullWidth
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message ?? (name === "video" ? t("helps.form.videoHint") : undefined)}
                    slotProps={{ htmlInput: name === "video" ? { spellCheck: false, autoCapitalize: "off", autoCorrect: "off" } : undefined }}
                  />
                )}
              />
            ))}
            <Box sx={{ gridColumn: "1 / -1" }}>
              <Controller
                control={control}
                name="description"
                render={({ field, fieldState }) => (
                  <TextField {...field} label={t("helps.form.description")} fullWidth multiline minRows={2} error={Boolean(fieldState.error)} helperText={fieldState.error?.message} />
                )}
              />
            </Box>
          </Box>
          <Stack direction="row" spacing={1.5} sx={{ mt: 2.5, justifyContent: "flex-end", flexWrap: "wrap" }}>
            <Button onClick={() => load(null)} disabled={isSubmitting}>
              {t("helps.clear")}
            </Button>
            {selected && (
              <Button color="error" variant="outlined" onClick={() => setConfirming(true)} disabled={isSubmitting}>
                {t("helps.delete")}
              </Button>
            )}
            <Button type="submit" variant="contained" loading={isSubmitting}>
              {t("helps.save")}
            </Button>
          </Stack>
        </Box>
      </Paper>
      {helps.isPending ? (
        <PageLoader />
      ) : helps.data ? (
        <HelpsTable helps={helps.data} selectedId={selected?.id ?? null} onSelect={load} />
      ) : (
        <LoadErrorAlert onRetry={() => void helps.refetch()} />
      )}
      <ConfirmationDialog
        open={confirming}
        title={t("helps.confirmDelete.title")}
        message={t("helps.confirmDelete.message", { title: selected?.title ?? "" })}
        confirmLabel={t("helps.confirmDelete.confirm")}
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
