import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { TRIAL_DAYS } from "@conversa/shared";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { bearer, createCompany, createPlan, createUser, loginAs } from "../../../test/factories.ts";
import { auditLogs, companies, settings, users } from "../../db/schema/index.ts";
import { SIGNUP_LIMITS } from "./signup.service.ts";

const t = await buildTestApp();
afterAll(() => t.close());

const DAY_MS = 86_400_000;
let addressCount = 0;
/** A client address of its own, so that one test's sign-ups do not count against another's. */
const freshAddress = () => `203.0.113.${++addressCount}`;

let signupCount = 0;
function newcomer(planId: number, extra: Record<string, unknown> = {}) {
  signupCount += 1;
  return { name: `Padaria ${signupCount}`, email: `dono${signupCount}@padaria.test`, password: "Pão-quente-1", phone: "(11) 98765-4321", planId, ...extra };
}

function signUp(payload: object, remoteAddress = freshAddress(), app: TestApp = t) {
  return app.app.inject({ method: "POST", url: "/companies/cadastro", payload, remoteAddress });
}

async function companyCount() {
  return (await t.db.select({ id: companies.id }).from(companies)).length;
}

async function superToken() {
  const home = await createCompany(t.db);
  const user = await createUser(t.db, { companyId: home.id, profile: "admin", isSuper: true });
  return (await loginAs(t.app, user.email)).token;
}

async function setSignup(token: string, enabled: boolean) {
  const response = await t.app.inject({ method: "PUT", url: "/installation-settings/signupEnabled", headers: bearer(token), payload: { value: String(enabled) } });
  expect(response.statusCode, response.body).toBe(200);
}

