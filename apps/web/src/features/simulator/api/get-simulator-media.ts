import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiBlob } from "../../../lib/api-client.ts";
import { saveBlob, useObjectUrl } from "../../../lib/object-url.ts";
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
  const url = useObjectUrl(query.data);

  return { url, isError: query.isError };
}

/** Downloads a file the company sent: fetched with the token, saved under its file name, the object URL revoked after. */
export function useDownloadSimulatorMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ path, fileName }: { path: string; fileName: string }) => {
      const blob = await queryClient.fetchQuery({ queryKey: simulatorKeys.media(path), queryFn: ({ signal }) => fetchSimulatorMedia(path, signal), staleTime: Number.POSITIVE_INFINITY });
      saveBlob(blob, fileName);
    },
  });
}
