import type { DashboardChartQuery } from "@conversa/shared";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { toChartRange } from "../utils/period.ts";

interface ChartCardProps {
  title: string;
  /** The range the chart shows; edits that make a valid range replace it. */
  range: DashboardChartQuery;
  onRangeChange: (range: DashboardChartQuery) => void;
  /** Tickets counted in the range (also the figure's accessible name and data-total). */
  total: number | undefined;
  children: ReactNode;
}

/** A dashboard chart with its own start and end dates (spec core §2) and the total it counts. */
export function ChartCard({ title, range, onRangeChange, total, children }: ChartCardProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState({ from: range.initialDate, to: range.finalDate });
  const isValid = toChartRange(draft.from, draft.to) !== null;

  const change = (next: { from: string; to: string }) => {
    setDraft(next);
    const valid = toChartRange(next.from, next.to);
    if (valid) onRangeChange(valid);
  };

  return (
    <Paper component="section" variant="outlined" aria-label={title} sx={{ p: 2, minWidth: 0 }}>
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "baseline", gap: 1, mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {title}
        </Typography>
        <Typography color="text.secondary">{total === undefined ? "" : t("dashboard.charts.total", { count: total })}</Typography>
      </Box>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2, mb: 1 }}>
        <TextField
          type="date"
          size="small"
          label={t("dashboard.filter.dateFrom")}
          value={draft.from}
          error={!isValid}
          onChange={(event) => change({ ...draft, from: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ flex: "1 1 140px" }}
        />
        <TextField
          type="date"
          size="small"
          label={t("dashboard.filter.dateTo")}
          value={draft.to}
          error={!isValid}
          helperText={isValid ? undefined : t("dashboard.charts.invalidRange")}
          onChange={(event) => change({ ...draft, to: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ flex: "1 1 140px" }}
        />
      </Box>
      <Box role="figure" aria-label={t("dashboard.charts.figureLabel", { title, count: total ?? 0 })} data-total={total ?? ""}>
        {children}
      </Box>
    </Paper>
  );
}
