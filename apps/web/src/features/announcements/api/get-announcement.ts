import { type Announcement, ZAnnouncement } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { announcementQueryKey } from "./query-keys.ts";

/** GET /announcements/{id}. Rejects with ERR_NO_ANNOUNCEMENT_FOUND. */
export function fetchAnnouncement(id: number, signal?: AbortSignal): Promise<Announcement> {
  return apiRequest(`/announcements/${id}`, ZAnnouncement, { signal });
}

/** One announcement as the server has it now (the edit dialog starts from it). */
export function useAnnouncement(id: number) {
  return useQuery({ queryKey: announcementQueryKey(id), queryFn: ({ signal }) => fetchAnnouncement(id, signal), staleTime: 0 });
}
