import type { Message } from "@conversa/shared";
import { format, isSameDay, isValid, parseISO } from "date-fns";

/** One row of the message list: a message or a separator drawn before it. */
export type TimelineItem =
  | { kind: "day"; key: string; /** yyyy-MM-dd, local time. */ day: string; isToday: boolean }
  | { kind: "ticketEnded"; key: string; ticketId: number }
  | { kind: "ticketStarted"; key: string; ticketId: number }
  | { kind: "message"; key: string; message: Message };

function dateOf(message: Message): Date {
  const date = parseISO(message.createdAt);
  return isValid(date) ? date : new Date(0);
}

/**
 * The rows of a conversation in ascending order (spec core §2): a day separator before the first
 * message of each day, and 'conversation ended' / 'conversation started' dividers where the ticket
 * changes (the list includes the contact's earlier tickets on the same connection).
 */
export function buildTimeline(messages: readonly Message[], now: Date): TimelineItem[] {
  const items: TimelineItem[] = [];
  let previous: { message: Message; date: Date } | null = null;
  for (const message of messages) {
    const date = dateOf(message);
    const ticketChanged = previous !== null && previous.message.ticketId !== message.ticketId;
    if (ticketChanged && previous) {
      items.push({ kind: "ticketEnded", key: `ended-${previous.message.ticketId}-${message.id}`, ticketId: previous.message.ticketId });
    }
    if (previous === null || !isSameDay(previous.date, date)) {
      const day = format(date, "yyyy-MM-dd");
      items.push({ kind: "day", key: `day-${day}-${message.id}`, day, isToday: isSameDay(date, now) });
    }
    if (ticketChanged) {
      items.push({ kind: "ticketStarted", key: `started-${message.ticketId}-${message.id}`, ticketId: message.ticketId });
    }
    items.push({ kind: "message", key: `message-${message.id}`, message });
    previous = { message, date };
  }
  return items;
}
