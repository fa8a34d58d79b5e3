import type { Connection } from "@conversa/shared";

/** A connection as GET /whatsapp answers it, with overridable fields (tests only). */
export function connectionFixture(overrides: Partial<Connection> = {}): Connection {
  return {
    id: 1,
    name: "Loja",
    status: "CONNECTED",
    provider: "simulator",
    isDefault: false,
    number: null,
    qrcode: null,
    retries: 0,
    greetingMessage: "",
    complationMessage: "",
    outOfHoursMessage: "",
    ratingMessage: "",
    expiresInactiveMessage: "",
    expiresTicket: 0,
    timeUseBotQueues: 0,
    maxUseBotQueues: 3,
    timeToTransfer: null,
    transferQueueId: null,
    promptId: null,
    hasToken: false,
    cloud: null,
    statusReason: null,
    queues: [],
    updatedAt: "2025-03-14T15:09:00.000Z",
    ...overrides,
  };
}
