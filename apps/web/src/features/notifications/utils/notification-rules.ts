import { mayViewTicket, type SessionUser, type Ticket } from "@conversa/shared";

/** The signed-in user as far as notifications go. */
export type NotificationViewer = Pick<SessionUser, "id" | "profile" | "allTicket"> & { queues: readonly { id: number }[] };

type TicketFacts = Pick<Ticket, "status" | "userId" | "queueId" | "unreadMessages">;

/** Whether a ticket's queue is one the user works in; a ticket without queue only with allTicket enabled. */
export function isInViewerQueues(ticket: Pick<Ticket, "queueId">, viewer: NotificationViewer): boolean {
  if (ticket.queueId === null) return viewer.allTicket === "enabled";
  return viewer.queues.some((queue) => queue.id === ticket.queueId);
}

/** Whether the user may see a ticket at all: the server's visibility rule (`mayViewTicket`). */
export function canSeeTicket(ticket: Pick<Ticket, "userId" | "queueId">, viewer: NotificationViewer): boolean {
  return mayViewTicket({ profile: viewer.profile, userId: viewer.id, allTicket: viewer.allTicket, queueIds: viewer.queues.map((queue) => queue.id) }, ticket);
}

/**
 * Whether a ticket is listed in the notifications popover: it has unread messages and is either
 * open and assigned to the user, or pending in one of the user's queues (without a queue only
 * when the user's allTicket is enabled).
 */
export function isNotifiable(ticket: TicketFacts, viewer: NotificationViewer): boolean {
  if (ticket.unreadMessages <= 0) return false;
  if (ticket.status === "open") return ticket.userId === viewer.id;
  if (ticket.status === "pending") return isInViewerQueues(ticket, viewer);
  return false;
}

export interface AlertContext {
  /** The ticket uuid of the conversation on screen (/tickets/{uuid}), if any. */
  currentUuid: string | undefined;
  /** Whether the page is visible (not a background tab). */
  isPageVisible: boolean;
}

/**
 * Whether a new message rings (sound and browser notification): a customer's message on a ticket
 * the user can see that is not closed, not another attendant's, and not the one the user is looking at.
 */
export function shouldAlert(
  message: { fromMe: boolean },
  ticket: Pick<Ticket, "uuid" | "status" | "userId" | "queueId">,
  viewer: NotificationViewer,
  context: AlertContext,
): boolean {
  if (message.fromMe) return false;
  if (ticket.status === "closed") return false;
  if (ticket.userId !== null && ticket.userId !== viewer.id) return false;
  if (!canSeeTicket(ticket, viewer)) return false;
  return !(context.isPageVisible && ticket.uuid === context.currentUuid);
}

/** The unread tickets, newest first, without duplicates. */
export function sortNotifications(tickets: readonly Ticket[]): Ticket[] {
  const byId = new Map<number, Ticket>();
  for (const ticket of tickets) byId.set(ticket.id, ticket);
  return [...byId.values()].sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt));
}

/** The list after a ticket changed: kept (first when `toTop`) while notifiable, dropped otherwise. */
export function applyNotificationUpdate(list: readonly Ticket[], ticket: Ticket, viewer: NotificationViewer, toTop = false): Ticket[] {
  const rest = list.filter((item) => item.id !== ticket.id);
  if (!isNotifiable(ticket, viewer)) return rest.length === list.length ? [...list] : rest;
  return toTop ? [ticket, ...rest] : sortNotifications([...rest, ticket]);
}

/** The document title with the unread count in front: "(3) Conversa"; the bare title at 0. */
export function titleWithCount(title: string, count: number): string {
  const bare = title.replace(/^\(\d+\)\s/, "");
  return count > 0 ? `(${count}) ${bare}` : bare;
}
