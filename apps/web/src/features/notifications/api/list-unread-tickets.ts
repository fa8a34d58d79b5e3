import { type Ticket, ZListTicketsResponse } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { isNotifiable, type NotificationViewer, sortNotifications } from "../utils/notification-rules.ts";

export const unreadTicketsQueryKey = (userId: number) => ["notifications", "unread-tickets", userId] as const;

/**
 * GET /tickets twice: the user's open tickets with unread messages and the pending ones with unread
 * messages (the server limits them to what the user may see); what the popover lists of them.
 */
export async function fetchUnreadTickets(viewer: NotificationViewer, signal?: AbortSignal): Promise<Ticket[]> {
  const [open, pending] = await Promise.all([
    apiRequest("/tickets", ZListTicketsResponse, {
      query: { status: "open", users: JSON.stringify([viewer.id]), withUnreadMessages: "true", pageNumber: 1 },
      signal,
    }),
    apiRequest("/tickets", ZListTicketsResponse, { query: { status: "pending", withUnreadMessages: "true", pageNumber: 1 }, signal }),
  ]);
  return sortNotifications([...open.tickets, ...pending.tickets].filter((ticket) => isNotifiable(ticket, viewer)));
}

/** The unread tickets of the bell; kept current by live events. A failure leaves the bell empty. */
export function useUnreadTickets(viewer: NotificationViewer) {
  return useQuery({
    queryKey: unreadTicketsQueryKey(viewer.id),
    queryFn: ({ signal }) => fetchUnreadTickets(viewer, signal),
    staleTime: 5 * 60_000,
    meta: { silentError: true },
  });
}
