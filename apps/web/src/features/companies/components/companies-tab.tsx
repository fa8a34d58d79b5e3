import { zodResolver } from "@hookform/resolvers/zod";
import { type Company, OFFERED_RECURRENCES, TIMINGS, renewDueDate } from "@conversa/shared";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControlLabel from "@mui/material/FormControlLabel";
import MenuItem from "@mui/material/MenuItem";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import { useMemo, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ConfirmationDialog } from "../../../components/confirmation-dialog.tsx";
import { InfiniteListArea, ListToolbar, useListSearch } from "../../../components/list/index.ts";
import { RecordEditorFrame, useRecordEditor } from "../../../components/record-editor/index.ts";
import { useCompanyDetail } from "../api/company-detail.ts";
import { useDeleteCompany } from "../api/delete-company.ts";
import { useCompanies } from "../api/list-companies.ts";
import { usePlanOptions } from "../api/plan-options.ts";
import { useSaveCompany } from "../api/save-company.ts";
import { DATE_PATTERNS, formatDate } from "../../../lib/date.ts";
import { DEFAULT_LANGUAGE, isLanguage } from "../../../lib/i18n.ts";
import { type CompanyFormValues, buildCompanyFormSchema, companyFormValues, dueDateOf, toCompanyBody } from "../utils/company-form.ts";
import { CompaniesTable } from "./companies-table.tsx";
import { DeleteDetails } from "./delete-details.tsx";
import { translatedResolver } from "../../../lib/form-errors.ts";

interface CompaniesTabProps {
  /** The signed-in super user's own company: it cannot be disabled or deleted. */
  ownCompanyId: number;
}

/**
 * The Empresas tab of the settings (spec admin §2, super users only): a form over the searchable,
 * endless table of companies. Selecting a row loads it into the form so that Salvar updates it; Limpar
 * starts a new company, whose e-mail is also its first admin's. Renovar vencimento saves the company with
 * its due date moved on by the recurrence. Saving waits 400 ms (spec admin §9).
 */
