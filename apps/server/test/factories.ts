import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { ZAuthResponse, type PlanFlag } from "@conversa/shared";
import type { Db } from "../src/db/client.ts";
import { companies, connections, plans, queues, userQueues, users } from "../src/db/schema/index.ts";
import { hashPassword } from "../src/lib/passwords.ts";
import { SecretBox } from "../src/lib/secret-box.ts";
import { ensureDefaultSettings } from "../src/modules/settings/settings.repository.ts";

export const DEFAULT_PASSWORD = "Secret-123";
let passwordHash: Promise<string> | undefined;

export async function createPlan(db: Db, flags: Partial<Record<PlanFlag, boolean>> = {}) {
  const [plan] = await db
    .insert(plans)
    .values({ name: `Plan ${randomUUID().slice(0, 8)}`, users: 10, connections: 5, queues: 10, value: "99.90", ...flags })
    .returning();
  if (!plan) throw new Error("plan not created");
  return plan;
}

export async function createCompany(db: Db, options: { name?: string; dueDate?: Date | null; status?: boolean; flags?: Partial<Record<PlanFlag, boolean>> } = {}) {
  const plan = await createPlan(db, options.flags);
  const dueDate = options.dueDate === undefined ? new Date(Date.now() + 365 * 86_400_000) : options.dueDate;
  const [company] = await db
    .insert(companies)
    .values({ name: options.name ?? `Company ${randomUUID().slice(0, 8)}`, planId: plan.id, dueDate, status: options.status ?? true })
    .returning();
  if (!company) throw new Error("company not created");
  await ensureDefaultSettings(db, company.id);
  return { ...company, plan };
}

export async function createUser(
  db: Db,
  options: { companyId: number; profile?: "admin" | "supervisor" | "user"; isSuper?: boolean; email?: string; name?: string; password?: string },
) {
  const hash = options.password ? hashPassword(options.password) : (passwordHash ??= hashPassword(DEFAULT_PASSWORD));
  const [user] = await db
    .insert(users)
    .values({
      companyId: options.companyId,
      name: options.name ?? "Test User",
      email: options.email ?? `user-${randomUUID().slice(0, 8)}@example.com`,
      passwordHash: await hash,
      profile: options.profile ?? "user",
      isSuper: options.isSuper ?? false,
    })
    .returning();
  if (!user) throw new Error("user not created");
  return user;
}

/** Logs in through the API; returns the access token and the refresh cookie. */
export async function loginAs(app: FastifyInstance, email: string, password = DEFAULT_PASSWORD) {
  const response = await app.inject({ method: "POST", url: "/auth/login", payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const body = ZAuthResponse.parse(response.json());
  const cookie = response.cookies.find((c) => c.name === "conversa_rt");
  if (!cookie) throw new Error("no refresh cookie");
  return { token: body.token, user: body.user, refreshCookie: cookie.value };
}

/** A company with an admin and a user-profile account, both logged in. */
export async function createTenant(app: FastifyInstance, db: Db, options: Parameters<typeof createCompany>[1] = {}) {
  const company = await createCompany(db, options);
  const admin = await createUser(db, { companyId: company.id, profile: "admin", name: "Ana Admin" });
  const agent = await createUser(db, { companyId: company.id, profile: "user", name: "Beto Atendente" });
  const adminSession = await loginAs(app, admin.email);
  const agentSession = await loginAs(app, agent.email);
  return { company, admin, agent, adminToken: adminSession.token, agentToken: agentSession.token };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** A connection of the built-in simulator; `session` is its stored pairing (`{ paired: true, number }`) or none. */
export async function createSimulatorConnection(
  db: Db,
  options: { companyId: number; name?: string; status?: string; isDefault?: boolean; session?: { paired: true; number: string } | null },
) {
  const [connection] = await db
    .insert(connections)
    .values({
      companyId: options.companyId,
      name: options.name ?? `Simulator ${randomUUID().slice(0, 8)}`,
      provider: "simulator",
      status: options.status ?? "OPENING",
      isDefault: options.isDefault ?? true,
      session: options.session ?? null,
    })
    .returning();
  if (!connection) throw new Error("connection not created");
  return connection;
}

/** What `createCloudConnection` stores, and what a test needs to call its webhook and its fake Graph API. */
export interface CloudConnectionSecrets {
  phoneNumberId: string;
  businessAccountId: string;
  accessToken: string;
  appSecret: string;
  webhookKey: string;
  verifyToken: string;
}

/**
 * An official-line (provider `cloud`) connection stored directly, its secrets sealed with `dataEncryptionKey`
 * (the test config's unless given), as the connection routes store them. Defaults match `startFakeGraph()`.
 */
export async function createCloudConnection(
  db: Db,
  options: { companyId: number; dataEncryptionKey?: string; name?: string; status?: string; isDefault?: boolean } & Partial<CloudConnectionSecrets>,
) {
  const box = new SecretBox(options.dataEncryptionKey ?? "test-data-encryption-key-that-is-long-enough-0123");
  const secrets: CloudConnectionSecrets = {
    phoneNumberId: options.phoneNumberId ?? "1000000001",
    businessAccountId: options.businessAccountId ?? "2000000002",
    accessToken: options.accessToken ?? "fake-token",
    appSecret: options.appSecret ?? `app-secret-${randomUUID()}`,
    webhookKey: options.webhookKey ?? randomUUID().replaceAll("-", ""),
    verifyToken: options.verifyToken ?? randomUUID().replaceAll("-", ""),
  };
  const [connection] = await db
    .insert(connections)
    .values({
      companyId: options.companyId,
      name: options.name ?? `Cloud ${randomUUID().slice(0, 8)}`,
      provider: "cloud",
      status: options.status ?? "OPENING",
      isDefault: options.isDefault ?? true,
      cloudPhoneNumberId: secrets.phoneNumberId,
      cloudBusinessAccountId: secrets.businessAccountId,
      cloudAccessToken: box.seal(secrets.accessToken),
      cloudAppSecret: box.seal(secrets.appSecret),
      cloudWebhookKey: secrets.webhookKey,
      cloudVerifyToken: secrets.verifyToken,
    })
    .returning();
  if (!connection) throw new Error("connection not created");
  return { connection, secrets };
}

/** Queues Vendas and Suporte of a company, with `vendasMember` (an attendant) working in Vendas only. */
export async function createVendasAndSuporte(db: Db, companyId: number, vendasMember: number) {
  const [vendas, suporte] = await db
    .insert(queues)
    .values([
      { companyId, name: "Vendas", color: "#00ff00" },
      { companyId, name: "Suporte", color: "#0000ff" },
    ])
    .returning();
  await db.insert(userQueues).values({ companyId, userId: vendasMember, queueId: vendas!.id });
  return { vendas: vendas!, suporte: suporte! };
}
