import { SCHEDULE_PAST_GRACE_MS } from "@conversa/shared";
import type { RequestContext } from "../../lib/context.ts";
import { type TicketAccessFacts, canAccessTicket } from "../tickets/index.ts";

/** What the reach rule reads of each of a contact's tickets. */
export interface ContactTicketFacts {
  status: string;
  userId: number | null;
  queueId: number | null;
}

const isActive = (ticket: ContactTicketFacts) => ticket.status === "open" || ticket.status === "pending";

/**
 * Whether the actor may reach a contact: schedule a message to it, and see and manage the schedules of
 * others for it. The contact's conversation is where its schedules are written, so the rule follows the
 * ticket visibility rule (canAccessTicket) on the tickets that hold that conversation:
 *
 * - admins reach every contact of the company;
 * - a contact with an open or pending ticket is reached through one of those tickets the user may open
 *   (hers, in one of her queues, or without a queue with allTicket);
 * - a contact with only closed tickets belongs to the queue that served it last: reached when the user may
 *   open its most recent ticket. A user of Vendas may not write to Suporte's customer from the calendar;
 *   she opens a ticket in Vendas first (POST /tickets), which makes the contact hers to reach;
 * - a contact without any ticket is reached by everyone.
 *
 * `tickets` are the contact's tickets, most recent activity first. The same rule is written in SQL by
 * `reachableContactCondition` (schedules.repository.ts) for the schedule list.
 */
export function canReachContact(ctx: RequestContext, tickets: readonly ContactTicketFacts[], facts: TicketAccessFacts): boolean {
  if (ctx.profile === "admin") return true;
  const active = tickets.filter(isActive);
  if (active.length > 0) return active.some((ticket) => canAccessTicket(ctx, ticket, facts));
  const latest = tickets[0];
  return latest === undefined || canAccessTicket(ctx, latest, facts);
}

/**
 * Whether the actor may see, change or delete a schedule: admins every schedule of the company; a
 * user-profile account her own schedules, and those of contacts she may reach (canReachContact).
 * Saving a schedule (create or edit) also needs its contact to be reachable.
 */
export function canManageSchedule(ctx: RequestContext, schedule: { userId: number | null }, contactReachable: boolean): boolean {
  return ctx.profile === "admin" || schedule.userId === ctx.userId || contactReachable;
}

/**
 * The ticket a schedule is written into at send time, among the contact's open or pending tickets (on a
 * connection, preferred first): the first the scheduling user may still open. "none" when the contact has
 * no active ticket (a new one is opened), "refused" when every active ticket belongs to someone she may
 * not open: the schedule is not written into another queue's conversation, nor is that ticket given to her.
 */
export function sendTicketOf<T extends ContactTicketFacts>(scheduler: RequestContext | undefined, active: readonly T[], facts: TicketAccessFacts): T | "none" | "refused" {
  if (active.length === 0) return "none";
  if (scheduler === undefined) return active[0]!;
  return active.find((ticket) => canAccessTicket(scheduler, ticket, facts)) ?? "refused";
}

/** A schedule can be changed, re-timed or deleted only until it was sent. */
export function canChangeSchedule(schedule: { sentAt: Date | null }): boolean {
  return schedule.sentAt === null;
}

/** A sendAt is accepted unless it lies further in the past than the grace for clock skew and form time. */
export function isSendAtAcceptable(sendAt: Date, now: Date): boolean {
  return sendAt.getTime() >= now.getTime() - SCHEDULE_PAST_GRACE_MS;
}

/**
 * Whether a send job queued for `queuedSendAt` should send this schedule now: it still exists, was
 * neither sent nor failed, and was not moved to another time since the job was queued.
 */
export function isScheduleDue(schedule: { sentAt: Date | null; status: string; sendAt: Date } | undefined, queuedSendAt: string): boolean {
  return schedule !== undefined && schedule.sentAt === null && schedule.status === "PENDENTE" && schedule.sendAt.getTime() === Date.parse(queuedSendAt);
}
