import { type QuickMessage, ZQuickMessage } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";
import { conversationKeys } from "./query-keys.ts";

/** GET /quick-messages/list: the quick replies the user may use. */
export function fetchQuickMessages(): Promise<QuickMessage[]> {
  return apiRequest("/quick-messages/list", z.array(ZQuickMessage));
}

/** Quick replies, fetched once the input needs them; a failure leaves the list empty, quietly. */
export function useQuickMessages(enabled: boolean) {
  return useQuery({ queryKey: conversationKeys.quickMessages, queryFn: fetchQuickMessages, enabled, meta: { silentError: true } });
}
