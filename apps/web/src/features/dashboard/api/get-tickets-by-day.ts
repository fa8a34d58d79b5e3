import { type DashboardChartQuery, type TicketsDayResponse, ZTicketsDayResponse } from "@conversa/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { ticketsByDayQueryKey } from "./query-keys.ts";

/** GET /dashboard/ticketsDay: tickets created per hour (one day) or per day (a range). */
export function fetchTicketsByDay(range: DashboardChartQuery): Promise<TicketsDayResponse> {
  return apiRequest("/dashboard/ticketsDay", ZTicketsDayResponse, { query: range });
}

/** The tickets-per-day chart's data; its failure is shown by the chart itself (spec core §8). */
export function useTicketsByDay(range: DashboardChartQuery) {
  return useQuery({
    queryKey: ticketsByDayQueryKey(range),
    queryFn: () => fetchTicketsByDay(range),
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });
}
