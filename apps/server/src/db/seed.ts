import { randomBytes } from "node:crypto";
import { isValidPassword } from "@conversa/shared";
import { sql } from "drizzle-orm";
import { hashPassword } from "../lib/passwords.ts";
import { ensureDefaultSettings } from "../modules/settings/settings.repository.ts";
import type { Db } from "./client.ts";
import { companies, connectionQueues, connections, plans, queues, quickMessages, userQueues, users } from "./schema/index.ts";

export interface SeedResult {
  seeded: boolean;
  adminEmail?: string;
  /** Present only when the password was generated here; printed once and never stored in clear. */
  generatedPassword?: string;
}

/** Greeting of the demo connection: the engine sends it followed by the numbered menu of its queues. */
export const DEMO_GREETING = "Olá! Seja bem-vindo(a) ao atendimento da Conversa Demo. Escolha o setor com que deseja falar:";

/** A random password of 16 characters that follows the password rule (drawn again in the rare case it does not). */
export function generateAdminPassword(): string {
  for (;;) {
    const password = randomBytes(12).toString("base64url");
    if (isValidPassword(password)) return password;
  }
}

/**
 * On an empty database: a plan with every flag on, company 1 due a year ahead with the default
 * settings, a super admin, the queues Vendas and Suporte (the admin serves both) and the default
 * connection "Simulador" on the built-in simulator, linked to both queues and left OPENING so that
 * it starts at boot and shows its QR code. A database that already has a company is left as it is.
 */
export async function seedIfEmpty(db: Db, options: { adminEmail: string; adminPassword?: string; now?: Date }): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    // Serialise concurrent first starts on one database.
    await tx.execute(sql`select pg_advisory_xact_lock(727001)`);
    const [existing] = await tx.select({ id: companies.id }).from(companies).limit(1);
    if (existing) return { seeded: false };

    const now = options.now ?? new Date();
    const dueDate = new Date(now);
    dueDate.setFullYear(dueDate.getFullYear() + 1);

    const [plan] = await tx
      .insert(plans)
      .values({ name: "Plano Completo", users: 10, connections: 5, queues: 10, value: "0", isPublic: false })
      .returning({ id: plans.id });
    if (!plan) throw new Error("seed: plan not created");
    const [company] = await tx
      .insert(companies)
      .values({ name: "Conversa Demo", email: options.adminEmail, planId: plan.id, status: true, dueDate, recurrence: "MENSAL" })
      .returning({ id: companies.id });
    if (!company) throw new Error("seed: company not created");
    await ensureDefaultSettings(tx, company.id);

    const generatedPassword = options.adminPassword ? undefined : generateAdminPassword();
    const password = options.adminPassword ?? generatedPassword ?? "";
    const [admin] = await tx
      .insert(users)
      .values({
        companyId: company.id,
        name: "Administrador",
        email: options.adminEmail,
        passwordHash: await hashPassword(password),
        profile: "admin",
        isSuper: true,
      })
      .returning({ id: users.id });
    if (!admin) throw new Error("seed: admin not created");

    const demoQueues = await tx
      .insert(queues)
      .values([
        { companyId: company.id, name: "Vendas", color: "#2E7D32", orderQueue: 1, greetingMessage: "Olá! Você está na fila de Vendas. Em instantes um de nossos vendedores vai atender você." },
        {
          companyId: company.id,
          name: "Suporte",
          color: "#1565C0",
          orderQueue: 2,
          greetingMessage: "Olá! Você está na fila de Suporte. Conte para nós o que está acontecendo e um atendente já vai ajudar.",
        },
      ])
      .returning({ id: queues.id });
    const [connection] = await tx
      .insert(connections)
      .values({
        companyId: company.id,
        name: "Simulador",
        provider: "simulator",
        status: "OPENING",
        isDefault: true,
        greetingMessage: DEMO_GREETING,
        complationMessage: "Atendimento encerrado. Obrigado pelo contato!",
        ratingMessage: "Por favor, avalie o nosso atendimento respondendo com um número:",
      })
      .returning({ id: connections.id });
    if (!connection) throw new Error("seed: connection not created");
    await tx.insert(connectionQueues).values(demoQueues.map((queue) => ({ companyId: company.id, connectionId: connection.id, queueId: queue.id })));
    await tx.insert(userQueues).values(demoQueues.map((queue) => ({ companyId: company.id, userId: admin.id, queueId: queue.id })));
    await tx.insert(quickMessages).values([
      { companyId: company.id, shortcode: "bomdia", message: "Bom dia! Como posso ajudar?", geral: true, userId: admin.id },
      { companyId: company.id, shortcode: "prazo", message: "O prazo de entrega é de 3 a 5 dias úteis.", geral: true, userId: admin.id },
      { companyId: company.id, shortcode: "obrigado", message: "Obrigado pelo contato! Estamos à disposição.", geral: true, userId: admin.id },
    ]);
    return { seeded: true, adminEmail: options.adminEmail, generatedPassword };
  });
}
