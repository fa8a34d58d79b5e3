import { type Schedule, ZSchedule } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { schedulesKeys } from "./query-keys.ts";

/** GET /schedules/{id}. */
export function fetchSchedule(id: number): Promise<Schedule> {
  return apiRequest(`/schedules/${id}`, ZSchedule);
}

/** One schedule, read fresh each time the dialog opens it. */
export function useSchedule(id: number) {
  return useQuery({ queryKey: schedulesKeys.detail(id), queryFn: () => fetchSchedule(id), staleTime: 0 });
}
