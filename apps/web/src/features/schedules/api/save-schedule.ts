import { type Schedule, type ScheduleBody, ZSchedule } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { storeSchedule } from "../utils/schedule-cache.ts";

/** POST /schedules, or PUT /schedules/{id} when `id` is given. */
export function saveSchedule({ id, body }: { id: number | null; body: ScheduleBody }): Promise<Schedule> {
  return id === null ? apiRequest("/schedules", ZSchedule, { method: "POST", body }) : apiRequest(`/schedules/${id}`, ZSchedule, { method: "PUT", body });
}

/** Creates or changes a schedule; the calendar shows the result at once. Failures become error toasts. */
export function useSaveSchedule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveSchedule, onSuccess: (schedule) => storeSchedule(queryClient, schedule) });
}