describe("POST /companies/cadastro", () => {
  it("creates the company on its plan with a 3-day trial, MENSAL, on, campaigns enabled, and its admin, who logs in at once and sees the trial", async () => {
    const plan = await createPlan(t.db);
    const body = newcomer(plan.id, { email: "  Maria@Padaria.TEST ", name: "  Padaria da Maria " });
    const before = Date.now();
    const response = await signUp(body);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<{ id: number; name: string; email: string; dueDate: string; trialExpiration: string }>();
    expect(answer).toMatchObject({ name: "Padaria da Maria", email: "maria@padaria.test" });

    const [company] = await t.db.select().from(companies).where(eq(companies.id, answer.id));
    expect(company).toMatchObject({ name: "Padaria da Maria", email: "maria@padaria.test", phone: "11987654321", planId: plan.id, status: true, recurrence: "MENSAL" });
    for (const date of [company!.dueDate!, company!.trialExpiration!]) {
      expect(date.getTime()).toBeGreaterThanOrEqual(before + TRIAL_DAYS * DAY_MS);
      expect(date.getTime()).toBeLessThanOrEqual(Date.now() + TRIAL_DAYS * DAY_MS);
    }
    expect(answer.trialExpiration).toBe(company!.trialExpiration!.toISOString());
    const [campaigns] = await t.db.select().from(settings).where(eq(settings.companyId, answer.id)).then((rows) => rows.filter((row) => row.key === "campaignsEnabled"));
    expect(campaigns?.value).toBe("true");
    const admins = await t.db.select().from(users).where(eq(users.companyId, answer.id));
    expect(admins).toMatchObject([{ name: "Padaria da Maria", email: "maria@padaria.test", profile: "admin", isSuper: false }]);
    expect(response.body).not.toContain("Pão-quente-1");

    const session = await loginAs(t.app, "maria@padaria.test", "Pão-quente-1");
    expect(session.user).toMatchObject({ profile: "admin", companyId: answer.id, company: { name: "Padaria da Maria", trialExpiration: answer.trialExpiration, dueDate: answer.dueDate } });
    expect(session.user.company.settings).toContainEqual({ key: "campaignsEnabled", value: "true" });
    const me = await t.app.inject({ method: "GET", url: "/auth/me", headers: bearer(session.token) });
    expect(me.json()).toMatchObject({ company: { trialExpiration: answer.trialExpiration } });
  });

  it("takes the phone masked or not, keeps its digits only, and takes none at all", async () => {
    const plan = await createPlan(t.db);
    for (const [phone, stored] of [["(21) 3456-7890", "2134567890"], ["21987654321", "21987654321"], ["", null], [undefined, null]] as const) {
      const response = await signUp(newcomer(plan.id, { phone }));
      expect(response.statusCode, response.body).toBe(200);
      const [company] = await t.db.select({ phone: companies.phone }).from(companies).where(eq(companies.id, response.json<{ id: number }>().id));
      expect(company?.phone).toBe(stored);
    }
  });

  it.each([
    ["a name of 1 character", { name: "P" }],
    ["a name of 51 characters", { name: "P".repeat(51) }],
    ["a blank name", { name: "   " }],
    ["an invalid e-mail", { email: "maria.padaria.test" }],
    ["a password of 4 characters", { password: "1234" }],
    ["a password of 51 characters", { password: "x".repeat(51) }],
    ["a phone of 12 digits", { phone: "(11) 98765-43210" }],
    ["a phone of 9 digits", { phone: "98765-4321" }],
    ["a phone with letters", { phone: "(11) 9ABCD-4321" }],
    ["no plan", { planId: undefined }],
    ["a plan id of 0", { planId: 0 }],
    ["a referring company id of 0", { companyId: 0 }],
    ["a referring company id as text", { companyId: "abc" }],
    ["an unknown field", { profile: "admin" }],
    ["a super flag", { super: true }],
  ])("answers 400 ERR_VALIDATION to %s and creates nothing", async (_what, change) => {
    const plan = await createPlan(t.db);
    const before = await companyCount();
    const response = await signUp(newcomer(plan.id, change));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_VALIDATION" });
    expect(await companyCount()).toBe(before);
  });

  it("records the sign-up in the new company's audit log as its new admin's, from the client's address, without the password", async () => {
    const plan = await createPlan(t.db);
    const body = newcomer(plan.id);
    const response = await signUp(body, "203.0.113.250");
    expect(response.statusCode, response.body).toBe(200);
    const { id } = response.json<{ id: number }>();
    const [admin] = await t.db.select().from(users).where(eq(users.companyId, id));

    const entries = await t.db.select().from(auditLogs).where(eq(auditLogs.companyId, id));
    expect(entries).toMatchObject([
      { action: "company.signup", actorKind: "user", userId: admin!.id, userName: body.name, companyName: body.name, ip: "203.0.113.250", targetType: "company", targetId: String(id) },
    ]);
    expect(entries[0]!.changes).toMatchObject({ name: { before: null, after: body.name }, planId: { before: null, after: plan.id }, recurrence: { before: null, after: "MENSAL" } });
    expect(JSON.stringify(entries[0])).not.toContain(body.password);
  });

  it("answers 409 ERR_EMAIL_ALREADY_EXISTS for an e-mail any user of the installation has, whatever its case, and creates nothing", async () => {
    const plan = await createPlan(t.db);
    const other = await createCompany(t.db);
    await createUser(t.db, { companyId: other.id, email: "ja.existe@outra.test" });
    const before = await companyCount();
    const response = await signUp(newcomer(plan.id, { email: "Ja.Existe@Outra.test" }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: "ERR_EMAIL_ALREADY_EXISTS" });
    expect(await companyCount()).toBe(before);
  });

  it("answers 409 ERR_DUPLICATED_COMPANY for the name of an existing company", async () => {
    const plan = await createPlan(t.db);
    await createCompany(t.db, { name: "Mercado Central" });
    const response = await signUp(newcomer(plan.id, { name: "mercado central" }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: "ERR_DUPLICATED_COMPANY" });
    expect(await t.db.select({ id: companies.id }).from(companies).where(eq(companies.name, "mercado central"))).toEqual([]);
  });

  it("answers 404 ERR_NO_PLAN_FOUND for a plan that is not in the plan list, and creates nothing", async () => {
    const before = await companyCount();
    const response = await signUp(newcomer(2_000_000));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: "ERR_NO_PLAN_FOUND" });
    expect(await companyCount()).toBe(before);
  });

  it("records the referring company of /signup?companyId= in the log only: the new company is not tied to it", async () => {
    const lines: string[] = [];
    const logged = await buildTestApp({ logLevel: "info" }, { logDestination: { write: (line: string) => void lines.push(line) } });
    try {
      const plan = await createPlan(logged.db);
      const referrer = await createCompany(logged.db, { name: "Quem Indicou" });
      const response = await signUp(newcomer(plan.id, { companyId: referrer.id }), freshAddress(), logged);
      expect(response.statusCode, response.body).toBe(200);
      const id = response.json<{ id: number }>().id;
      expect(id).not.toBe(referrer.id);
      const [created] = await logged.db.select().from(companies).where(eq(companies.id, id));
      expect(created).toMatchObject({ planId: plan.id });
      expect(await logged.db.select({ id: users.id }).from(users).where(eq(users.companyId, referrer.id))).toEqual([]);
      const entry = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((record) => record.msg === "company signed up");
      expect(entry).toMatchObject({ companyId: id, referrerCompanyId: referrer.id });
      expect(lines.join("\n")).not.toContain("Pão-quente-1");
    } finally {
      await logged.close();
    }
  });

  it(`creates at most ${SIGNUP_LIMITS.created.max} companies an hour from one address, then answers 429 ERR_RATE_LIMITED; another address still signs up`, async () => {
    const plan = await createPlan(t.db);
    const address = freshAddress();
    for (let i = 0; i < SIGNUP_LIMITS.created.max; i++) expect((await signUp(newcomer(plan.id), address)).statusCode).toBe(200);
    const before = await companyCount();
    const refused = await signUp(newcomer(plan.id), address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: "ERR_RATE_LIMITED", details: { retryAfter: expect.any(Number) } });
    expect(refused.json<{ details: { retryAfter: number } }>().details.retryAfter).toBeGreaterThan(3000);
    expect(await companyCount()).toBe(before);
    expect((await signUp(newcomer(plan.id))).statusCode).toBe(200);
  });

  it(`refuses an address after ${SIGNUP_LIMITS.attempts.max} attempts in an hour, refused ones included, even with a valid sign-up`, async () => {
    const plan = await createPlan(t.db);
    const taken = await createUser(t.db, { companyId: (await createCompany(t.db)).id });
    const address = freshAddress();
    for (let i = 0; i < SIGNUP_LIMITS.attempts.max; i++) expect((await signUp(newcomer(plan.id, { email: taken.email }), address)).statusCode).toBe(409);
    const refused = await signUp(newcomer(plan.id), address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: "ERR_RATE_LIMITED" });
  });

  it("does not spend one of the address's sign-ups on a refused one", async () => {
    const plan = await createPlan(t.db);
    const taken = await createUser(t.db, { companyId: (await createCompany(t.db)).id });
    const address = freshAddress();
    for (let i = 0; i < 3; i++) expect((await signUp(newcomer(plan.id, { email: taken.email }), address)).statusCode).toBe(409);
    for (let i = 0; i < SIGNUP_LIMITS.created.max; i++) expect((await signUp(newcomer(plan.id), address)).statusCode).toBe(200);
  });
});

describe("the public sign-up switch", () => {
  it("answers GET /companies/cadastro without a session, open by default, and closes and reopens POST /companies/cadastro with it", async () => {
    const plan = await createPlan(t.db);
    const status = await t.app.inject({ method: "GET", url: "/companies/cadastro" });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({ enabled: true });

    const token = await superToken();
    await setSignup(token, false);
    expect((await t.app.inject({ method: "GET", url: "/companies/cadastro" })).json()).toEqual({ enabled: false });
    const before = await companyCount();
    const refused = await signUp(newcomer(plan.id));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: "ERR_SIGNUP_DISABLED" });
    expect(await companyCount()).toBe(before);

    await setSignup(token, true);
    expect((await t.app.inject({ method: "GET", url: "/companies/cadastro" })).json()).toEqual({ enabled: true });
    expect((await signUp(newcomer(plan.id))).statusCode).toBe(200);
  });
});
