import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { companies, invoices, paymentCharges, plans } from "../../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { bearer, createCompany, createTenant, createUser, loginAs } from "../../../test/factories.ts";
import { runInvoiceSweep } from "./billing.jobs.ts";
import { STALE_INVOICE_REASON } from "./billing.service.ts";
import { billingDepsOf } from "./billing.routes.ts";

const DAY = 86_400_000;
const t: TestApp = await buildTestApp();
afterAll(() => t.close());

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (method: Method, url: string, token?: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload !== undefined ? { payload } : {}) });
const deps = () => billingDepsOf(t.platform);
const invoicesOf = async (companyId: number) => t.db.select().from(invoices).where(eq(invoices.companyId, companyId));
const companyRow = async (id: number) => (await t.db.select().from(companies).where(eq(companies.id, id)))[0]!;
const checkout = (invoiceId: number, overrides: Record<string, unknown> = {}) => ({
  firstName: "Ana Souza",
  address2: "Rua das Flores, 10",
  city: "São Paulo",
  state: "SP",
  zipcode: "01000-000",
  country: "BR",
  invoiceId,
  ...overrides,
});
const plan = async (values: { name: string; value: string; isPublic?: boolean }) => (await t.db.insert(plans).values({ users: 10, connections: 5, queues: 10, ...values }).returning())[0]!;
const superToken = async () => {
  const home = await createCompany(t.db);
  const user = await createUser(t.db, { companyId: home.id, profile: "admin", isSuper: true });
  return (await loginAs(t.app, user.email)).token;
};
const mails = () => (existsSync(t.mailDir) ? readdirSync(t.mailDir).map((file) => readFileSync(path.join(t.mailDir, file), "utf8").replace(/=\r?\n/g, "")) : []);
const mailsTo = (email: string) => mails().filter((mail) => mail.includes(`To: ${email}`));

/** A tenant in trial, as sign-up leaves it: trial and due date 3 days ahead. */
async function trialTenant(name: string) {
  const trialEnd = new Date(Date.now() + 3 * DAY);
  const tenant = await createTenant(t.app, t.db, { name, dueDate: trialEnd });
  await t.db.update(companies).set({ trialExpiration: trialEnd }).where(eq(companies.id, tenant.company.id));
  return tenant;
}

async function openInvoice(token: string) {
  const response = await call("POST", "/subscription/invoice", token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: number }>();
}

describe("the end of a trial", () => {
  it("ends when the first payment settles: /auth/me and /subscription stop saying trial, the invoice names the plan paid for and the company is on it", async () => {
    const tenant = await trialTenant("Loja Teste");
    const premium = await plan({ name: "Premium Estado", value: "249.50" });
    expect((await call("GET", "/subscription", tenant.adminToken)).json()).toMatchObject({ trialDaysLeft: 3 });
    const invoice = await openInvoice(tenant.adminToken);
    expect((await invoicesOf(tenant.company.id))[0]!.detail).toContain(tenant.company.plan.name);

    const pix = await call("POST", "/subscription", tenant.adminToken, checkout(invoice.id, { planId: premium.id }));
    expect(pix.statusCode, pix.body).toBe(200);
    const paid = await call("POST", `/payment-simulator/charges/${pix.json<{ txid: string }>().txid}/pay`, tenant.adminToken);
    expect(paid.json()).toEqual({ settled: 1 });

    const company = await companyRow(tenant.company.id);
    expect(company.trialExpiration).toBeNull();
    expect(company.planId).toBe(premium.id);
    const [settled] = await invoicesOf(tenant.company.id);
    expect(settled).toMatchObject({ status: "paid", planId: premium.id, valueCents: 24950 });
    expect(settled!.detail).toMatch(/^Premium Estado · /);
    expect(settled!.detail).not.toContain(tenant.company.plan.name);

    const me = await call("GET", "/auth/me", tenant.adminToken);
    expect(me.json()).toMatchObject({ company: { trialExpiration: null, dueDate: company.dueDate!.toISOString() } });
    expect((await call("GET", "/subscription", tenant.adminToken)).json()).toMatchObject({ trialDaysLeft: null, plan: { id: premium.id } });
    const listed = await call("GET", "/invoices/all", tenant.adminToken);
    expect(listed.json<{ detail: string }[]>()[0]!.detail).toMatch(/^Premium Estado · /);
  });

  it("ends when the provider marks an invoice paid by hand", async () => {
    const tenant = await trialTenant("Loja Manual");
    const invoice = await openInvoice(tenant.adminToken);
    const marked = await call("POST", `/billing/invoices/${invoice.id}/mark-paid`, await superToken(), {});
    expect(marked.statusCode, marked.body).toBe(200);
    expect((await companyRow(tenant.company.id)).trialExpiration).toBeNull();
    expect((await call("GET", "/auth/me", tenant.adminToken)).json()).toMatchObject({ company: { trialExpiration: null } });
    expect((await call("GET", "/subscription", tenant.adminToken)).json()).toMatchObject({ trialDaysLeft: null });
  });

  it("says no trial days once the trial's date has passed unpaid", async () => {
    const tenant = await trialTenant("Loja Expirada");
    await t.db.update(companies).set({ trialExpiration: new Date(Date.now() - DAY), dueDate: new Date(Date.now() + 20 * DAY) }).where(eq(companies.id, tenant.company.id));
    expect((await call("GET", "/subscription", tenant.adminToken)).json()).toMatchObject({ trialDaysLeft: null });
  });
});

