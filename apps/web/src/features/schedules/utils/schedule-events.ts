import type { Schedule, ScheduleStatus } from "@conversa/shared";
import { addMinutes } from "date-fns";

/** How long an event looks in the week and day views (a schedule is a moment). */
const EVENT_MINUTES = 30;
/** Characters of the body shown in an event's title. */
export const EVENT_BODY_LENGTH = 40;

/** A schedule as the calendar draws it. */
export interface ScheduleEvent {
  id: number;
  title: string;
  start: Date;
  end: Date;
  status: ScheduleStatus;
  schedule: Schedule;
}

/** The body cut to `length` characters, with an ellipsis when cut. */
export function cutText(text: string, length = EVENT_BODY_LENGTH): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > length ? `${flat.slice(0, length - 1).trimEnd()}…` : flat;
}

/** The calendar's events: titled with the contact's name and the body cut. */
export function toScheduleEvents(schedules: Schedule[], titleOf: (contact: string, body: string) => string): ScheduleEvent[] {
  return schedules.map((schedule) => {
    const start = new Date(schedule.sendAt);
    return { id: schedule.id, title: titleOf(schedule.contact.name, cutText(schedule.body)), start, end: addMinutes(start, EVENT_MINUTES), status: schedule.status, schedule };
  });
}
