import { type CloudTemplate, ZCloudTemplate } from "@conversa/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";
import { conversationKeys } from "./query-keys.ts";

const ZCloudTemplateList = z.array(ZCloudTemplate);

/**
 * GET /whatsapp/{id}/templates: the message templates of an official-line connection, as last synced from
 * Meta (daily), or synced now with `refresh`.
 */
export function fetchCloudTemplates(whatsappId: number, options: { refresh?: boolean; signal?: AbortSignal } = {}): Promise<CloudTemplate[]> {
  return apiRequest(`/whatsapp/${whatsappId}/templates`, ZCloudTemplateList, { signal: options.signal, query: options.refresh ? { refresh: "true" } : undefined });
}

export function useCloudTemplates(whatsappId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: conversationKeys.templates(whatsappId ?? 0),
    queryFn: ({ signal }) => fetchCloudTemplates(whatsappId ?? 0, { signal }),
    enabled: enabled && whatsappId !== null,
  });
}

/** Syncs the connection's templates from Meta now, and shows the result. Failures are the caller's to report. */
export function useRefreshCloudTemplates(whatsappId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => fetchCloudTemplates(whatsappId ?? 0, { refresh: true }),
    meta: { silentError: true },
    onSuccess: (templates) => queryClient.setQueryData(conversationKeys.templates(whatsappId ?? 0), templates),
  });
}
