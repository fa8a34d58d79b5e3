import type { Ticket } from "@conversa/shared";

/** A ticket as GET /tickets answers it, with overridable fields. */
export function makeTicket(overrides: Partial<Ticket> = {}): Ticket {
  const id = overrides.id ?? 1;
  return {
    id,
    uuid: `uuid-${id}`,
    status: "open",
    contactId: 100 + id,
    contact: { id: 100 + id, name: `Contato ${id}`, number: `55119999900${id}`, email: "", profilePicUrl: null, isGroup: false },
    userId: 7,
    user: { id: 7, name: "Ana Souza" },
    queueId: 1,
    queue: { id: 1, name: "Vendas", color: "#7c4dff" },
    whatsappId: 1,
    whatsapp: { id: 1, name: "Principal" },
    tags: [],
    isGroup: false,
    chatbot: false,
    useIntegration: false,
    integrationId: null,
    promptId: null,
    botSummary: null,
    awaitingRating: false,
    lastMessage: "Olá",
    unreadMessages: 0,
    createdAt: "2025-05-01T10:00:00.000Z",
    updatedAt: "2025-05-01T10:00:00.000Z",
    ...overrides,
  };
}
