export { TicketsManager, type TicketsManagerProps } from "./components/tickets-manager.tsx";
export { useTicketAccessGuard } from "./hooks/use-ticket-access-guard.ts";
