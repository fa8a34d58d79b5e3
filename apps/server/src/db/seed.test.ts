import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SETTING_DEFINITIONS, isValidPassword } from "@conversa/shared";
import type { ChannelDriver } from "../channels/types.ts";
import { type TestApp, buildTestApp } from "../../test/build-test-app.ts";
import { asc } from "drizzle-orm";
import { companies, connectionQueues, connections, plans, queues, settings, userQueues, users } from "./schema/index.ts";
import { DEMO_GREETING, generateAdminPassword, seedIfEmpty } from "./seed.ts";

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

describe("generateAdminPassword", () => {
  it("draws passwords that follow the password rule, different each time", () => {
    const drawn = Array.from({ length: 500 }, () => generateAdminPassword());
    expect(drawn.filter((password) => !isValidPassword(password))).toEqual([]);
    expect(new Set(drawn).size).toBe(500);
  });
});

describe("seedIfEmpty", () => {
  it("creates a full plan, company 1 due a year ahead, default settings and a super admin who can log in", async () => {
    const now = new Date();
    const result = await seedIfEmpty(t.db, { adminEmail: "boss@example.com", now });

    expect(result).toMatchObject({ seeded: true, adminEmail: "boss@example.com", generatedPassword: expect.any(String) });
    expect(isValidPassword(result.generatedPassword ?? "")).toBe(true);
    const [plan] = await t.db.select().from(plans);
    expect(plan).toMatchObject({ useCampaigns: true, useKanban: true, useOpenAi: true, useIntegrations: true, useSchedules: true, useInternalChat: true, useExternalApi: true });
    const [company] = await t.db.select().from(companies);
    expect(company?.id).toBe(1);
    const days = ((company?.dueDate?.getTime() ?? 0) - now.getTime()) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(365);
    expect(days).toBeLessThanOrEqual(366);
    const [admin] = await t.db.select().from(users);
    expect(admin).toMatchObject({ profile: "admin", isSuper: true, companyId: 1 });
    expect(admin?.passwordHash).toMatch(/^\$argon2id\$/);
    const rows = await t.db.select({ key: settings.key, value: settings.value }).from(settings);
    expect(Object.fromEntries(rows.map((r) => [r.key, r.value]))).toEqual(
      Object.fromEntries(Object.entries(SETTING_DEFINITIONS).map(([key, def]) => [key, def.default])),
    );

    const login = await t.app.inject({ method: "POST", url: "/auth/login", payload: { email: "boss@example.com", password: result.generatedPassword } });
    expect(login.statusCode).toBe(200);
  });

  it("gives company 1 the queues Vendas and Suporte, served by the admin, and the default simulator connection linked to both", async () => {
    await seedIfEmpty(t.db, { adminEmail: "boss@example.com", adminPassword: "Chosen-pass-1" });

    const queueRows = await t.db.select().from(queues).orderBy(asc(queues.orderQueue));
    // A customer who picks a queue from the menu is answered at once, never left in silence.
    expect(queueRows).toMatchObject([
      { companyId: 1, name: "Vendas", color: "#2E7D32", greetingMessage: "Olá! Você está na fila de Vendas. Em instantes um de nossos vendedores vai atender você." },
      { companyId: 1, name: "Suporte", color: "#1565C0", greetingMessage: "Olá! Você está na fila de Suporte. Conte para nós o que está acontecendo e um atendente já vai ajudar." },
    ]);
    const [connection, ...others] = await t.db.select().from(connections);
    expect(others).toHaveLength(0);
    expect(connection).toMatchObject({ companyId: 1, name: "Simulador", provider: "simulator", status: "OPENING", isDefault: true, greetingMessage: DEMO_GREETING });
    expect(DEMO_GREETING).toMatch(/Escolha/);
    const ids = queueRows.map((queue) => queue.id).sort();
    const links = await t.db.select().from(connectionQueues);
    expect(links.map((link) => link.queueId).sort()).toEqual(ids);
    expect(links.every((link) => link.connectionId === connection?.id && link.companyId === 1)).toBe(true);
    const [admin] = await t.db.select().from(users);
    const served = await t.db.select().from(userQueues);
    expect(served.map((link) => link.queueId).sort()).toEqual(ids);
    expect(served.every((link) => link.userId === admin?.id)).toBe(true);
  });

  it("lists the demo connection to the admin and starts it at boot", async () => {
    await seedIfEmpty(t.db, { adminEmail: "boss@example.com", adminPassword: "Chosen-pass-1" });
    const started: number[] = [];
    const driver: ChannelDriver = {
      provider: "simulator",
      start: async (connection) => {
        started.push(connection.id);
        await t.platform.channels.onEvent({ type: "status", companyId: connection.companyId, connectionId: connection.id, status: "qrcode", qrcode: "demo-qr" });
      },
      stop: async () => undefined,
      logout: async () => undefined,
      send: async () => ({ wid: "x" }),
      deleteMessage: async () => undefined,
      checkNumber: async () => ({ exists: true }),
    };
    t.platform.channels.registerDriver(driver);

    await t.platform.channels.startAll();

    const login = await t.app.inject({ method: "POST", url: "/auth/login", payload: { email: "boss@example.com", password: "Chosen-pass-1" } });
    const list = await t.app.inject({ method: "GET", url: "/whatsapp/?session=0", headers: { authorization: `Bearer ${login.json().token}` } });
    expect(list.json()).toMatchObject([{ name: "Simulador", provider: "simulator", isDefault: true, status: "qrcode", qrcode: "demo-qr", queues: [{ name: "Vendas" }, { name: "Suporte" }] }]);
    expect(started).toHaveLength(1);
  });

  it("uses ADMIN_PASSWORD when given and prints no generated one", async () => {
    const result = await seedIfEmpty(t.db, { adminEmail: "boss@example.com", adminPassword: "Chosen-pass-1" });
    expect(result.generatedPassword).toBeUndefined();
    const login = await t.app.inject({ method: "POST", url: "/auth/login", payload: { email: "boss@example.com", password: "Chosen-pass-1" } });
    expect(login.statusCode).toBe(200);
  });

  it("leaves a database that has data as it is", async () => {
    await seedIfEmpty(t.db, { adminEmail: "boss@example.com", adminPassword: "Chosen-pass-1" });
    const again = await seedIfEmpty(t.db, { adminEmail: "other@example.com" });
    expect(again).toEqual({ seeded: false });
    expect(await t.db.select().from(users)).toHaveLength(1);
  });
});