describe("public plans", () => {
  it("accepts and answers isPublic on the plan routes, lists only public plans at /plans/list, keeps the flag when an update leaves it out, and refuses unknown fields", async () => {
    const token = await superToken();
    const body = { name: "Interno", users: 1, connections: 1, queues: 1, value: 10, useCampaigns: true, useSchedules: true, useInternalChat: true, useExternalApi: true, useKanban: true, useOpenAi: true, useIntegrations: true };
    const created = await call("POST", "/plans", token, { ...body, isPublic: false });
    expect(created.statusCode, created.body).toBe(200);
    const hidden = created.json<{ id: number; isPublic: boolean }>();
    expect(hidden.isPublic).toBe(false);
    const open = await call("POST", "/plans", token, { ...body, name: "Aberto" });
    expect(open.json()).toMatchObject({ isPublic: true });

    const listed = (await call("GET", "/plans/list")).json<{ id: number; isPublic: boolean }[]>();
    expect(listed.map((p) => p.id)).not.toContain(hidden.id);
    expect(listed.map((p) => p.id)).toContain(open.json<{ id: number }>().id);
    expect(listed.every((p) => p.isPublic)).toBe(true);
    expect((await call("GET", "/plans/all", token)).json<{ id: number; isPublic: boolean }[]>().find((p) => p.id === hidden.id)).toMatchObject({ isPublic: false });

    const renamed = await call("PUT", `/plans/${hidden.id}`, token, { ...body, name: "Interno 2" });
    expect(renamed.json()).toMatchObject({ name: "Interno 2", isPublic: false });
    const shown = await call("PUT", `/plans/${hidden.id}`, token, { ...body, name: "Interno 2", isPublic: true });
    expect(shown.json()).toMatchObject({ isPublic: true });
    const unknown = await call("PUT", `/plans/${hidden.id}`, token, { ...body, isPrivate: true });
    expect({ status: unknown.statusCode, error: unknown.json().error }).toEqual({ status: 400, error: "ERR_VALIDATION" });
    const wrongType = await call("POST", "/plans", token, { ...body, name: "Tipo", isPublic: "no" });
    expect(wrongType.statusCode).toBe(400);
  });

  it("refuses a plan that is not public at sign-up and at another company's checkout", async () => {
    const hidden = await plan({ name: "Oculto Pago", value: "50.00", isPublic: false });
    const signup = await t.app.inject({ method: "POST", url: "/companies/cadastro", remoteAddress: "203.0.113.77", payload: { name: "Padaria Oculta", email: "dono@oculta.test", password: "Pão-quente-1", planId: hidden.id } });
    expect({ status: signup.statusCode, error: signup.json().error }).toEqual({ status: 404, error: "ERR_NO_PLAN_FOUND" });
    const tenant = await createTenant(t.app, t.db, { name: "Loja Checkout Oculto", dueDate: new Date(Date.now() + 5 * DAY) });
    const invoice = await openInvoice(tenant.adminToken);
    const refused = await call("POST", "/subscription", tenant.adminToken, checkout(invoice.id, { planId: hidden.id }));
    expect({ status: refused.statusCode, error: refused.json().error }).toEqual({ status: 404, error: "ERR_NO_PLAN_FOUND" });
    expect(await t.db.select().from(paymentCharges).where(eq(paymentCharges.companyId, tenant.company.id))).toEqual([]);
  });
});

