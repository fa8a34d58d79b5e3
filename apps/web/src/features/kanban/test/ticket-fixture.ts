import type { KanbanLanePage, Ticket } from "@conversa/shared";
import type { LaneData } from "../utils/lane-cache.ts";

/** A ticket as GET /ticket/kanban answers it, with overridable fields. */
export function makeTicket(overrides: Partial<Ticket> = {}): Ticket {
  const id = overrides.id ?? 1;
  return {
    id,
    uuid: `uuid-${id}`,
    status: "open",
    contactId: 100 + id,
    contact: { id: 100 + id, name: `Contato ${id}`, number: `55119999900${id}`, email: "", profilePicUrl: null, isGroup: false },
    userId: null,
    user: null,
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
    lastMessage: `Mensagem ${id}`,
    unreadMessages: 0,
    createdAt: "2025-05-01T10:00:00.000Z",
    updatedAt: `2025-05-01T10:${String(id).padStart(2, "0")}:00.000Z`,
    ...overrides,
  };
}

/** Cached lane pages. */
export function laneData(pages: KanbanLanePage[]): LaneData {
  return { pages, pageParams: pages.map((_, index) => index + 1) };
}
