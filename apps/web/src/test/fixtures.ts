import type { SessionUser } from "@conversa/shared";

type SessionQueueInput = Omit<SessionUser["queues"][number], "UserQueue">;
type SessionCompanyInput = Omit<SessionUser["company"], "email"> & { email?: string | null };

/**
 * A signed-in user as /auth/me answers, with overridable fields. Queues may be given without their
 * `UserQueue` and the company without its `email`: the fixture completes them as the server does.
 */
export function sessionUser(
  overrides: Partial<Omit<SessionUser, "queues" | "company">> & { queues?: SessionQueueInput[]; company?: SessionCompanyInput } = {},
): SessionUser {
  const { queues = [], company, ...rest } = overrides;
  const id = rest.id ?? 7;
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
    twoFactorEnabled: false,
    twoFactorSetupRequired: false,
    ...rest,
    queues: queues.map((queue) => ({ ...queue, UserQueue: { queueId: queue.id, userId: id } })),
    company: company
      ? { ...company, email: company.email ?? null }
      : { id: 3, name: "Acme", dueDate: "2099-12-31T12:00:00.000Z", trialExpiration: null, email: "financeiro@acme.test", settings: [] },
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
    plan: { id: 1, name: "Pro", users: 10, connections: 3, queues: 5, value: 99, storageQuotaMb: 5120, isPublic: true, ...allPlanFlags, ...flags },
  };
}
