import { type Schedule, ZSchedule } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { storeSchedule } from "../utils/schedule-cache.ts";

/** DELETE /schedules/{id}/media-upload: removes the attachment. */
export function removeScheduleMedia(id: number): Promise<Schedule> {
  return apiRequest(`/schedules/${id}/media-upload`, ZSchedule, { method: "DELETE" });
}

/** Removes a schedule's attachment. Failures become error toasts. */
export function useRemoveScheduleMedia() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeScheduleMedia, onSuccess: (schedule) => storeSchedule(queryClient, schedule) });
}
