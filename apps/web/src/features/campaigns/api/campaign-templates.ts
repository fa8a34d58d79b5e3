import { ZCloudTemplate } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";
import { campaignOptionsKeys } from "./query-keys.ts";

const ZCloudTemplateList = z.array(ZCloudTemplate);

/** GET /whatsapp/{id}/templates: an official-line connection's templates as last synced from Meta, for the campaign dialog. */
export function useCampaignTemplates(whatsappId: number | null) {
  return useQuery({
    queryKey: campaignOptionsKeys.templates(whatsappId ?? 0),
    queryFn: ({ signal }) => apiRequest(`/whatsapp/${whatsappId ?? 0}/templates`, ZCloudTemplateList, { signal }),
    enabled: whatsappId !== null,
    staleTime: 0,
  });
}
