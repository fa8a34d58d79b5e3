import { type Announcement, ZAnnouncement } from "@conversa/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiBlob, apiRequest } from "../../../lib/api-client.ts";
import { useObjectUrl } from "../../../lib/object-url.ts";
import { storeAnnouncement } from "./cache.ts";
import { announcementImageQueryKey } from "./query-keys.ts";

/**
 * POST /announcements/{id}/media-upload (multipart `file`): attaches a picture, replacing any earlier one.
 * Rejects with ERR_MEDIA_TYPE_NOT_ALLOWED, ERR_MEDIA_TOO_LARGE, ERR_NO_PERMISSION.
 */
export function uploadAnnouncementMedia({ id, file }: { id: number; file: File }): Promise<Announcement> {
  const form = new FormData();
  form.append("file", file, file.name);
  return apiRequest(`/announcements/${id}/media-upload`, ZAnnouncement, { method: "POST", body: form });
}

/** DELETE /announcements/{id}/media-upload: removes the picture. */
export function deleteAnnouncementMedia(id: number): Promise<Announcement> {
  return apiRequest(`/announcements/${id}/media-upload`, ZAnnouncement, { method: "DELETE" });
}

/** Attaches a picture; the lists show it at once. Failures become error toasts. */
export function useUploadAnnouncementMedia() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadAnnouncementMedia, onSuccess: (announcement) => storeAnnouncement(queryClient, announcement) });
}

/** Removes a picture; the lists show it at once. Failures become error toasts. */
export function useDeleteAnnouncementMedia() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAnnouncementMedia, onSuccess: (announcement) => storeAnnouncement(queryClient, announcement) });
}

/**
 * An object URL of an announcement's picture while the caller is mounted, or null until loaded. The
 * picture is served only with a session (GET /media/announcements/{file}), so it is fetched with the
 * bearer token, never with the token in the URL.
 */
export function useAnnouncementImage(path: string | null) {
  const query = useQuery({
    queryKey: announcementImageQueryKey(path ?? ""),
    queryFn: ({ signal }) => apiBlob(path ?? "", { signal }),
    enabled: path !== null,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silentError: true },
  });
  return { url: useObjectUrl(query.data), isLoading: query.isFetching, isError: query.isError };
}
