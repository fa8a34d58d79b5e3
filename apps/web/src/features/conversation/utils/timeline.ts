import type { Message, TicketActivity } from "@conversa/shared";
import { format, isSameDay, isValid, parseISO } from "date-fns";

/** One row of the message list: a message or a separator drawn before it. */
export type TimelineItem =
  | { kind: "day"; key: string; /** yyyy-MM-dd, local time. */ day: string; isToday: boolean }
  | { kind: "ticketEnded"; key: string; ticketId: number }
  | { kind: "ticketStarted"; key: string; ticketId: number }
  | { kind: "message"; key: string; message: Message }
  | { kind: "activity"; key: string; activity: TicketActivity };

function dateOf(item: { createdAt: string }): Date {
  const date = parseISO(item.createdAt);
  return isValid(date) ? date : new Date(0);
}

/**
 * The rows of a conversation in ascending order (spec core §2): a day separator before the first
 * message or activity of each day, 'conversation ended' / 'conversation started' dividers where the
 * ticket changes (the list includes the contact's earlier tickets on the same connection), and the
 * tickets' activity lines among the messages by time (an activity before a message of the same instant).
 */
export function buildTimeline(messages: readonly Message[], now: Date, activities: readonly TicketActivity[] = []): TimelineItem[] {
  const items: TimelineItem[] = [];
  let previous: { message: Message; date: Date } | null = null;
  let lastDate: Date | null = null;
  const addDay = (date: Date, id: string) => {
    if (lastDate === null || !isSameDay(lastDate, date)) {
      const day = format(date, "yyyy-MM-dd");
      items.push({ kind: "day", key: `day-${day}-${id}`, day, isToday: isSameDay(date, now) });
    }
    lastDate = date;
  };
  let next = 0;
  const addActivitiesUntil = (limit: Date | null) => {
    for (; next < activities.length; next += 1) {
      const activity = activities[next];
      if (!activity) break;
      const date = dateOf(activity);
      if (limit && date.getTime() > limit.getTime()) break;
      addDay(date, `a${activity.id}`);
      items.push({ kind: "activity", key: `activity-${activity.id}`, activity });
    }
  };
  for (const message of messages) {
    const date = dateOf(message);
    addActivitiesUntil(date);
    const ticketChanged = previous !== null && previous.message.ticketId !== message.ticketId;
    if (ticketChanged && previous) {
      items.push({ kind: "ticketEnded", key: `ended-${previous.message.ticketId}-${message.id}`, ticketId: previous.message.ticketId });
    }
    addDay(date, String(message.id));
    if (ticketChanged) {
      items.push({ kind: "ticketStarted", key: `started-${message.ticketId}-${message.id}`, ticketId: message.ticketId });
    }
    items.push({ kind: "message", key: `message-${message.id}`, message });
    previous = { message, date };
  }
  addActivitiesUntil(null);
  return items;
}
