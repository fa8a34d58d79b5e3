import type { DashboardChartQuery, DashboardQuery } from "@conversa/shared";

/** Cache keys of the dashboard feature: the counters of a period and each chart of a range. */
export const dashboardQueryKey = (query: DashboardQuery) => ["dashboard", "counters", query] as const;
export const ticketsByDayQueryKey = (range: DashboardChartQuery) => ["dashboard", "ticketsDay", range] as const;
export const ticketsByAttendantQueryKey = (range: DashboardChartQuery) => ["dashboard", "ticketsUsers", range] as const;
/** Every chart of every range. */
export const chartsQueryKeys = [["dashboard", "ticketsDay"], ["dashboard", "ticketsUsers"]] as const;
