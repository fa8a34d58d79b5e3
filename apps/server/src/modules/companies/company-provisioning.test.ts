import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, settings, users } from "../../db/schema/index.ts";
import { verifyPassword } from "../../lib/passwords.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { type NewCompany, provisionCompany } from "./company-provisioning.ts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const input = (overrides: Partial<NewCompany> = {}): NewCompany => ({
  name: "Padaria Central",
  email: "contato@padaria.example",
  phone: "11987654321",
  planId: null,
  status: true,
  dueDate: new Date("2027-01-10T12:00:00Z"),
  recurrence: "MENSAL",
  trialExpiration: null,
  campaignsEnabled: false,
  admin: { name: "Dona Padaria", email: "dona@padaria.example", password: "Segredo123" },
  ...overrides,
});

describe("provisionCompany", () => {
  it("creates the company with its default settings, the campaigns setting as given and an admin who can log in", async () => {
    const { companyId, adminId } = await provisionCompany(t.db, input());
    const [company] = await t.db.select().from(companies).where(eq(companies.id, companyId));
    expect(company).toMatchObject({ name: "Padaria Central", status: true, recurrence: "MENSAL" });
    const rows = await t.db.select().from(settings).where(eq(settings.companyId, companyId));
    expect(rows.find((row) => row.key === "campaignsEnabled")?.value).toBe("false");
    expect(rows.length).toBeGreaterThan(10);
    const [admin] = await t.db.select().from(users).where(eq(users.id, adminId));
    expect(admin).toMatchObject({ companyId, profile: "admin", isSuper: false });
    expect(await verifyPassword(admin!.passwordHash, "Segredo123")).toBe(true);
  });

  it("gives an admin without a password an account no password opens", async () => {
    const { adminId } = await provisionCompany(t.db, input({ name: "Sem Senha", admin: { name: "Convidado", email: "convite@example.com" } }));
    const [admin] = await t.db.select().from(users).where(eq(users.id, adminId));
    expect(await verifyPassword(admin!.passwordHash, "")).toBe(false);
    expect(await verifyPassword(admin!.passwordHash, admin!.passwordHash)).toBe(false);
  });

  it("refuses a taken company name or admin e-mail and an unknown plan, writing nothing", async () => {
    const before = (await t.db.select().from(companies)).length;
    await expect(provisionCompany(t.db, input({ name: "padaria central", admin: { name: "Outra", email: "outra@example.com" } }))).rejects.toMatchObject({ code: "ERR_DUPLICATED_COMPANY" });
    await expect(provisionCompany(t.db, input({ name: "Outra Padaria", admin: { name: "Outra", email: "DONA@padaria.example" } }))).rejects.toMatchObject({ code: "ERR_EMAIL_ALREADY_EXISTS" });
    await expect(provisionCompany(t.db, input({ name: "Terceira", planId: 999_999, admin: { name: "Outra", email: "terceira@example.com" } }))).rejects.toMatchObject({ code: "ERR_NO_PLAN_FOUND" });
    expect((await t.db.select().from(companies)).length).toBe(before);
  });

  it("creates one of two parallel sign-ups with the same e-mail", async () => {
    const results = await Promise.allSettled([
      provisionCompany(t.db, input({ name: "Corrida A", admin: { name: "A", email: "corrida@example.com" } })),
      provisionCompany(t.db, input({ name: "Corrida B", admin: { name: "B", email: "corrida@example.com" } })),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });
});
