import type { Message, Ticket } from "@conversa/shared";

const contact = { id: 11, name: "Maria Cliente", number: "5511988887777", email: "", profilePicUrl: null, isGroup: false };

/** A message as the API sends it, with overridable fields. */
export function message(overrides: Partial<Message> = {}): Message {
  return {
    id: 1,
    ticketId: 5,
    body: "Olá",
    fromMe: false,
    read: true,
    ack: 0,
    mediaType: "chat",
    mediaUrl: null,
    mediaName: null,
    isDeleted: false,
    sendStatus: "sent",
    sendError: null,
    sendRetryUntil: null,
    data: null,
    participant: null,
    participantName: null,
    userId: null,
    contact,
    createdAt: "2025-03-10T12:00:00.000Z",
    updatedAt: "2025-03-10T12:00:00.000Z",
    quotedMsg: null,
    ...overrides,
  };
}

/** A ticket as GET /tickets/u/{uuid} answers, with overridable fields. */
export function ticket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    id: 5,
    uuid: "0b6f3c8e-7d1a-4a0e-9d53-1f5c2b7a9e10",
    status: "open",
    contactId: contact.id,
    contact,
    userId: 7,
    user: { id: 7, name: "Ana Souza" },
    queueId: 2,
    queue: { id: 2, name: "Vendas", color: "#2DDD7F" },
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
    createdAt: "2025-03-10T11:00:00.000Z",
    updatedAt: "2025-03-10T12:00:00.000Z",
    ...overrides,
  };
}
