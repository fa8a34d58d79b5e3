import type { DashboardChartQuery } from "@conversa/shared";
import { BarChart } from "@mui/x-charts/BarChart";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BRAND } from "../../../lib/theme.ts";
import { useTicketsByAttendant } from "../api/get-tickets-by-attendant.ts";
import { useChartErrorToast } from "../hooks/use-chart-error-toast.ts";
import { monthToDate } from "../utils/period.ts";
import { ChartCard } from "./chart-card.tsx";

const BAR_HEIGHT = 36;

/** Tickets created within a range per attendant, as horizontal bars (names stay readable), with its own dates. */
export function TicketsPerAttendantChart() {
  const { t } = useTranslation();
  const [range, setRange] = useState<DashboardChartQuery>(() => {
    const { from, to } = monthToDate();
    return { initialDate: from, finalDate: to };
  });
  const query = useTicketsByAttendant(range);
  useChartErrorToast(query);
  const rows = query.data?.data ?? [];
  const total = query.data ? rows.reduce((sum, row) => sum + row.quantidade, 0) : undefined;
  return (
    <ChartCard title={t("dashboard.charts.ticketsPerAttendant")} range={range} onRangeChange={setRange} total={total}>
      <BarChart
        height={Math.max(280, rows.length * BAR_HEIGHT + 60)}
        layout="horizontal"
        dataset={rows}
        yAxis={[{ scaleType: "band", dataKey: "nome", width: 120 }]}
        xAxis={[{ tickMinStep: 1 }]}
        series={[{ dataKey: "quantidade", label: t("dashboard.charts.series"), color: BRAND.green }]}
        hideLegend
        loading={query.isPending}
        localeText={{ loading: t("common.loading"), noData: t("dashboard.charts.noData") }}
      />
    </ChartCard>
  );
}
