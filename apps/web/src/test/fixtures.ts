import type { SessionUser } from "@conversa/shared";

/** A signed-in user as /auth/me answers, with overridable fields. */
export function sessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 7,
    name: "Ana Souza",
    email: "ana@acme.test",
    profile: "admin",
    super: false,
    companyId: 3,
    whatsappId: null,
    allTicket: "desabled",
    online: true,
    queues: [],
    company: { id: 3, name: "Acme", dueDate: "2099-12-31T12:00:00.000Z", trialExpiration: null, settings: [] },
    ...overrides,
  };
}

export const allPlanFlags = {
  useCampaigns: true,
  useKanban: true,
  useOpenAi: true,
  useIntegrations: true,
  useSchedules: true,
  useInternalChat: true,
  useExternalApi: true,
};

/** An answer of GET /companies/listPlan/{companyId}. */
export function companyPlan(flags: Partial<typeof allPlanFlags> = {}) {
  return {
    id: 3,
    name: "Acme",
    dueDate: "2099-12-31T12:00:00.000Z",
    plan: { id: 1, name: "Pro", users: 10, connections: 3, queues: 5, value: 99, storageQuotaMb: 5120, ...allPlanFlags, ...flags },
  };
}
