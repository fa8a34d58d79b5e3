import type { DashboardQuery } from "@conversa/shared";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PageLoader } from "../../../components/page-loader.tsx";
import { DATE_PATTERNS, formatDate } from "../../../lib/date.ts";
import { currentLanguage } from "../../../lib/i18n.ts";
import { useDashboard, useRefreshCharts } from "../api/get-dashboard.ts";
import { monthToDate } from "../utils/period.ts";
import { AttendantsTable } from "./attendants-table.tsx";
import { PeriodFilter } from "./period-filter.tsx";
import { SummaryCards } from "./summary-cards.tsx";
import { TicketsPerAttendantChart } from "./tickets-per-attendant-chart.tsx";
import { TicketsPerDayChart } from "./tickets-per-day-chart.tsx";

/**
 * The Dashboard's content (spec core §2): the period filter, the summary cards, the attendants table and
 * the two charts, each chart with its own dates. The period starts as the current month to date.
 */
export function DashboardPanel() {
  const { t } = useTranslation();
  const [query, setQuery] = useState<DashboardQuery>(() => {
    const { from, to } = monthToDate();
    return { date_from: from, date_to: to };
  });
  const dashboard = useDashboard(query);
  const refreshCharts = useRefreshCharts();

  const apply = (next: DashboardQuery) => {
    if (JSON.stringify(next) === JSON.stringify(query)) void dashboard.refetch();
    else setQuery(next);
    refreshCharts();
  };

  const renderFigures = () => {
    if (dashboard.data) {
      const { period, counters, attendants } = dashboard.data;
      const language = currentLanguage();
      return (
        <>
          <Typography color="text.secondary" data-testid="dashboard-period">
            {t("dashboard.filter.showing", {
              from: formatDate(period.from, DATE_PATTERNS.day, language),
              to: formatDate(period.to, DATE_PATTERNS.day, language),
            })}
          </Typography>
          <SummaryCards counters={counters} />
          <AttendantsTable attendants={attendants} />
        </>
      );
    }
    if (dashboard.isError) return <Alert severity="error">{t("dashboard.loadFailed")}</Alert>;
    return <PageLoader />;
  };

  return (
    <Stack spacing={2}>
      <PeriodFilter onApply={apply} />
      {renderFigures()}
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "minmax(0, 1fr)", lg: "repeat(2, minmax(0, 1fr))" } }}>
        <TicketsPerDayChart />
        <TicketsPerAttendantChart />
      </Box>
    </Stack>
  );
}
