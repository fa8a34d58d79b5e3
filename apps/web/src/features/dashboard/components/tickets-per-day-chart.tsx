import type { DashboardChartQuery, TicketsDayResponse } from "@conversa/shared";
import { BarChart } from "@mui/x-charts/BarChart";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BRAND } from "../../../lib/theme.ts";
import { useTicketsByDay } from "../api/get-tickets-by-day.ts";
import { useChartErrorToast } from "../hooks/use-chart-error-toast.ts";
import { monthToDate } from "../utils/period.ts";
import { ChartCard } from "./chart-card.tsx";

/** Bars labelled by hour ("09h") for one day, by day ("10/03") for a range. */
function toBars(answer: TicketsDayResponse | undefined): { label: string; total: number }[] {
  if (!answer) return [];
  if (answer.granularity === "hour") return answer.data.map((item) => ({ label: `${item.horario}h`, total: item.total }));
  return answer.data.map((item) => ({ label: `${item.data.slice(8, 10)}/${item.data.slice(5, 7)}`, total: item.total }));
}

/** Tickets created per day (per hour when the range is one day), with its own date filter. */
export function TicketsPerDayChart() {
  const { t } = useTranslation();
  const [range, setRange] = useState<DashboardChartQuery>(() => {
    const { from, to } = monthToDate();
    return { initialDate: from, finalDate: to };
  });
  const query = useTicketsByDay(range);
  useChartErrorToast(query);
  const title = query.data?.granularity === "hour" ? t("dashboard.charts.ticketsPerHour") : t("dashboard.charts.ticketsPerDay");
  return (
    <ChartCard title={title} range={range} onRangeChange={setRange} total={query.data?.count}>
      <BarChart
        height={280}
        dataset={toBars(query.data)}
        xAxis={[{ scaleType: "band", dataKey: "label" }]}
        yAxis={[{ tickMinStep: 1 }]}
        series={[{ dataKey: "total", label: t("dashboard.charts.series"), color: BRAND.green }]}
        hideLegend
        loading={query.isPending}
        localeText={{ loading: t("common.loading"), noData: t("dashboard.charts.noData") }}
      />
    </ChartCard>
  );
}
