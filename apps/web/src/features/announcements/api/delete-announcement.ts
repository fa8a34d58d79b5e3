import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiSend } from "../../../lib/api-client.ts";
import { forgetAnnouncement } from "./cache.ts";

/** DELETE /announcements/{id}: the announcement and its picture. */
export function deleteAnnouncement(id: number): Promise<void> {
  return apiSend(`/announcements/${id}`, { method: "DELETE" });
}

/** Deletes an announcement and drops it from the lists. Failures become error toasts. */
export function useDeleteAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAnnouncement, onSuccess: (_result, id) => forgetAnnouncement(queryClient, id) });
}