export function CompaniesTab({ ownCompanyId }: CompaniesTabProps) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const search = useListSearch();
  const companies = useCompanies(search.searchParam);
  const plans = usePlanOptions();
  const save = useSaveCompany();
  const remove = useDeleteCompany();
  // The due dates are measured from when the tab opened; a save reads the list again.
  const [now] = useState(() => new Date());
  const schema = useMemo(() => buildCompanyFormSchema(t), [t]);
  const form = useForm<CompanyFormValues>({ resolver: translatedResolver(zodResolver(schema)), defaultValues: companyFormValues() });
  const editor = useRecordEditor<Company, CompanyFormValues>({
    form,
    toFormValues: companyFormValues,
    save: (id, values, intent) => (id === null ? save.mutateAsync({ id, body: toCompanyBody(values) }) : save.mutateAsync({ id, body: toCompanyBody(values, intent === "renew") })),
    remove: (id) => remove.mutateAsync(id),
    submitDelayMs: TIMINGS.formSubmitDelayMs,
    saveFailedText: t("companies.saveFailed"),
    deleteFailedText: t("companies.deleteFailed"),
    loadFailed: companies.isError,
  });
  const { selected } = editor;
  const isOwn = selected?.id === ownCompanyId;
  const detail = useCompanyDetail(selected?.id ?? null, editor.confirming);
  const [dueDate, recurrence] = useWatch({ control: form.control, name: ["dueDate", "recurrence"] });
  // Only MENSAL is offered (spec core §4); a company on another recurrence keeps showing its own.
  const recurrences = OFFERED_RECURRENCES.includes(recurrence) ? OFFERED_RECURRENCES : [...OFFERED_RECURRENCES, recurrence];
  // A renewal moves the due date on at once: the provider confirms it, seeing the date before and after.
  const [isAskingRenew, setIsAskingRenew] = useState(false);
  const currentDue = dueDateOf(dueDate);
  // The list carries no time zone: the preview counts months on this browser's calendar; the server renews on the company's.
  const renewedDue = currentDue && selected ? renewDueDate(new Date(currentDue), recurrence, Intl.DateTimeFormat().resolvedOptions().timeZone) : null;
  const confirmRenew = () => {
    setIsAskingRenew(false);
    void editor.submitAs("renew")();
  };

  return (
    <RecordEditorFrame
      heading={selected ? t("companies.editing", { name: selected.name }) : t("companies.newCompany")}
      formLabel={t("companies.heading")}
      onSubmit={editor.submit}
      isSubmitting={editor.isSubmitting}
      isEditing={selected !== null}
      deleteDisabledReason={isOwn ? t("companies.ownCompany") : undefined}
      onClear={() => editor.load(null)}
      onDelete={editor.askDelete}
      actions={
        selected && (
          <Tooltip title={t("companies.renewHint")}>
            <span>
              <Button variant="outlined" onClick={() => setIsAskingRenew(true)} disabled={editor.isSubmitting || !dueDate}>
                {t("companies.renew")}
              </Button>
            </span>
          </Tooltip>
        )
      }
      list={
        <Box>
          <ListToolbar search={search.input} onSearchChange={search.setInput} />
          <InfiniteListArea hasMore={companies.hasMore} isFetchingMore={companies.isFetchingMore} onLoadMore={companies.loadMore} label={t("companies.tableLabel")}>
            <CompaniesTable
              companies={companies.records}
              selectedId={selected?.id ?? null}
              now={now}
              isLoading={companies.isLoading}
              isError={companies.isError}
              onRetry={companies.refetch}
              onSelect={editor.load}
            />
          </InfiniteListArea>
        </Box>
      }
      confirmation={{
        open: editor.confirming,
        title: t("companies.confirmDelete.title"),
        message: t("companies.confirmDelete.message", { name: selected?.name ?? "" }),
        confirmLabel: t("companies.confirmDelete.confirm"),
        details: <DeleteDetails counts={detail.data?.counts} isLoading={detail.isFetching && !detail.isError} isError={detail.isError} />,
        loading: editor.deleting,
        disabled: !detail.data || detail.isFetching,
        onConfirm: editor.confirmDelete,
        onClose: editor.cancelDelete,
      }}
    >
      <ConfirmationDialog
        open={isAskingRenew && selected !== null}
        title={t("companies.confirmRenew.title")}
        message={t("companies.confirmRenew.message", {
          name: selected?.name ?? "",
          from: formatDate(currentDue, DATE_PATTERNS.day, language),
          to: formatDate(renewedDue, DATE_PATTERNS.day, language),
        })}
        confirmLabel={t("companies.confirmRenew.confirm")}
        confirmColor="primary"
        onConfirm={confirmRenew}
        onClose={() => setIsAskingRenew(false)}
      />
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "repeat(2, 1fr)", md: "2fr 2fr 1fr 1fr" }, gap: 2 }}>
        {(["name", "email", "phone"] as const).map((name) => (
          // Controlled, so that the label follows a value loaded from a selected row.
          <Controller
            key={name}
            control={form.control}
            name={name}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                label={t(`companies.form.${name}`)}
                required={name !== "phone"}
                fullWidth
                type={name === "email" ? "email" : name === "phone" ? "tel" : "text"}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? (name === "email" && !selected ? t("companies.form.emailHint") : undefined)}
              />
            )}
          />
        ))}
        <Controller
          control={form.control}
          name="planId"
          render={({ field, fieldState }) => (
            <TextField {...field} select label={t("companies.form.plan")} required fullWidth error={Boolean(fieldState.error)} helperText={fieldState.error?.message}>
              {(plans.data ?? (selected?.plan ? [selected.plan] : [])).map((plan) => (
                <MenuItem key={plan.id} value={String(plan.id)}>
                  {plan.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={form.control}
          name="dueDate"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              type="datetime-local"
              label={t("companies.form.dueDate")}
              fullWidth
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          )}
        />
        <Controller
          control={form.control}
          name="recurrence"
          render={({ field }) => (
            <TextField {...field} select label={t("companies.form.recurrence")} fullWidth>
              {recurrences.map((value) => (
                <MenuItem key={value} value={value}>
                  {t(`companies.recurrences.${value}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        {(["status", "campaignsEnabled"] as const).map((name) => (
          <Controller
            key={name}
            control={form.control}
            name={name}
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Switch
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                    disabled={name === "status" && isOwn}
                    slotProps={{ input: { ref: field.ref } }}
                  />
                }
                label={t(`companies.form.${name}`)}
              />
            )}
          />
        ))}
      </Box>
    </RecordEditorFrame>
  );
}
