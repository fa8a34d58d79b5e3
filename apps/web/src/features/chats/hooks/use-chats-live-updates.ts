import { ZChat, ZChatMessage } from "@conversa/shared";
import { useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { useCompanyEvent } from "../../../lib/socket-provider.tsx";
import { forgetChat, storeChat, storeChatMessage } from "../api/cache.ts";

/** `company-{id}-chat` as the server sends it to a chat's members. */
export const ZChatEvent = z.discriminatedUnion("action", [
  z.object({ action: z.enum(["create", "update"]), record: ZChat }),
  z.object({ action: z.literal("delete"), id: z.number() }),
  z.object({ action: z.literal("new-message"), newMessage: ZChatMessage, chat: ZChat }),
]);
export type ChatEvent = z.infer<typeof ZChatEvent>;

/**
 * Keeps every cached chat list, chat and conversation of the user in step with `company-{id}-chat`
 * (spec admin §4): new chats and chats the user was added to appear, changed ones update (unread counts
 * included), deleted ones and those the user was removed from disappear, new messages join their
 * conversation and move their chat up. Applying an event twice changes nothing more.
 */
export function useChatsLiveUpdates(userId: number): void {
  const queryClient = useQueryClient();
  useCompanyEvent("chat", (payload) => {
    const event = ZChatEvent.safeParse(payload);
    if (!event.success) return;
    const data = event.data;
    if (data.action === "delete") forgetChat(queryClient, data.id);
    else if (data.action === "new-message") {
      storeChatMessage(queryClient, data.newMessage);
      storeChat(queryClient, data.chat, userId, { isNewMessage: true });
    } else storeChat(queryClient, data.record, userId);
  });
}
