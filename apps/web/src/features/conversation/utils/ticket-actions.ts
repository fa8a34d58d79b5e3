import type { TicketStatus, UpdateTicketBody } from "@conversa/shared";

/** The status actions of the conversation header (spec core §4). */
export type TicketAction = "accept" | "return" | "resolve" | "transfer" | "reopen";

const ACTIONS_BY_STATUS: Record<TicketStatus, readonly TicketAction[]> = {
  pending: ["accept"],
  open: ["return", "resolve", "transfer"],
  closed: ["reopen"],
};

/** The actions offered for a ticket in a status: pending → accept; open → return, resolve, transfer; closed → reopen. */
export function ticketActionsFor(status: TicketStatus): readonly TicketAction[] {
  return ACTIONS_BY_STATUS[status];
}

/** The PUT /tickets/{id} body of a status action (transfer has its own dialog). */
export function statusChangeBody(action: Exclude<TicketAction, "transfer">): UpdateTicketBody {
  switch (action) {
    case "accept":
    case "reopen":
      return { status: "open" };
    case "return":
      return { status: "pending", userId: null };
    case "resolve":
      return { status: "closed" };
  }
}

/** After an action the ticket stays selected only while it is open; otherwise the app goes back to /tickets. */
export function staysSelectedAfterAction(status: TicketStatus): boolean {
  return status === "open";
}
