import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SETTING_DEFINITIONS } from "@conversa/shared";
import { type TestApp, buildTestApp } from "../../test/build-test-app.ts";
import { companies, plans, settings, users } from "./schema/index.ts";
import { seedIfEmpty } from "./seed.ts";

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

describe("seedIfEmpty", () => {
  it("creates a full plan, company 1 due a year ahead, default settings and a super admin who can log in", async () => {
    const now = new Date();
    const result = await seedIfEmpty(t.db, { adminEmail: "boss@example.com", now });

    expect(result).toMatchObject({ seeded: true, adminEmail: "boss@example.com", generatedPassword: expect.any(String) });
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

  it("uses ADMIN_PASSWORD when given and prints no generated one", async () => {
    const result = await seedIfEmpty(t.db, { adminEmail: "boss@example.com", adminPassword: "chosen-pass" });
    expect(result.generatedPassword).toBeUndefined();
    const login = await t.app.inject({ method: "POST", url: "/auth/login", payload: { email: "boss@example.com", password: "chosen-pass" } });
    expect(login.statusCode).toBe(200);
  });

  it("leaves a database that has data as it is", async () => {
    await seedIfEmpty(t.db, { adminEmail: "boss@example.com", adminPassword: "chosen-pass" });
    const again = await seedIfEmpty(t.db, { adminEmail: "other@example.com" });
    expect(again).toEqual({ seeded: false });
    expect(await t.db.select().from(users)).toHaveLength(1);
  });
});
