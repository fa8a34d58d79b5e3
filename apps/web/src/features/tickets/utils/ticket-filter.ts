import { mayViewTicket, type SessionUser, type Ticket, ZTicketStatus } from "@conversa/shared";
import { z } from "zod";

/** What one ticket list asks GET /tickets for (also its cache key). */
export const ZTicketListFilter = z.object({
  status: ZTicketStatus.optional(),
  searchParam: z.string().optional(),
  showAll: z.boolean().optional(),
  withUnreadMessages: z.boolean().optional(),
  queueIds: z.array(z.number()).optional(),
  tags: z.array(z.number()).optional(),
  users: z.array(z.number()).optional(),
  /** Created on this day (YYYY-MM-DD, in the company's time zone). */
  date: z.string().optional(),
  /** Last activity on this day (YYYY-MM-DD, in the company's time zone). */
  updatedAt: z.string().optional(),
});
export type TicketListFilter = z.infer<typeof ZTicketListFilter>;

/** The signed-in user as far as ticket visibility goes. */
export type TicketViewer = Pick<SessionUser, "id" | "profile" | "allTicket"> & { queues: readonly { id: number }[] };

/** The query string of GET /tickets for a filter and page (id lists as JSON arrays). */
export function toTicketsQuery(filter: TicketListFilter, pageNumber: number): Record<string, string | number | undefined> {
  const ids = (list: number[] | undefined) => (list && list.length > 0 ? JSON.stringify(list) : undefined);
  return {
    pageNumber,
    status: filter.status,
    searchParam: filter.searchParam ? filter.searchParam : undefined,
    showAll: filter.showAll === undefined ? undefined : String(filter.showAll),
    withUnreadMessages: filter.withUnreadMessages ? "true" : undefined,
    queueIds: ids(filter.queueIds),
    tags: ids(filter.tags),
    users: ids(filter.users),
    date: filter.date || undefined,
    updatedAt: filter.updatedAt || undefined,
  };
}

/** Whether the viewer may see a ticket in lists: the server's visibility rule (`mayViewTicket`). */
export function isTicketVisibleTo(ticket: Pick<Ticket, "userId" | "queueId">, viewer: TicketViewer): boolean {
  return mayViewTicket({ profile: viewer.profile, userId: viewer.id, allTicket: viewer.allTicket, queueIds: viewer.queues.map((queue) => queue.id) }, ticket);
}

/**
 * Whether a ticket belongs in a list, judged on the fields the client has. A text search also
 * matches message bodies the client does not hold, so it is not judged here (see `canInsertInto`).
 */
export function ticketMatchesFilter(ticket: Ticket, filter: TicketListFilter, viewer: TicketViewer): boolean {
  if (!isTicketVisibleTo(ticket, viewer)) return false;
  if (filter.status && ticket.status !== filter.status) return false;
  if (filter.users?.length && (ticket.userId === null || !filter.users.includes(ticket.userId))) return false;
  if (filter.queueIds?.length && (ticket.queueId === null || !filter.queueIds.includes(ticket.queueId))) return false;
  if (filter.tags?.length && !ticket.tags.some((tag) => filter.tags?.includes(tag.id))) return false;
  if (filter.withUnreadMessages && ticket.unreadMessages <= 0) return false;
  return true;
}

/** The order of a list: newest activity first, or the longest waiting first (creation, oldest first). */
export type TicketListOrder = "activity" | "waiting";

/** The pending tab is a waiting line (as GET /tickets orders it); every other list is by newest activity. */
export function listOrderOf(filter: TicketListFilter): TicketListOrder {
  return filter.status === "pending" && !filter.searchParam ? "waiting" : "activity";
}

/**
 * Whether a live event may add a ticket the list does not hold yet: not to a text search's results,
 * nor to a list filtered by day (days are counted in the company's time zone, on the server).
 */
export function canInsertInto(filter: TicketListFilter): boolean {
  return !filter.searchParam && !filter.date && !filter.updatedAt;
}

/** The choices of the list header that shape every list's filter. */
export interface TicketListChoices {
  userId: number;
  /** Show-all switch (only on for users with tickets-manager:showall). */
  showAll: boolean;
  queueIds: number[];
  tags: number[];
  /** Search tab only: the admin's user filter. */
  users: number[];
  /** Lowercased, debounced search text. */
  searchParam: string;
  /** Search tab only: created on this day / last activity on this day (YYYY-MM-DD or empty). */
  date?: string;
  updatedAt?: string;
}

/**
 * The filters of the four lists: open tickets assigned to me (all open ones with show-all),
 * pending ones, closed ones (mine, or all with show-all) and the search results.
 */
export function listFilters(choices: TicketListChoices): Record<"assigned" | "pending" | "closed" | "search", TicketListFilter> {
  const common: TicketListFilter = {
    ...(choices.queueIds.length > 0 ? { queueIds: [...choices.queueIds].sort((a, b) => a - b) } : {}),
    ...(choices.tags.length > 0 ? { tags: [...choices.tags].sort((a, b) => a - b) } : {}),
  };
  const mineOrAll: TicketListFilter = choices.showAll ? { showAll: true } : { users: [choices.userId] };
  return {
    assigned: { status: "open", ...common, ...mineOrAll },
    pending: { status: "pending", ...common, ...(choices.showAll ? { showAll: true } : {}) },
    closed: { status: "closed", ...common, ...mineOrAll },
    search: {
      ...common,
      showAll: true,
      ...(choices.searchParam ? { searchParam: choices.searchParam } : {}),
      ...(choices.users.length > 0 ? { users: [...choices.users].sort((a, b) => a - b) } : {}),
      ...(choices.date ? { date: choices.date } : {}),
      ...(choices.updatedAt ? { updatedAt: choices.updatedAt } : {}),
    },
  };
}
