import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { apiBlob } from "../../../lib/api-client.ts";
import { simulatorKeys } from "./keys.ts";

/** GET /simulator/media/:messageId: needs the session, so fetched with the bearer token, never put in a src as is. */
export function fetchSimulatorMedia(path: string, signal?: AbortSignal): Promise<Blob> {
  return apiBlob(path, { signal });
}

/** An object URL of a message's media while the caller is mounted (revoked after), or null until it is loaded. */
export function useSimulatorMediaUrl(path: string | null) {
  const query = useQuery({
    queryKey: simulatorKeys.media(path ?? ""),
    queryFn: ({ signal }) => fetchSimulatorMedia(path ?? "", signal),
    enabled: path !== null,
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

  return { url: url && url.blob === blob ? url.url : null, isError: query.isError };
}

/** Downloads a file the company sent: fetched with the token, saved under its file name, the object URL revoked after. */
export function useDownloadSimulatorMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ path, fileName }: { path: string; fileName: string }) => {
      const blob = await queryClient.fetchQuery({ queryKey: simulatorKeys.media(path), queryFn: ({ signal }) => fetchSimulatorMedia(path, signal), staleTime: Number.POSITIVE_INFINITY });
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