describe("free plans", () => {
  it("refuses a free plan at the checkout with ERR_FREE_PLAN and makes no charge", async () => {
    const free = await plan({ name: "Gratuito Publico", value: "0" });
    const tenant = await createTenant(t.app, t.db, { name: "Loja Gratis", dueDate: new Date(Date.now() + 5 * DAY) });
    const invoice = await openInvoice(tenant.adminToken);
    for (const payload of [checkout(invoice.id, { planId: free.id }), checkout(invoice.id, { plan: JSON.stringify({ planId: free.id, price: 0 }) })]) {
      const refused = await call("POST", "/subscription", tenant.adminToken, payload);
      expect({ status: refused.statusCode, error: refused.json().error }).toEqual({ status: 409, error: "ERR_FREE_PLAN" });
    }
    expect(await t.db.select().from(paymentCharges).where(eq(paymentCharges.companyId, tenant.company.id))).toEqual([]);
    expect((await companyRow(tenant.company.id)).planId).toBe(tenant.company.plan.id);
  });

  it("never invoices nor charges a company on a free plan: not the daily run, not /subscription, not the provider's changes", async () => {
    const free = await plan({ name: "Gratuito Interno", value: "0", isPublic: false });
    const tenant = await createTenant(t.app, t.db, { name: "Loja No Gratuito", dueDate: new Date(Date.now() + 2 * DAY) });
    await t.db.update(companies).set({ planId: free.id }).where(eq(companies.id, tenant.company.id));
    await runInvoiceSweep(deps());
    const opened = await call("POST", "/subscription/invoice", tenant.adminToken);
    expect({ status: opened.statusCode, error: opened.json().error }).toEqual({ status: 409, error: "ERR_FREE_PLAN" });
    const token = await superToken();
    const updated = await call("PUT", `/companies/${tenant.company.id}`, token, {
      name: "Loja No Gratuito",
      email: "gratis@loja.example",
      planId: free.id,
      status: true,
      campaignsEnabled: true,
      dueDate: new Date(Date.now() - DAY).toISOString(),
      recurrence: "MENSAL",
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await invoicesOf(tenant.company.id)).toEqual([]);
    expect(await t.db.select().from(paymentCharges).where(eq(paymentCharges.amountCents, 0))).toEqual([]);
  });
});

describe("an invoice as soon as it is due", () => {
  const companyBody = (planId: number, dueDate: string, overrides: Record<string, unknown> = {}) => ({
    name: "Padaria Atrasada",
    email: "dona@atrasada.example",
    planId,
    status: true,
    campaignsEnabled: true,
    dueDate,
    recurrence: "MENSAL",
    ...overrides,
  });

  it("gives a company created with a past due date its invoice at once, mailed with its Pix code, and the daily run adds none", async () => {
    const paid = await plan({ name: "Basico Imediato", value: "79.90" });
    const token = await superToken();
    const past = new Date(Date.now() - 5 * DAY);
    const created = await call("POST", "/companies", token, companyBody(paid.id, past.toISOString()));
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json<{ id: number }>().id;
    const [invoice] = await invoicesOf(id);
    expect(invoice).toMatchObject({ status: "open", valueCents: 7990, dueDate: past, planId: paid.id });
    expect(t.published.some((event) => event.name === "invoice.changed" && (event.payload as { companyId: number }).companyId === id)).toBe(true);
    const [mail] = mailsTo("dona@atrasada.example").filter((text) => /Nova fatura/.test(text));
    expect(mail).toContain("R$ 79,90");
    expect(mail).toContain("Pix copia e cola:");
    expect(mail).toMatch(/000201(?:010212)?26\d{2}0014br\.gov\.bcb\.pix.*6304[0-9A-F]{4}/);
    await runInvoiceSweep(deps());
    expect(await invoicesOf(id)).toHaveLength(1);
  });

  it("gives a company its invoice when its due date or plan is changed into the lead window, once however often it is saved", async () => {
    const token = await superToken();
    const tenant = await createTenant(t.app, t.db, { name: "Loja Mudada", dueDate: new Date(Date.now() + 60 * DAY) });
    const body = (dueDate: Date) => companyBody(tenant.company.plan.id, dueDate.toISOString(), { name: "Loja Mudada", email: "mudada@loja.example" });
    expect((await call("PUT", `/companies/${tenant.company.id}`, token, body(new Date(Date.now() + 60 * DAY)))).statusCode).toBe(200);
    expect(await invoicesOf(tenant.company.id)).toEqual([]);
    const soon = new Date(Date.now() + 4 * DAY);
    await Promise.all([call("PUT", `/companies/${tenant.company.id}`, token, body(soon)), call("PUT", `/companies/${tenant.company.id}`, token, { ...body(soon), phone: "1133334444" })]);
    const list = await invoicesOf(tenant.company.id);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ status: "open", dueDate: soon });
    await runInvoiceSweep(deps());
    expect(await invoicesOf(tenant.company.id)).toHaveLength(1);

    // A plan changed from free to paid with the due date inside the window: the invoice comes then.
    const free = await plan({ name: "Gratis Depois Pago", value: "0" });
    const other = await createTenant(t.app, t.db, { name: "Loja Plano", dueDate: soon });
    const otherBody = (planId: number) => companyBody(planId, soon.toISOString(), { name: "Loja Plano", email: "plano@loja.example" });
    expect((await call("PUT", `/companies/${other.company.id}`, token, otherBody(free.id))).statusCode).toBe(200);
    expect(await invoicesOf(other.company.id)).toEqual([]);
    expect((await call("PUT", `/companies/${other.company.id}`, token, otherBody(other.company.plan.id))).statusCode).toBe(200);
    expect(await invoicesOf(other.company.id)).toHaveLength(1);
  });

  it("keeps one open invoice, for the current due date and plan, when either changes: the old invoice cancelled or brought to the plan, its Pix code settling nothing", async () => {
    const token = await superToken();
    const soon = new Date(Date.now() + 4 * DAY);
    const tenant = await createTenant(t.app, t.db, { name: "Loja Remarcada", dueDate: new Date(Date.now() + 60 * DAY) });
    const body = (planId: number, dueDate: Date) => companyBody(planId, dueDate.toISOString(), { name: "Loja Remarcada", email: "remarcada@loja.example" });
    expect((await call("PUT", `/companies/${tenant.company.id}`, token, body(tenant.company.plan.id, soon))).statusCode).toBe(200);
    const [first] = await invoicesOf(tenant.company.id);
    expect(first).toMatchObject({ status: "open", dueDate: soon });
    const pay = async (invoiceId: number) => {
      const pix = await call("POST", "/subscription", tenant.adminToken, checkout(invoiceId, { planId: tenant.company.plan.id }));
      expect(pix.statusCode, pix.body).toBe(200);
      return pix.json<{ txid: string }>().txid;
    };
    const oldCode = await pay(first!.id);

    // The due date moves: the old invoice is cancelled, the new date has its own.
    const later = new Date(Date.now() + 6 * DAY);
    expect((await call("PUT", `/companies/${tenant.company.id}`, token, body(tenant.company.plan.id, later))).statusCode).toBe(200);
    const afterMove = await invoicesOf(tenant.company.id);
    expect(afterMove.find((invoice) => invoice.id === first!.id)).toMatchObject({ status: "cancelled", cancelReason: STALE_INVOICE_REASON });
    const open = afterMove.filter((invoice) => invoice.status === "open");
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ dueDate: later, planId: tenant.company.plan.id });
    expect(t.published.some((event) => event.name === "invoice.changed" && (event.payload as { invoice: { id: number; status: string } }).invoice.id === first!.id)).toBe(true);

    // The old invoice's code paid late: recorded on its charge, nothing renewed, the new invoice still open.
    expect((await call("POST", `/payment-simulator/charges/${oldCode}/pay`, tenant.adminToken)).json()).toEqual({ settled: 0 });
    const [oldCharge] = await t.db.select().from(paymentCharges).where(eq(paymentCharges.txid, oldCode));
    expect(oldCharge!.status).toBe("paid");
    expect((await companyRow(tenant.company.id)).dueDate).toEqual(later);
    expect((await invoicesOf(tenant.company.id)).filter((invoice) => invoice.status === "open").map((invoice) => invoice.id)).toEqual([open[0]!.id]);

    // The plan changes on the same due date: the open invoice bills the new plan, its earlier code is withdrawn.
    const codeForOldPlan = await pay(open[0]!.id);
    const bigger = await plan({ name: "Maior Remarcado", value: "149.90" });
    expect((await call("PUT", `/companies/${tenant.company.id}`, token, body(bigger.id, later))).statusCode).toBe(200);
    const afterPlan = (await invoicesOf(tenant.company.id)).filter((invoice) => invoice.status === "open");
    expect(afterPlan).toHaveLength(1);
    expect(afterPlan[0]).toMatchObject({ id: open[0]!.id, planId: bigger.id, valueCents: 14990, dueDate: later });
    expect(afterPlan[0]!.detail).toMatch(/^Maior Remarcado · /);
    const [withdrawn] = await t.db.select().from(paymentCharges).where(eq(paymentCharges.txid, codeForOldPlan));
    expect(withdrawn!.status).toBe("withdrawn");
    expect((await call("POST", `/payment-simulator/charges/${codeForOldPlan}/pay`, tenant.adminToken)).json()).toEqual({ settled: 0 });
    expect((await invoicesOf(tenant.company.id)).find((invoice) => invoice.id === open[0]!.id)).toMatchObject({ status: "open", valueCents: 14990 });
    expect((await companyRow(tenant.company.id)).dueDate).toEqual(later);
  });

  it("gives a signed-up company its invoice for the trial's end at once", async () => {
    const paid = await plan({ name: "Cadastro Imediato", value: "59.90" });
    const signup = await t.app.inject({ method: "POST", url: "/companies/cadastro", remoteAddress: "203.0.113.78", payload: { name: "Padaria Nova", email: "dono@nova.test", password: "Pão-quente-1", planId: paid.id } });
    expect(signup.statusCode, signup.body).toBe(200);
    const answer = signup.json<{ id: number; dueDate: string }>();
    const [invoice] = await invoicesOf(answer.id);
    expect(invoice).toMatchObject({ status: "open", valueCents: 5990, dueDate: new Date(answer.dueDate) });
  });
});
