import { type CloudTemplate, ZCloudTemplate } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";
import { conversationKeys } from "./query-keys.ts";

const ZCloudTemplateList = z.array(ZCloudTemplate);

/** GET /whatsapp/{id}/templates: the message templates of an official-line connection, as last synced from Meta. */
export function fetchCloudTemplates(whatsappId: number, signal?: AbortSignal): Promise<CloudTemplate[]> {
  return apiRequest(`/whatsapp/${whatsappId}/templates`, ZCloudTemplateList, { signal });
}

export function useCloudTemplates(whatsappId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: conversationKeys.templates(whatsappId ?? 0),
    queryFn: ({ signal }) => fetchCloudTemplates(whatsappId ?? 0, signal),
    enabled: enabled && whatsappId !== null,
  });
}
