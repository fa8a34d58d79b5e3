import { zodResolver } from "@hookform/resolvers/zod";
import { PLAN_FLAGS, type Plan, TIMINGS } from "@conversa/shared";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useEffect, useId, useMemo, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ConfirmationDialog } from "../../../components/confirmation-dialog.tsx";
import { PageLoader } from "../../../components/page-loader.tsx";
import { showToast } from "../../../lib/toast.ts";
import { useDeletePlan } from "../api/delete-plan.ts";
import { usePlans } from "../api/list-plans.ts";
import { useSavePlan } from "../api/save-plan.ts";
import { type PlanFormValues, buildPlanFormSchema, planFormValues, toPlanBody } from "../utils/plan-form.ts";
import { LoadErrorAlert } from "../../../components/list/list-states.tsx";
import { PlansTable } from "./plans-table.tsx";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The Planos tab of the settings (spec admin §2, super users only): a form over the table of plans.
 * Selecting a row loads it into the form so that Salvar updates it; Limpar starts a new plan. Saving
 * waits 500 ms (spec admin §9).
 */
export function PlansTab() {
  const { t } = useTranslation();
  const formId = useId();
  const plans = usePlans();
  const save = useSavePlan();
  const remove = useDeletePlan();
  const schema = useMemo(() => buildPlanFormSchema(t), [t]);
  const [selected, setSelected] = useState<Plan | null>(null);
  const [confirming, setConfirming] = useState(false);
  const {
    control,
    handleSubmit,
    reset,
    formState: { isSubmitting },
  } = useForm<PlanFormValues>({ resolver: zodResolver(schema), defaultValues: planFormValues() });

  useEffect(() => {
    if (plans.isError) showToast(t("list.loadError"), "error", TIMINGS.errorToastMs);
  }, [plans.isError, t]);

  const load = (plan: Plan | null) => {
    setSelected(plan);
    reset(planFormValues(plan ?? undefined));
  };

  const onSubmit = async (values: PlanFormValues) => {
    await wait(TIMINGS.adminFormSubmitDelayMs);
    try {
      await save.mutateAsync({ id: selected?.id ?? null, body: toPlanBody(values) });
    } catch {
      showToast(t("plans.saveFailed"), "error", TIMINGS.errorToastMs);
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
      // The error toast says why (ERR_PLAN_IN_USE); the plan stays selected.
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
          {selected ? t("plans.editing", { name: selected.name }) : t("plans.newPlan")}
        </Typography>
        <Box component="form" id={formId} noValidate onSubmit={handleSubmit(onSubmit)} aria-label={t("plans.heading")}>
          <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "repeat(2, 1fr)", md: "2fr repeat(4, 1fr)" }, gap: 2 }}>
            {(["name", "users", "connections", "queues", "value"] as const).map((name) => (
              // Controlled, so that the label follows a value loaded from a selected row.
              <Controller
                key={name}
                control={control}
                name={name}
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    label={t(`plans.form.${name}`)}
                    required
                    fullWidth
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message ?? (name === "value" ? t("plans.form.valueHint") : undefined)}
                    slotProps={{ htmlInput: { inputMode: name === "name" ? "text" : name === "value" ? "decimal" : "numeric" } }}
                  />
                )}
              />
            ))}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2.5, mb: 0.5 }}>
            {t("plans.form.features")}
          </Typography>
          <FormGroup row>
            {PLAN_FLAGS.map((flag) => (
              <Controller
                key={flag}
                control={control}
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
          <Stack direction="row" spacing={1.5} sx={{ mt: 2.5, justifyContent: "flex-end", flexWrap: "wrap" }}>
            <Button onClick={() => load(null)} disabled={isSubmitting}>
              {t("plans.clear")}
            </Button>
            {selected && (
              <Button color="error" variant="outlined" onClick={() => setConfirming(true)} disabled={isSubmitting}>
                {t("plans.delete")}
              </Button>
            )}
            <Button type="submit" variant="contained" loading={isSubmitting}>
              {t("plans.save")}
            </Button>
          </Stack>
        </Box>
      </Paper>
      {plans.isPending ? (
        <PageLoader />
      ) : plans.data ? (
        <PlansTable plans={plans.data} selectedId={selected?.id ?? null} onSelect={load} />
      ) : (
        <LoadErrorAlert onRetry={() => void plans.refetch()} />
      )}
      <ConfirmationDialog
        open={confirming}
        title={t("plans.confirmDelete.title")}
        message={t("plans.confirmDelete.message", { name: selected?.name ?? "" })}
        confirmLabel={t("plans.confirmDelete.confirm")}
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
