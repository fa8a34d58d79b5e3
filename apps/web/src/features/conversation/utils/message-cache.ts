import type { Message, TicketActivity } from "@conversa/shared";

/** A page of GET /messages/{ticketId} as kept in the cache (page 1 holds the newest messages). */
export interface MessagesPage {
  messages: Message[];
  /** The ticket activities among this page's messages (accepted, transferred, …). */
  activities: TicketActivity[];
  ticket: { id: number; uuid: string; status: string };
  count: number;
  hasMore: boolean;
}

export interface MessagePages {
  pages: MessagesPage[];
  pageParams: unknown[];
}

function byTime(a: Message, b: Message): number {
  const diff = Date.parse(a.createdAt) - Date.parse(b.createdAt);
  return Number.isNaN(diff) || diff === 0 ? a.id - b.id : diff;
}

/**
 * The conversation in ascending order from the cached pages, each message once (pages shift as new
 * messages arrive, so a message can be in two pages).
 */
export function flattenPages(data: MessagePages | undefined): Message[] {
  if (!data) return [];
  const byId = new Map<number, Message>();
  for (const page of [...data.pages].reverse()) {
    for (const message of page.messages) if (!byId.has(message.id)) byId.set(message.id, message);
  }
  return [...byId.values()].sort(byTime);
}

/** Adds new messages to the newest page (or replaces them when already there). */
export function appendMessages(data: MessagePages | undefined, messages: readonly Message[]): MessagePages | undefined {
  if (!data || data.pages.length === 0) return data;
  const [first, ...rest] = data.pages;
  if (!first) return data;
  let list = first.messages;
  let added = 0;
  for (const message of messages) {
    if (list.some((m) => m.id === message.id)) {
      list = list.map((m) => (m.id === message.id ? message : m));
    } else {
      list = [...list, message];
      added += 1;
    }
  }
  if (list === first.messages) return data;
  return { ...data, pages: [{ ...first, messages: list, count: first.count + added }, ...rest] };
}

/** Replaces a message wherever it is cached (acks, send status, deletion); unknown messages are ignored. */
export function replaceMessage(data: MessagePages | undefined, message: Message): MessagePages | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    if (!page.messages.some((m) => m.id === message.id)) return page;
    changed = true;
    return { ...page, messages: page.messages.map((m) => (m.id === message.id ? message : m)) };
  });
  return changed ? { ...data, pages } : data;
}

/** The ticket ids present in the cached conversation. */
export function ticketIdsOf(data: MessagePages | undefined): Set<number> {
  const ids = new Set<number>();
  for (const page of data?.pages ?? []) {
    ids.add(page.ticket.id);
    for (const message of page.messages) ids.add(message.ticketId);
  }
  return ids;
}

/** The ticket activities of the cached pages, each once, oldest first. */
export function flattenActivities(data: MessagePages | undefined): TicketActivity[] {
  const byId = new Map<number, TicketActivity>();
  for (const page of data?.pages ?? []) for (const activity of page.activities) byId.set(activity.id, activity);
  return [...byId.values()].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id - b.id);
}

/** Adds an activity that just happened to the newest page (once). */
export function appendActivity(data: MessagePages | undefined, activity: TicketActivity): MessagePages | undefined {
  const [first, ...rest] = data?.pages ?? [];
  if (!data || !first || first.activities.some((item) => item.id === activity.id)) return data;
  return { ...data, pages: [{ ...first, activities: [...first.activities, activity] }, ...rest] };
}
