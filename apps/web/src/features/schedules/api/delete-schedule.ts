import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiSend } from "../../../lib/api-client.ts";
import { forgetSchedule } from "../utils/schedule-cache.ts";

/** DELETE /schedules/{id}. */
export function deleteSchedule(id: number): Promise<void> {
  return apiSend(`/schedules/${id}`, { method: "DELETE" });
}

/** Deletes a schedule (its send is cancelled) and drops it from the calendar. Failures become error toasts. */
export function useDeleteSchedule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteSchedule, onSuccess: (_result, id) => forgetSchedule(queryClient, id) });
}
