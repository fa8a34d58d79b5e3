import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { conversationKeys } from "./query-keys.ts";
import { apiBlob } from "../../../lib/api-client.ts";

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
  const blob = query.data;
  const [url, setUrl] = useState<{ blob: Blob; url: string } | null>(null);

  useEffect(() => {
    if (!blob) return;
    const objectUrl = URL.createObjectURL(blob);
    setUrl({ blob, url: objectUrl });
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);

  return {
    url: url && url.blob === blob ? url.url : null,
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
      const url = URL.createObjectURL(blob);
      const anchor = document.createElement("a");
      anchor.href = url;
      anchor.download = fileName;
      anchor.rel = "noopener";
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
      // The browser reads the URL asynchronously after the click.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
  });
}
