import { zodResolver } from "@hookform/resolvers/zod";
import { type Help, TIMINGS } from "@conversa/shared";
import Box from "@mui/material/Box";
import TextField from "@mui/material/TextField";
import { useMemo } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { LoadErrorAlert } from "../../../components/list/list-states.tsx";
import { PageLoader } from "../../../components/page-loader.tsx";
import { RecordEditorFrame, useRecordEditor } from "../../../components/record-editor/index.ts";
import { useDeleteHelp } from "../api/delete-help.ts";
import { useHelps } from "../api/list-helps.ts";
import { useSaveHelp } from "../api/save-help.ts";
import { type HelpFormValues, buildHelpFormSchema, helpFormValues, toHelpBody } from "../utils/help-form.ts";
import { HelpsTable } from "./helps-table.tsx";
import { translatedResolver } from "../../../lib/form-errors.ts";

/**
 * The Ajuda tab of the settings (spec admin §2, super users only): a form over the table of help videos.
 * Selecting a row loads it into the form so that Salvar updates it; Limpar starts a new video. Saving
 * waits 500 ms (spec admin §9).
 */
export function HelpsTab() {
  const { t } = useTranslation();
  const helps = useHelps();
  const save = useSaveHelp();
  const remove = useDeleteHelp();
  const schema = useMemo(() => buildHelpFormSchema(t), [t]);
  const form = useForm<HelpFormValues>({ resolver: translatedResolver(zodResolver(schema)), defaultValues: helpFormValues() });
  const editor = useRecordEditor<Help, HelpFormValues>({
    form,
    toFormValues: helpFormValues,
    save: (id, values) => save.mutateAsync({ id, body: toHelpBody(values) }),
    remove: (id) => remove.mutateAsync(id),
    submitDelayMs: TIMINGS.adminFormSubmitDelayMs,
    saveFailedText: t("helps.saveFailed"),
    loadFailed: helps.isError,
  });
  const { selected } = editor;

  return (
    <RecordEditorFrame
      heading={selected ? t("helps.editing", { title: selected.title }) : t("helps.newHelp")}
      formLabel={t("helps.heading")}
      onSubmit={editor.submit}
      isSubmitting={editor.isSubmitting}
      isEditing={selected !== null}
      onClear={() => editor.load(null)}
      onDelete={editor.askDelete}
      list={
        helps.isPending ? (
          <PageLoader />
        ) : helps.data ? (
          <HelpsTable helps={helps.data} selectedId={selected?.id ?? null} onSelect={editor.load} />
        ) : (
          <LoadErrorAlert onRetry={() => void helps.refetch()} />
        )
      }
      confirmation={{
        open: editor.confirming,
        title: t("helps.confirmDelete.title"),
        message: t("helps.confirmDelete.message", { title: selected?.title ?? "" }),
        confirmLabel: t("helps.confirmDelete.confirm"),
        loading: editor.deleting,
        onConfirm: editor.confirmDelete,
        onClose: editor.cancelDelete,
      }}
    >
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "2fr 1fr" }, gap: 2 }}>
        {(["title", "video"] as const).map((name) => (
          // Controlled, so that the label follows a value loaded from a selected row.
          <Controller
            key={name}
            control={form.control}
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
            control={form.control}
            name="description"
            render={({ field, fieldState }) => (
              <TextField {...field} label={t("helps.form.description")} fullWidth multiline minRows={2} error={Boolean(fieldState.error)} helperText={fieldState.error?.message} />
            )}
          />
        </Box>
      </Box>
    </RecordEditorFrame>
  );
}
