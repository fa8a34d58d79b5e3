import { ZCampaign } from "@conversa/shared";
import { useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { useCompanyEvent } from "../../../lib/socket-provider.tsx";
import { forgetCampaign, storeCampaign } from "../api/cache.ts";

const ZCampaignEvent = z.discriminatedUnion("action", [
  z.object({ action: z.enum(["create", "update"]), record: ZCampaign }),
  z.object({ action: z.literal("delete"), id: z.number() }),
]);

/**
 * Keeps the cached campaigns (the list's pages and the report's campaign) in step with
 * `company-{id}-campaign`: every dispatch step publishes the campaign with its progress. `onUpdate` sees
 * every campaign announced (the report reloads after FINALIZADA).
 */
export function useCampaignsLiveUpdates(onUpdate?: (campaign: z.infer<typeof ZCampaign>) => void): void {
  const queryClient = useQueryClient();
  useCompanyEvent("campaign", (payload) => {
    const event = ZCampaignEvent.safeParse(payload);
    if (!event.success) return;
    if (event.data.action === "delete") {
      forgetCampaign(queryClient, event.data.id);
      return;
    }
    storeCampaign(queryClient, event.data.record);
    onUpdate?.(event.data.record);
  });
}
