import { type Ticket, type TicketActivity, ZMessage, ZTicket, ZTicketActivity } from "@conversa/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { z } from "zod";
import { useCompanyEvent, useRealtimeJoin, useRealtimeReconnect } from "../../../lib/socket-provider.tsx";
import { refreshNewestPage } from "../api/list-messages.ts";
import { isUpdatingTicket } from "../api/update-ticket.ts";
import { conversationKeys } from "../api/query-keys.ts";
import { appendActivity, appendMessages, type MessagePages, replaceMessage, ticketIdsOf } from "../utils/message-cache.ts";

const ZAppMessageEvent = z.object({
  action: z.enum(["create", "update", "delete"]),
  message: ZMessage,
  ticket: z.object({ id: z.number(), contactId: z.number(), whatsappId: z.number().nullable() }).loose().optional(),
});

/** Customer messages arriving while the conversation is shown are marked read after this pause. */
const MARK_READ_DELAY_MS = 1500;

const ZTicketEvent = z.union([
  z.object({ action: z.literal("update"), ticket: ZTicket, activity: ZTicketActivity.optional() }),
  z.object({ action: z.literal("delete"), ticketId: z.number() }),
]);

/**
 * Keeps the panel live while it shows a ticket (spec core §4): joins the ticket's room, appends new
 * messages of this conversation (earlier tickets of the contact included), applies message updates
 * (acks, send status, deletion) and ticket updates; customer messages that arrive while it is shown
 * are marked read (the newest page is read again). A deleted ticket is fetched again, so that the
 * panel learns whether it still exists. Activities (accepted, transferred, …) join the conversation as they
 * happen; one by someone else that takes or moves this ticket is returned as the notice to show. After a lost connection comes back, the ticket and the newest
 * page are read again (what happened meanwhile was never delivered).
 */
export function useConversationLiveUpdates(ticket: Ticket | undefined, userId?: number): { notice: TicketActivity | null; dismissNotice: () => void } {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<TicketActivity | null>(null);
  const markReadTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useRealtimeJoin("chatBox", ticket?.id, ticket !== undefined);
  useEffect(() => () => clearTimeout(markReadTimer.current), []);

  useRealtimeReconnect(() => {
    if (!ticket) return;
    void queryClient.invalidateQueries({ queryKey: conversationKeys.ticket(ticket.uuid) });
    void refreshNewestPage(queryClient, ticket.id).catch(() => undefined);
  });

  useCompanyEvent("appMessage", (payload) => {
    if (!ticket) return;
    const event = ZAppMessageEvent.safeParse(payload);
    if (!event.success) return;
    const { action, message } = event.data;
    const key = conversationKeys.messages(ticket.id);
    if (action === "create") {
      const cached = queryClient.getQueryData<MessagePages>(key);
      const sameConversation =
        event.data.ticket !== undefined && event.data.ticket.contactId === ticket.contactId && event.data.ticket.whatsappId === ticket.whatsappId;
      if (message.ticketId !== ticket.id && !ticketIdsOf(cached).has(message.ticketId) && !sameConversation) return;
      queryClient.setQueryData<MessagePages>(key, (data) => appendMessages(data, [message]));
      if (!message.fromMe && message.ticketId === ticket.id) {
        // The user is reading this conversation: reading the newest page again marks it read.
        clearTimeout(markReadTimer.current);
        const ticketId = ticket.id;
        markReadTimer.current = setTimeout(() => void refreshNewestPage(queryClient, ticketId).catch(() => undefined), MARK_READ_DELAY_MS);
      }
      return;
    }
    queryClient.setQueryData<MessagePages>(key, (data) => replaceMessage(data, message));
  });

  useCompanyEvent("ticket", (payload) => {
    if (!ticket) return;
    const event = ZTicketEvent.safeParse(payload);
    if (!event.success) return;
    if (event.data.action === "update") {
      if (event.data.ticket.id === ticket.id) queryClient.setQueryData(conversationKeys.ticket(ticket.uuid), event.data.ticket);
      const { activity } = event.data;
      if (activity && (activity.ticketId === ticket.id || ticketIdsOf(queryClient.getQueryData<MessagePages>(conversationKeys.messages(ticket.id))).has(activity.ticketId))) {
        queryClient.setQueryData<MessagePages>(conversationKeys.messages(ticket.id), (data) => appendActivity(data, activity));
        // Someone else took or moved the ticket on screen: say so above the composer.
        const byOther = activity.user?.id !== userId;
        if (activity.ticketId === ticket.id && byOther && (activity.kind === "accepted" || activity.kind === "transferred")) setNotice(activity);
      }
      return;
    }
    // The user's own change (a transfer out of their sight) may be told before its answer arrives: the answer
    // decides whether the panel stays or leaves, and reading the ticket now would only be refused.
    if (event.data.ticketId === ticket.id && !isUpdatingTicket(queryClient, ticket.id)) void queryClient.invalidateQueries({ queryKey: conversationKeys.ticket(ticket.uuid) });
  });

  return { notice, dismissNotice: () => setNotice(null) };
}
