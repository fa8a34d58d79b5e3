import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { companies, users } from "../../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { bearer, createTenant, createUser, loginAs } from "../../../test/factories.ts";
import { type TestSmtpServer, codeOf, startSmtpServer } from "../../../test/smtp.ts";

const PUBLIC_URL = "https://app.conversa.test";
let smtp: TestSmtpServer;
let t: TestApp;
let superToken: string;
let planId: number;

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});
beforeEach(async () => {
  smtp.refuseMessages(false);
  t = await buildTestApp({ smtpUrl: smtp.url, publicUrl: PUBLIC_URL, dataDir: mkdtempSync(path.join(os.tmpdir(), "company-invitation-")) });
  const provider = await createTenant(t.app, t.db, { name: "Provedor" });
  planId = provider.company.plan.id;
  const superUser = await createUser(t.db, { companyId: provider.company.id, profile: "admin", isSuper: true, email: "invite-super@example.com" });
  superToken = (await loginAs(t.app, superUser.email)).token;
});
afterEach(async () => {
  await t.close();
});

const createCompany = (email: string, language = "pt-BR") =>
  t.app.inject({
    method: "POST",
    url: "/companies",
    headers: { ...bearer(superToken), "accept-language": language },
    payload: { name: `Loja ${email}`, email, phone: "", planId, status: true, campaignsEnabled: true, dueDate: "2027-05-10T12:00:00.000Z", recurrence: "MENSAL" },
  });

describe("the first admin of a new company", () => {
  it("receives an invitation code by e-mail, sets a password with it at /resetpasswords and logs in", async () => {
    const before = smtp.messages.length;
    const response = await createCompany("nova.admin@loja.test");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ invitation: "sent" });

    const mail = await smtp.nextMessageTo("nova.admin@loja.test", { after: before });
    expect(mail.text).toContain(`${PUBLIC_URL}/forgetpsw?email=nova.admin%40loja.test`);
    const code = codeOf(mail);
    const reset = await t.app.inject({ method: "POST", url: `/resetpasswords/${encodeURIComponent("nova.admin@loja.test")}/${code}/Primeira-Senha-1` });
    expect(reset.statusCode, reset.body).toBe(200);

    const login = await t.app.inject({ method: "POST", url: "/auth/login", payload: { email: "nova.admin@loja.test", password: "Primeira-Senha-1" } });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json()).toMatchObject({ user: { companyId: response.json<{ id: number }>().id, profile: "admin" } });
  });

  it("gets the invitation in the language of the super user's interface", async () => {
    const before = smtp.messages.length;
    expect((await createCompany("english.admin@loja.test", "en")).statusCode).toBe(200);
    const english = await smtp.nextMessageTo("english.admin@loja.test", { after: before });
    const again = smtp.messages.length;
    expect((await createCompany("spanish.admin@loja.test", "es")).statusCode).toBe(200);
    const spanish = await smtp.nextMessageTo("spanish.admin@loja.test", { after: again });
    expect(english.subject).not.toBe(spanish.subject);
  });

  it("when the mail server refuses, the company is still created and the answer says the invitation failed; a reset code works later", async () => {
    smtp.refuseMessages(true);
    const response = await createCompany("sem.email@loja.test");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ invitation: "failed" });
    const [admin] = await t.db.select().from(users).where(eq(users.email, "sem.email@loja.test"));
    expect(admin).toBeDefined();

    smtp.refuseMessages(false);
    const before = smtp.messages.length;
    const forget = await t.app.inject({ method: "POST", url: `/forgetpassword/${encodeURIComponent("sem.email@loja.test")}` });
    expect(forget.statusCode, forget.body).toBe(200);
    expect(codeOf(await smtp.nextMessageTo("sem.email@loja.test", { after: before }))).toMatch(/\S{8}/);
  });
});

describe("a server without mail (production without SMTP_URL)", () => {
  it("refuses to create a company whose admin could never set a password, writing nothing", async () => {
    const prod = await buildTestApp({ env: "production", smtpUrl: undefined, dataDir: mkdtempSync(path.join(os.tmpdir(), "company-invitation-prod-")) });
    try {
      const provider = await createTenant(prod.app, prod.db, { name: "Provedor" });
      const superUser = await createUser(prod.db, { companyId: provider.company.id, profile: "admin", isSuper: true, email: "prod-super@example.com" });
      const token = (await loginAs(prod.app, superUser.email)).token;
      const count = async () => (await prod.db.select({ id: companies.id }).from(companies)).length;
      const before = await count();
      const response = await prod.app.inject({
        method: "POST",
        url: "/companies",
        headers: bearer(token),
        payload: { name: "Sem Correio", email: "x@loja.test", phone: "", planId: provider.company.plan.id, status: true, campaignsEnabled: true, dueDate: null, recurrence: "MENSAL" },
      });
      expect([response.statusCode, response.json().error]).toEqual([503, "ERR_MAIL_NOT_CONFIGURED"]);
      expect(await count()).toBe(before);
    } finally {
      await prod.close();
    }
  });
});
