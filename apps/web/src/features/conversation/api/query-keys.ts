/** Cache keys of the conversation feature. */
export const conversationKeys = {
  all: ["conversation"] as const,
  tickets: ["conversation", "ticket"] as const,
  ticket: (uuid: string) => ["conversation", "ticket", uuid] as const,
  messages: (ticketId: number) => ["conversation", "messages", ticketId] as const,
  media: (path: string) => ["conversation", "media", path] as const,
  tags: ["conversation", "tags"] as const,
  notes: (ticketId: number, contactId: number) => ["conversation", "notes", ticketId, contactId] as const,
  distributionLogs: (ticketId: number) => ["conversation", "distribution-logs", ticketId] as const,
  quickMessages: ["conversation", "quick-messages"] as const,
  queues: ["conversation", "queues"] as const,
  users: ["conversation", "users"] as const,
  connections: ["conversation", "connections"] as const,
  /** The message templates of an official-line connection. */
  templates: (whatsappId: number) => ["conversation", "templates", whatsappId] as const,
  contact: (id: number) => ["conversation", "contact", id] as const,
  contactTickets: (contactId: number) => ["conversation", "contact-tickets", contactId] as const,
  /** The mutation key of the user's own changes of a ticket (accept, transfer, …). */
  updateTicket: ["conversation", "update-ticket"] as const,
};

/** The session's user, as the auth feature caches it: read here, never fetched twice. */
export const sessionUserKey = ["auth", "me"] as const;
