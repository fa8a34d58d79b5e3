/**
 * The new-ticket dialog on its own, for pages other than /tickets (the contacts page opens a ticket
 * from a contact's row). Kept apart from index.ts so that the tickets page still loads it lazily.
 */
export { StandaloneNewTicketDialog as NewTicketDialog } from "./components/standalone-new-ticket-dialog.tsx";
export type { NewTicketViewer } from "./components/new-ticket-dialog.tsx";
export type { ContactOption } from "../../components/contact-search/search-contacts.ts";
