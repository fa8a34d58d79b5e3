import { type Ticket, ZTicket } from "@conversa/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { matchPath, useLocation, useNavigate } from "react-router";
import { z } from "zod";
import { plainText } from "../../../lib/format-text.ts";
import { useCompanyEvent, useRealtimeJoin } from "../../../lib/socket-provider.tsx";
import { readVolume } from "../../../lib/storage.ts";
import { showToast } from "../../../lib/toast.ts";
import { unreadTicketsQueryKey, useUnreadTickets } from "../api/list-unread-tickets.ts";
import { playBeep, unlockAudio } from "../utils/beep.ts";
import { askNotificationPermissionOnce, showBrowserNotification } from "../utils/browser-notification.ts";
import { applyNotificationUpdate, type NotificationViewer, shouldAlert, titleWithCount } from "../utils/notification-rules.ts";

const ZTicketEvent = z.discriminatedUnion("action", [
  z.object({ action: z.literal("update"), ticket: ZTicket }),
  z.object({ action: z.literal("delete"), ticketId: z.number() }),
  z.object({ action: z.literal("updateUnread"), ticketId: z.number() }),
]);

const ZMessageCreateEvent = z.object({
  action: z.literal("create"),
  message: z.object({ id: z.number(), body: z.string(), fromMe: z.boolean(), mediaType: z.string().optional() }),
  ticket: ZTicket,
});

/** Keeps the title prefixed with the unread count, also when a page changes the title. */
function useTitleCount(count: number): void {
  useEffect(() => {
    const apply = () => {
      const next = titleWithCount(document.title, count);
      if (document.title !== next) document.title = next;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => {
      observer.disconnect();
      document.title = titleWithCount(document.title, 0);
    };
  }, [count]);
}

/** Asks for the browser-notification permission and unlocks audio at the user's first gesture. */
function usePermissionOnFirstGesture(): void {
  useEffect(() => {
    const onGesture = () => {
      askNotificationPermissionOnce();
      unlockAudio();
    };
    document.addEventListener("pointerdown", onGesture, { once: true });
    document.addEventListener("keydown", onGesture, { once: true });
    return () => {
      document.removeEventListener("pointerdown", onGesture);
      document.removeEventListener("keydown", onGesture);
    };
  }, []);
}


const ZSlaAlertEvent = z.object({
  action: z.literal("late"),
  alert: z.object({ ticketId: z.number(), uuid: z.string(), contactName: z.string(), queueId: z.number(), queueName: z.string(), slaMinutesTarget: z.number() }),
});
/**
 * The ticket notifications of the signed-in user: the unread tickets (live), a beep and a browser
 * notification for each new customer message on a ticket the user can see and is not looking at,
 * and the unread count in the document title.
 */
export function useTicketNotifications(viewer: NotificationViewer): Ticket[] {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const currentUuid = matchPath("/tickets/:ticketUuid", pathname)?.params.ticketUuid;
  const unread = useUnreadTickets(viewer);
  const tickets = unread.data ?? [];
  const queryKey = unreadTicketsQueryKey(viewer.id);

  useRealtimeJoin("notification");
  usePermissionOnFirstGesture();
  useTitleCount(tickets.length);

  const update = (change: (list: Ticket[]) => Ticket[]) => {
    queryClient.setQueryData<Ticket[]>(queryKey, (list) => (list ? change(list) : list));
  };

  useCompanyEvent("ticket", (payload) => {
    const event = ZTicketEvent.safeParse(payload);
    if (!event.success) return;
    const data = event.data;
    if (data.action === "update") update((list) => applyNotificationUpdate(list, data.ticket, viewer));
    else update((list) => list.filter((ticket) => ticket.id !== data.ticketId));
  });

  // A pending ticket waited past its queue's SLA target (sent once, to the queue's admins only).
  useCompanyEvent("sla", (payload) => {
    const event = ZSlaAlertEvent.safeParse(payload);
    if (!event.success) return;
    const { alert } = event.data;
    showToast(t("distribution.sla.alert", { id: alert.ticketId, name: alert.contactName, minutes: alert.slaMinutesTarget, queue: alert.queueName }), "warning", 10_000);
  });

  useCompanyEvent("appMessage", (payload) => {
    const event = ZMessageCreateEvent.safeParse(payload);
    if (!event.success) return;
    const { message, ticket } = event.data;
    update((list) => applyNotificationUpdate(list, ticket, viewer, true));
    const isPageVisible = document.visibilityState === "visible";
    if (!shouldAlert(message, ticket, viewer, { currentUuid, isPageVisible })) return;
    playBeep(readVolume());
    const name = ticket.contact.name || ticket.contact.number;
    showBrowserNotification(
      t("notifications.newMessage", { name }),
      { body: plainText(message.body) || t("notifications.media"), tag: ticket.uuid, icon: ticket.contact.profilePicUrl ?? undefined },
      () => void navigate(`/tickets/${ticket.uuid}`),
    );
  });

  return tickets;
}
