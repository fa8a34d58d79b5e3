import { type Announcement, type AnnouncementBody, ZAnnouncement } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { storeAnnouncement } from "./cache.ts";

export interface SaveAnnouncementInput {
  /** The announcement to change; null creates one. */
  id: number | null;
  body: AnnouncementBody;
}

/** POST /announcements, or PUT /announcements/{id}. Rejects with ERR_NO_ANNOUNCEMENT_FOUND, ERR_NO_PERMISSION. */
export function saveAnnouncement({ id, body }: SaveAnnouncementInput): Promise<Announcement> {
  return id === null
    ? apiRequest("/announcements", ZAnnouncement, { method: "POST", body })
    : apiRequest(`/announcements/${id}`, ZAnnouncement, { method: "PUT", body });
}

/** Creates or changes an announcement; the lists show the result at once. Failures become error toasts. */
export function useSaveAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveAnnouncement, onSuccess: (announcement) => storeAnnouncement(queryClient, announcement) });
}
