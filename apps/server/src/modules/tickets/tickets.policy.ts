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

/**
 * The same rule as `canAccessTicket`, as keys: a viewer may open a ticket exactly when the two key sets
 * share one (realtime rooms are named by these keys, so an event reaches only those who may open the
 * ticket). Admins hold "all"; others their own "u{id}", "q{id}" of each of their queues, and "noqueue"
 * with allTicket enabled.
 */
export function viewerAudience(ctx: Pick<RequestContext, "profile" | "userId">, facts: TicketAccessFacts): string[] {
  if (ctx.profile === "admin") return ["all"];
  const keys = [`u${ctx.userId}`, ...facts.queueIds.map((id) => `q${id}`)];
  if (facts.allTicket === "enabled") keys.push("noqueue");
  return keys;
}

/** The keys of `viewerAudience` that open this ticket: "all", its user's and its queue's (or "noqueue"). */
export function ticketAudience(ticket: { userId: number | null; queueId: number | null }): string[] {
  const keys = ["all", ticket.queueId === null ? "noqueue" : `q${ticket.queueId}`];
  if (ticket.userId !== null) keys.push(`u${ticket.userId}`);
  return keys;
}
