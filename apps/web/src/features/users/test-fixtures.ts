import type { User } from "@conversa/shared";

/** A user as GET /users answers it, with overridable fields (tests only). */
export function userFixture(overrides: Partial<User> = {}): User {
  return {
    id: 4,
    name: "Beto Atendente",
    email: "beto@example.com",
    profile: "user",
    companyId: 3,
    whatsappId: null,
    allTicket: "desabled",
    super: false,
    online: false,
    queues: [],
    createdAt: "2025-03-14T15:09:00.000Z",
    twoFactorEnabled: false,
    ...overrides,
  };
}
