import { type DashboardChartQuery, type TicketsUsersResponse, ZTicketsUsersResponse } from "@conversa/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { ticketsByAttendantQueryKey } from "./query-keys.ts";

/** GET /dashboard/ticketsUsers: tickets created within a range per attendant. */
export function fetchTicketsByAttendant(range: DashboardChartQuery): Promise<TicketsUsersResponse> {
  return apiRequest("/dashboard/ticketsUsers", ZTicketsUsersResponse, { query: range });
}

/** The tickets-per-attendant chart's data; its failure is shown by the chart itself (spec core §8). */
export function useTicketsByAttendant(range: DashboardChartQuery) {
  return useQuery({
    queryKey: ticketsByAttendantQueryKey(range),
    queryFn: () => fetchTicketsByAttendant(range),
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });
}
