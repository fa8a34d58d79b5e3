import { type QuickMessage, type QuickMessageBody, ZQuickMessage } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { storeQuickMessage } from "./cache.ts";

export interface SaveQuickMessageInput {
  /** The reply to change; null creates one. */
  id: number | null;
  body: QuickMessageBody;
}

/** POST /quick-messages, or PUT /quick-messages/{id}. Rejects with ERR_NO_QUICK_MESSAGE_FOUND, ERR_NO_PERMISSION. */
export function saveQuickMessage({ id, body }: SaveQuickMessageInput): Promise<QuickMessage> {
  return id === null
    ? apiRequest("/quick-messages", ZQuickMessage, { method: "POST", body })
    : apiRequest(`/quick-messages/${id}`, ZQuickMessage, { method: "PUT", body });
}

/** Creates or changes a reply; the lists show the result at once. Failures become error toasts. */
export function useSaveQuickMessage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveQuickMessage, onSuccess: (quick) => storeQuickMessage(queryClient, quick) });
}
