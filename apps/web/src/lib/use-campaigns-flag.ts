import { useSyncExternalStore } from "react";
import { hasCampaignsFlag, subscribeCampaignsFlag } from "./storage.ts";

/** Whether the local cshow flag exists now (spec core §2); follows its changes. */
export function useCampaignsFlag(): boolean {
  return useSyncExternalStore(subscribeCampaignsFlag, hasCampaignsFlag);
}
