import { type QuickMessage, ZQuickMessage } from "@conversa/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";
import { useCompanyEvent } from "../../../lib/socket-provider.tsx";
import { conversationKeys } from "./query-keys.ts";

/** GET /quick-messages/list: the quick replies the user may use. */
export function fetchQuickMessages(): Promise<QuickMessage[]> {
  return apiRequest("/quick-messages/list", z.array(ZQuickMessage));
}

/**
 * Quick replies, fetched once the input needs them; a failure leaves the list empty, quietly. A reply
 * added, changed or removed anywhere in the company makes the next `/` read the list again.
 */
export function useQuickMessages(enabled: boolean) {
  const queryClient = useQueryClient();
  useCompanyEvent("quickmessage", () => void queryClient.invalidateQueries({ queryKey: conversationKeys.quickMessages }));
  return useQuery({ queryKey: conversationKeys.quickMessages, queryFn: fetchQuickMessages, enabled, meta: { silentError: true } });
}
