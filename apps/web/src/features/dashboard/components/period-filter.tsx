import { DASHBOARD_PERIODS, type DashboardQuery, TIMINGS, parseDashboardFilter } from "@conversa/shared";
import FilterList from "@mui/icons-material/FilterList";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { showToast } from "../../../lib/toast.ts";
import { type PeriodForm, monthToDate, toDashboardQuery } from "../utils/period.ts";

interface PeriodFilterProps {
  onApply: (query: DashboardQuery) => void;
}

/** The dashboard's period: the last N days or a from/to pair; nothing valid shows 'Parametrize o filtro' (spec core §5). */
export function PeriodFilter({ onApply }: PeriodFilterProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState<PeriodForm>(() => {
    const { from, to } = monthToDate();
    return { days: "", dateFrom: from, dateTo: to };
  });
  const byDays = form.days !== "";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = toDashboardQuery(form);
    if (!parseDashboardFilter(query)) {
      showToast(t("errors.ERR_DASHBOARD_FILTER"), "error", TIMINGS.errorToastMs);
      return;
    }
    onApply(query);
  };

  return (
    <Paper
      component="form"
      variant="outlined"
      onSubmit={submit}
      aria-label={t("dashboard.filter.title")}
      sx={{ p: 2, display: "flex", flexWrap: "wrap", gap: 2, alignItems: "center" }}
    >
      <TextField
        select
        size="small"
        label={t("dashboard.filter.period")}
        value={form.days}
        onChange={(event) => setForm((current) => ({ ...current, days: event.target.value }))}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: 200, flex: { xs: "1 1 100%", sm: "0 0 auto" } }}
      >
        <MenuItem value="">{t("dashboard.filter.byDates")}</MenuItem>
        {DASHBOARD_PERIODS.map((days) => (
          <MenuItem key={days} value={String(days)}>
            {t("dashboard.filter.lastDays", { days })}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        type="date"
        size="small"
        label={t("dashboard.filter.dateFrom")}
        value={form.dateFrom}
        disabled={byDays}
        onChange={(event) => setForm((current) => ({ ...current, dateFrom: event.target.value }))}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ flex: { xs: "1 1 140px", sm: "0 0 auto" } }}
      />
      <TextField
        type="date"
        size="small"
        label={t("dashboard.filter.dateTo")}
        value={form.dateTo}
        disabled={byDays}
        onChange={(event) => setForm((current) => ({ ...current, dateTo: event.target.value }))}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ flex: { xs: "1 1 140px", sm: "0 0 auto" } }}
      />
      <Button type="submit" variant="contained" startIcon={<FilterList />}>
        {t("dashboard.filter.apply")}
      </Button>
    </Paper>
  );
}
