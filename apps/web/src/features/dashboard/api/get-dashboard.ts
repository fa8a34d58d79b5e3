import { type DashboardQuery, type DashboardResponse, ZDashboardResponse } from "@conversa/shared";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { chartsQueryKeys, dashboardQueryKey } from "./query-keys.ts";

/** GET /dashboard: the counters and attendants of a period (days, or date_from and date_to). */
export function fetchDashboard(query: DashboardQuery): Promise<DashboardResponse> {
  return apiRequest("/dashboard", ZDashboardResponse, { query });
}

/** The dashboard's figures for the applied period; the previous figures stay while a new period loads. */
export function useDashboard(query: DashboardQuery) {
  return useQuery({
    queryKey: dashboardQueryKey(query),
    queryFn: () => fetchDashboard(query),
    placeholderData: keepPreviousData,
  });
}

/** Asks the charts again (on "Filtrar": the user expects fresh figures everywhere, the charts keeping their own dates). */
export function useRefreshCharts(): () => void {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of chartsQueryKeys) void queryClient.invalidateQueries({ queryKey });
  };
}
