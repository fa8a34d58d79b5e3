import type { TicketListFilter } from "../utils/ticket-filter.ts";

/** Cache keys of the tickets feature. */
export const ticketsKeys = {
  all: ["tickets"] as const,
  lists: () => ["tickets", "list"] as const,
  list: (filter: TicketListFilter) => ["tickets", "list", filter] as const,
  access: (uuid: string) => ["tickets", "access", uuid] as const,
  peek: (ticketId: number) => ["tickets", "peek", ticketId] as const,
  queues: ["tickets", "options", "queues"] as const,
  connections: ["tickets", "options", "connections"] as const,
  tags: ["tickets", "options", "tags"] as const,
  users: ["tickets", "options", "users"] as const,
};
