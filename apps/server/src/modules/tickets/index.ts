/** What the rest of the server uses of the tickets module: its data, its access rules and its list filters. */
export { type TicketActivityInput, listTicketActivities, loadTicketActivity, recordTicketActivity } from "./ticket-activity.repository.ts";
export { type TicketViewer, accessFactsOf, contextOfUser, findAccessibleTicket, findVisibleTicketId, loadTicketViewer, mayOpenTicket } from "./tickets.access.ts";
export { isInboxTicket, listContextOf, listTicketIds, ticketAccessCondition, ticketListWhere } from "./tickets.list.ts";
export { type TicketAccessFacts, canAccessTicket, ticketAudience } from "./tickets.policy.ts";
export { type TicketRow, findOtherActiveTicket, loadTicket, loadTickets, ticketJsonOf } from "./tickets.repository.ts";
