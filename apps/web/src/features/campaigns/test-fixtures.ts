import type { Campaign } from "@conversa/shared";

/** A campaign as the server answers it, with whatever a test changes. */
export function campaignFixture(overrides: Partial<Campaign> = {}): Campaign {
  return {
    id: 5,
    name: "Black Friday",
    message1: "Olá {nome}, temos ofertas!",
    message2: "",
    message3: "",
    message4: "",
    message5: "",
    confirmationMessage1: "",
    confirmationMessage2: "",
    confirmationMessage3: "",
    confirmationMessage4: "",
    confirmationMessage5: "",
    status: "INATIVA",
    confirmation: false,
    scheduledAt: null,
    completedAt: null,
    pausedAt: null,
    pauseReason: null,
    whatsappId: 1,
    contactListId: 2,
    tagListId: null,
    fileListId: null,
    companyId: 3,
    mediaPath: null,
    mediaName: null,
    template: null,
    whatsapp: { id: 1, name: "Loja Centro" },
    contactList: { id: 2, name: "Clientes VIP" },
    progress: { validContacts: 0, delivered: 0, failed: 0, skipped: 0, confirmationRequested: 0, confirmed: 0 },
    createdAt: "2026-03-01T10:00:00.000Z",
    updatedAt: "2026-03-01T10:00:00.000Z",
    ...overrides,
  };
}
