import type { RequestContext } from "../../lib/context.ts";

export interface TicketAccessFacts {
  /** The queues the acting user works in. */
  queueIds: readonly number[];
  /** The user's allTicket flag: "enabled" also shows tickets without a queue. */
  allTicket: string;
}

/** Whether the actor may put a new ticket in a queue: admins in any queue of the company, others only in their own. */
export function mayOpenTicketInQueue(ctx: RequestContext, queueId: number, facts: TicketAccessFacts): boolean {
  return ctx.profile === "admin" || facts.queueIds.includes(queueId);
}

/**
 * Whether the actor may open a ticket (spec core §5 "Ticket access"): admins always; others when the
 * ticket is theirs, in one of their queues, or without a queue while allTicket is enabled.
 */
export function canAccessTicket(ctx: RequestContext, ticket: { userId: number | null; queueId: number | null }, facts: TicketAccessFacts): boolean {
  if (ctx.profile === "admin") return true;
  if (ticket.userId === ctx.userId) return true;
  if (ticket.queueId === null) return facts.allTicket === "enabled";
  return facts.queueIds.includes(ticket.queueId);
}
