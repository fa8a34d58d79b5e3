import { zodResolver } from "@hookform/resolvers/zod";
import { PLAN_FLAGS, type Plan, TIMINGS } from "@conversa/shared";
import Box from "@mui/material/Box";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMemo } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { LoadErrorAlert } from "../../../components/list/list-states.tsx";
import { PageLoader } from "../../../components/page-loader.tsx";
import { RecordEditorFrame, useRecordEditor } from "../../../components/record-editor/index.ts";
import { useDeletePlan } from "../api/delete-plan.ts";
import { usePlans } from "../api/list-plans.ts";
import { useSavePlan } from "../api/save-plan.ts";
import { type PlanFormValues, buildPlanFormSchema, planFormValues, toPlanBody } from "../utils/plan-form.ts";
import { PlansTable } from "./plans-table.tsx";
import { translatedResolver } from "../../../lib/form-errors.ts";

/**
 * The Planos tab of the settings (spec admin §2, super users only): a form over the table of plans.
 * Selecting a row loads it into the form so that Salvar updates it; Limpar starts a new plan. Saving
 * waits 500 ms (spec admin §9).
 */
export function PlansTab() {
  const { t } = useTranslation();
  const plans = usePlans();
  const save = useSavePlan();
  const remove = useDeletePlan();
  const schema = useMemo(() => buildPlanFormSchema(t), [t]);
  const form = useForm<PlanFormValues>({ resolver: translatedResolver(zodResolver(schema)), defaultValues: planFormValues() });
  const editor = useRecordEditor<Plan, PlanFormValues>({
    form,
    toFormValues: planFormValues,
    save: (id, values) => save.mutateAsync({ id, body: toPlanBody(values) }),
    remove: (id) => remove.mutateAsync(id),
    submitDelayMs: TIMINGS.adminFormSubmitDelayMs,
    saveFailedText: t("plans.saveFailed"),
    loadFailed: plans.isError,
  });
  const { selected } = editor;

  return (
    <RecordEditorFrame
      heading={selected ? t("plans.editing", { name: selected.name }) : t("plans.newPlan")}
      formLabel={t("plans.heading")}
      onSubmit={editor.submit}
      isSubmitting={editor.isSubmitting}
      isEditing={selected !== null}
      onClear={() => editor.load(null)}
      onDelete={editor.askDelete}
      list={
        plans.isPending ? (
          <PageLoader />
        ) : plans.data ? (
          <PlansTable plans={plans.data} selectedId={selected?.id ?? null} onSelect={editor.load} />
        ) : (
          <LoadErrorAlert onRetry={() => void plans.refetch()} />
        )
      }
      confirmation={{
        open: editor.confirming,
        title: t("plans.confirmDelete.title"),
        message: t("plans.confirmDelete.message", { name: selected?.name ?? "" }),
        confirmLabel: t("plans.confirmDelete.confirm"),
        loading: editor.deleting,
        onConfirm: editor.confirmDelete,
        onClose: editor.cancelDelete,
      }}
    >
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "repeat(2, 1fr)", md: "2fr repeat(5, 1fr)" }, gap: 2 }}>
        {(["name", "users", "connections", "queues", "value", "storageQuotaMb"] as const).map((name) => (
          // Controlled, so that the label follows a value loaded from a selected row.
          <Controller
            key={name}
            control={form.control}
            name={name}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                label={t(`plans.form.${name}`)}
                required
                fullWidth
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? (name === "value" ? t("plans.form.valueHint") : name === "storageQuotaMb" ? t("plans.form.storageQuotaHint") : undefined)}
                slotProps={{ htmlInput: { inputMode: name === "name" ? "text" : name === "value" ? "decimal" : "numeric" } }}
              />
            )}
          />
        ))}
      </Box>
      <Controller
        control={form.control}
        name="isPublic"
        render={({ field }) => (
          <FormControlLabel
            sx={{ mt: 1.5 }}
            control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} slotProps={{ input: { ref: field.ref } }} />}
            label={t("plans.form.isPublic")}
          />
        )}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2.5, mb: 0.5 }}>
        {t("plans.form.features")}
      </Typography>
      <FormGroup row>
        {PLAN_FLAGS.map((flag) => (
          <Controller
            key={flag}
            control={form.control}
            name={`flags.${flag}`}
            render={({ field }) => (
              <FormControlLabel
                sx={{ minWidth: 180 }}
                control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} slotProps={{ input: { ref: field.ref } }} />}
                label={t(`plans.flags.${flag}`)}
              />
            )}
          />
        ))}
      </FormGroup>
    </RecordEditorFrame>
  );
}
