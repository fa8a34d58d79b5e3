import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { conversationKeys } from "./query-keys.ts";
import { apiBlob } from "../../../lib/api-client.ts";
import { saveBlob, useObjectUrl } from "../../../lib/object-url.ts";

/** GET /media/{file}: authenticated, so fetched with the bearer token, never with the token in the URL. */
export function fetchMedia(path: string, signal?: AbortSignal): Promise<Blob> {
  return apiBlob(path, { signal });
}

/**
 * An object URL of a message's media while the caller is mounted (revoked after), or null until it
 * is loaded. `enabled` defers the download (videos, documents) until the user asks.
 */
export function useMediaUrl(path: string | null, enabled = true) {
  const query = useQuery({
    queryKey: conversationKeys.media(path ?? ""),
    queryFn: ({ signal }) => fetchMedia(path ?? "", signal),
    enabled: enabled && path !== null,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silentError: true },
  });
  const url = useObjectUrl(query.data);

  return {
    url,
    isLoading: query.isFetching,
    isError: query.isError,
    retry: () => void query.refetch(),
  };
}

/** Downloads a document: fetched with the token, saved under its file name, the object URL revoked after. */
export function useDownloadMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ path, fileName }: { path: string; fileName: string }) => {
      const blob = await queryClient.fetchQuery({ queryKey: conversationKeys.media(path), queryFn: ({ signal }) => fetchMedia(path, signal), staleTime: Number.POSITIVE_INFINITY });
      saveBlob(blob, fileName);
    },
  });
}
