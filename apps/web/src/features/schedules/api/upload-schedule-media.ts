import { type Schedule, ZSchedule } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { storeSchedule } from "../utils/schedule-cache.ts";

/** POST /schedules/{id}/media-upload (multipart `file`): attaches an image, replacing any other. */
export function uploadScheduleMedia({ id, file }: { id: number; file: File }): Promise<Schedule> {
  const form = new FormData();
  form.append("file", file, file.name);
  return apiRequest(`/schedules/${id}/media-upload`, ZSchedule, { method: "POST", body: form });
}

/** Attaches an image to a schedule. Failures become error toasts. */
export function useUploadScheduleMedia() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadScheduleMedia, onSuccess: (schedule) => storeSchedule(queryClient, schedule) });
}
