import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Recurrence, RECURRENCES } from "@conversa/shared";
import { auditLogs, companies, invoices, paymentCharges, plans } from "../../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { DEFAULT_PASSWORD, bearer, createTenant, createUser, loginAs } from "../../../test/factories.ts";
import { runInvoiceSweep } from "./billing.jobs.ts";
import { billingDepsOf } from "./billing.routes.ts";
import { planValueCents, renewedDueDate } from "./billing.service.ts";
import { SIMULATOR_SIGNATURE_HEADER, signSimulatorConfirmation } from "./simulator-provider.ts";

const DAY = 86_400_000;
let t: TestApp;
let a: Awaited<ReturnType<typeof createTenant>>;
let b: Awaited<ReturnType<typeof createTenant>>;

beforeEach(async () => {
  t = await buildTestApp();
  a = await createTenant(t.app, t.db, { name: "Loja A", dueDate: new Date(Date.now() + 5 * DAY) });
  b = await createTenant(t.app, t.db, { name: "Loja B", dueDate: new Date(Date.now() + 5 * DAY) });
});
afterEach(async () => {
  await t.close();
});

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (method: Method, url: string, token?: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...(token ? bearer(token) : {}), ...headers }, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });
const deps = () => billingDepsOf(t.platform);
const invoicesOf = async (companyId: number) => t.db.select().from(invoices).where(eq(invoices.companyId, companyId));
const companyRow = async (id: number) => (await t.db.select().from(companies).where(eq(companies.id, id)))[0]!;
const checkout = (invoiceId: number, overrides: Record<string, unknown> = {}) => ({
  firstName: "Ana Souza",
  lastName: "",
  address2: "Rua das Flores, 10",
  city: "São Paulo",
  state: "SP",
  zipcode: "01000-000",
  country: "BR",
  useAddressForPaymentDetails: false,
  nameOnCard: "",
  cardNumber: "",
  cvv: "",
  invoiceId,
  ...overrides,
});
const openInvoice = async (token: string) => {
  const response = await call("POST", "/subscription/invoice", token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: number; value: number; status: string; dueDate: string }>();
};
const pixFor = async (token: string, invoiceId: number, overrides: Record<string, unknown> = {}) => {
  const response = await call("POST", "/subscription", token, checkout(invoiceId, overrides));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ qrcode: { qrcode: string }; valor: { original: string }; txid: string; planId: number }>();
};
const signed = (txid: string, valor: string, endToEndId = "E12345678202611241200abcdefghijk") => {
  const body = { txid, endToEndId, valor, horario: "2026-11-24T12:00:00.000Z" };
  return { body, headers: { [SIMULATOR_SIGNATURE_HEADER]: signSimulatorConfirmation(t.platform.config.billing.webhookSecret, body) } };
};

describe("the daily invoice run", () => {
  it("creates one invoice per company due within the lead days, with the plan's value, detail and due date", async () => {
    const far = await createTenant(t.app, t.db, { name: "Loja Longe", dueDate: new Date(Date.now() + 40 * DAY) });
    const result = await runInvoiceSweep(deps());
    expect(result.created).toBe(2);
    const [invoice] = await invoicesOf(a.company.id);
    expect(invoice).toMatchObject({ valueCents: 9990, status: "open", dueDate: a.company.dueDate });
    expect(invoice!.detail).toContain(a.company.plan.name);
    expect(await invoicesOf(far.company.id)).toEqual([]);
    expect(t.published.filter((e) => e.name === "invoice.changed")).toHaveLength(2);
  });

  it("creates each invoice exactly once when two runs go at once and when it runs again", async () => {
    const [first, second] = await Promise.all([runInvoiceSweep(deps()), runInvoiceSweep(deps())]);
    expect(first.created + second.created).toBe(2);
    expect((await runInvoiceSweep(deps())).created).toBe(0);
    expect(await invoicesOf(a.company.id)).toHaveLength(1);
    expect(await invoicesOf(b.company.id)).toHaveLength(1);
  });
});

describe("the invoice reminders", () => {
  const mails = () =>
    existsSync(t.mailDir) ? readdirSync(t.mailDir).map((file) => readFileSync(path.join(t.mailDir, file), "utf8").replace(/=\r?\n/g, "")) : [];
  const to = (email: string) => mails().filter((mail) => mail.includes(`To: ${email}`));

  it("put a company name with line breaks on one line of the subject and of the text", async () => {
    await t.db.update(companies).set({ name: "Loja\r\nBcc: outro@evil.example\n\nSua conta foi bloqueada" }).where(eq(companies.id, a.company.id));
    await runInvoiceSweep(deps());
    const [raw] = to(a.admin.email);
    const mail = await simpleParser(raw!);
    expect(mail.subject).toMatch(/^Nova fatura #\d+ de Loja Bcc: outro@evil\.example Sua conta foi bloqueada: R\$ 99,90, vence em /);
    expect(mail.bcc).toBeUndefined();
    expect(mail.text).toContain("Uma nova fatura da empresa Loja Bcc: outro@evil.example Sua conta foi bloqueada foi gerada.");
    expect(mail.text).not.toMatch(/^Sua conta foi bloqueada/m);
  });

  it("tell the company's admins once of a new invoice, and once more 3 days before it is due, with the amount, the due date and the Pix code", async () => {
    const secondAdmin = await createUser(t.db, { companyId: a.company.id, profile: "admin", email: "second-admin@example.com" });
    await runInvoiceSweep(deps());
    const created = to(a.admin.email);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatch(/Nova fatura/);
    expect(created[0]).toContain("R$ 99,90");
    expect(created[0]).toMatch(/000201(?:010212)?26\d{2}0014br\.gov\.bcb\.pix.*6304[0-9A-F]{4}/);
    const due = new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", day: "2-digit", month: "2-digit", year: "numeric" }).format(a.company.dueDate!);
    expect(created[0]).toContain(due);
    expect(to(secondAdmin.email)).toHaveLength(1);
    expect(to(a.agent.email)).toHaveLength(0);
    // Runs again, at once or in parallel: nothing more.
    await Promise.all([runInvoiceSweep(deps()), runInvoiceSweep(deps())]);
    expect(to(a.admin.email)).toHaveLength(1);
    // Three days before the due date: the second reminder, once.
    const later = new Date(a.company.dueDate!.getTime() - 2.5 * DAY);
    await Promise.all([runInvoiceSweep(deps(), later), runInvoiceSweep(deps(), later)]);
    await runInvoiceSweep(deps(), later);
    const all = to(a.admin.email);
    expect(all).toHaveLength(2);
    expect(all.filter((mail) => /vence em 3 dias/.test(mail))).toHaveLength(1);
  });

  it("send no due reminder for an invoice already paid", async () => {
    await runInvoiceSweep(deps());
    const invoice = await openInvoice(a.adminToken);
    const pix = await pixFor(a.adminToken, invoice.id);
    await call("POST", `/payment-simulator/charges/${pix.txid}/pay`, a.adminToken);
    await runInvoiceSweep(deps(), new Date(a.company.dueDate!.getTime() - 2.5 * DAY));
    expect(to(a.admin.email).filter((mail) => /vence em 3 dias/.test(mail))).toHaveLength(0);
  });
});

describe("GET /invoices/all", () => {
  it("answers the session company's invoices only, as an array", async () => {
    await runInvoiceSweep(deps());
    const response = await call("GET", "/invoices/all", a.adminToken, undefined);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ companyId: number; value: number }[]>();
    expect(Array.isArray(body)).toBe(true);
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({ companyId: a.company.id, value: 99.9, status: "open" });
  });

  it("pages 20 at a time, newest due date first", async () => {
    for (let i = 0; i < 21; i++) {
      await t.db.insert(invoices).values({ companyId: a.company.id, detail: `Fatura ${i}`, valueCents: 100, dueDate: new Date(Date.now() - i * DAY) });
    }
    const first = (await call("GET", "/invoices/all?pageNumber=1", a.adminToken)).json<{ detail: string }[]>();
    const second = (await call("GET", "/invoices/all?pageNumber=2", a.adminToken)).json<{ detail: string }[]>();
    expect([first.length, second.length]).toEqual([20, 1]);
    expect([first[0]!.detail, second[0]!.detail]).toEqual(["Fatura 0", "Fatura 20"]);
    const searched = (await call("GET", "/invoices/all?searchParam=fatura%2020", a.adminToken)).json<{ detail: string }[]>();
    expect(searched.map((i) => i.detail)).toEqual(["Fatura 20"]);
  });

  it("answers 401 without a session and 403 to a user-profile account", async () => {
    expect((await call("GET", "/invoices/all")).statusCode).toBe(401);
    expect((await call("GET", "/invoices/all", a.agentToken)).json().error).toBe("ERR_NO_PERMISSION");
  });
});

describe("POST /subscription", () => {
  it("answers a Pix charge for the open invoice: a BR Code with the amount", async () => {
    const invoice = await openInvoice(a.adminToken);
    const pix = await pixFor(a.adminToken, invoice.id);
    expect(pix.valor.original).toBe("99.90");
    expect(pix.qrcode.qrcode).toMatch(/^000201.*br\.gov\.bcb\.pix.*540599\.905802BR.*6304[0-9A-F]{4}$/);
    // The same checkout again reuses the pending charge.
    expect((await pixFor(a.adminToken, invoice.id)).txid).toBe(pix.txid);
    const [charge] = await t.db.select().from(paymentCharges).where(eq(paymentCharges.txid, pix.txid));
    expect(charge!.payer).toEqual({ firstName: "Ana Souza", lastName: "", address: "Rua das Flores, 10", city: "São Paulo", state: "SP", zipcode: "01000-000", country: "BR" });
  });

  it("charges the chosen plan's value from the database, whatever price the form sends", async () => {
    const [premium] = await t.db.insert(plans).values({ name: "Premium", users: 50, connections: 10, queues: 20, value: "249.50" }).returning();
    const invoice = await openInvoice(a.adminToken);
    const pix = await pixFor(a.adminToken, invoice.id, { plan: JSON.stringify({ planId: premium!.id, users: 50, connections: 10, price: 1 }), price: 1 });
    expect(pix.valor.original).toBe("249.50");
    expect(pix.planId).toBe(premium!.id);
    // The plan applies when the payment settles, not before.
    expect((await companyRow(a.company.id)).planId).toBe(a.company.plan.id);
  });

  it.each([
    ["a firstName over 100 characters", { firstName: "A".repeat(101) }],
    ["a zipcode over 20 characters", { zipcode: "1".repeat(21) }],
    ["a country not offered", { country: "AR" }],
    ["an unknown field", { companyId: 2 }],
    ["a plan that is not JSON", { plan: "{nope" }],
  ])("answers 400 ERR_VALIDATION to %s", async (_label, overrides) => {
    const invoice = await openInvoice(a.adminToken);
    const response = await call("POST", "/subscription", a.adminToken, checkout(invoice.id, overrides));
    expect({ status: response.statusCode, error: response.json().error }).toEqual({ status: 400, error: "ERR_VALIDATION" });
    expect(await t.db.select().from(paymentCharges)).toEqual([]);
  });

  it("answers 404 for another company's invoice and makes no charge", async () => {
    const invoiceOfB = await openInvoice(b.adminToken);
    const response = await call("POST", "/subscription", a.adminToken, checkout(invoiceOfB.id));
    expect({ status: response.statusCode, error: response.json().error }).toEqual({ status: 404, error: "ERR_NO_INVOICE_FOUND" });
    expect(await t.db.select().from(paymentCharges)).toEqual([]);
  });

  it("answers 403 to a user-profile account", async () => {
    const invoice = await openInvoice(a.adminToken);
    expect((await call("POST", "/subscription", a.agentToken, checkout(invoice.id))).json().error).toBe("ERR_NO_PERMISSION");
  });
});

describe("payment confirmation", () => {
  it("settles through the payment simulator: invoice paid, due date renewed by a month, payment event CONCLUIDA", async () => {
    const invoice = await openInvoice(a.adminToken);
    const pix = await pixFor(a.adminToken, invoice.id);
    const before = await companyRow(a.company.id);
    t.published.length = 0;
    const paid = await call("POST", `/payment-simulator/charges/${pix.txid}/pay`, a.adminToken);
    expect(paid.json()).toEqual({ settled: 1 });
    const after = await companyRow(a.company.id);
    expect(after.dueDate).toEqual(renewedDueDate(before.dueDate, "MENSAL", "America/Sao_Paulo", new Date()));
    expect(after.dueDate!.getTime()).toBeGreaterThan(before.dueDate!.getTime() + 27 * DAY);
    expect((await invoicesOf(a.company.id))[0]).toMatchObject({ status: "paid", paidBy: "provider" });
    expect(t.published.find((e) => e.name === "payment.confirmed")?.payload).toEqual({ companyId: a.company.id, invoiceId: invoice.id, dueDate: after.dueDate!.toISOString(), planId: a.company.plan.id });
  });

  it("renews once when the same confirmation is delivered twice", async () => {
    const invoice = await openInvoice(a.adminToken);
    const pix = await pixFor(a.adminToken, invoice.id);
    const delivery = signed(pix.txid, "99.90");
    const first = await call("POST", "/webhooks/pix/simulator", undefined, delivery.body, delivery.headers);
    const afterFirst = await companyRow(a.company.id);
    const second = await call("POST", "/webhooks/pix/simulator", undefined, delivery.body, delivery.headers);
    expect([first.json(), second.json()]).toEqual([{ settled: 1 }, { settled: 0 }]);
    expect((await companyRow(a.company.id)).dueDate).toEqual(afterFirst.dueDate);
    expect(t.published.filter((e) => e.name === "payment.confirmed")).toHaveLength(1);
  });

  it.each([
    ["no signature", {}],
    ["a signature made with another secret", { [SIMULATOR_SIGNATURE_HEADER]: "a".repeat(64) }],
  ])("refuses a confirmation with %s and settles nothing", async (_label, headers) => {
    const invoice = await openInvoice(a.adminToken);
    const pix = await pixFor(a.adminToken, invoice.id);
    const response = await call("POST", "/webhooks/pix/simulator", undefined, signed(pix.txid, "99.90").body, headers);
    expect({ status: response.statusCode, error: response.json().error }).toEqual({ status: 401, error: "ERR_PAYMENT_UNAUTHENTICATED" });
    expect((await invoicesOf(a.company.id))[0]!.status).toBe("open");
  });

  it("refuses a signed confirmation whose body was changed after signing", async () => {
    const invoice = await openInvoice(a.adminToken);
    const pix = await pixFor(a.adminToken, invoice.id);
    const delivery = signed(pix.txid, "0.01");
    const response = await call("POST", "/webhooks/pix/simulator", undefined, { ...delivery.body, valor: "99.90" }, delivery.headers);
    expect(response.json().error).toBe("ERR_PAYMENT_UNAUTHENTICATED");
  });

  it("refuses an amount that is not the charge's and settles nothing", async () => {
    const invoice = await openInvoice(a.adminToken);
    const pix = await pixFor(a.adminToken, invoice.id);
    const before = await companyRow(a.company.id);
    const delivery = signed(pix.txid, "9.99");
    const response = await call("POST", "/webhooks/pix/simulator", undefined, delivery.body, delivery.headers);
    expect({ status: response.statusCode, error: response.json().error }).toEqual({ status: 409, error: "ERR_PAYMENT_AMOUNT_MISMATCH" });
    expect((await invoicesOf(a.company.id))[0]!.status).toBe("open");
    expect((await t.db.select().from(paymentCharges))[0]!.status).toBe("pending");
    expect((await companyRow(a.company.id)).dueDate).toEqual(before.dueDate);
  });

  it("refuses a confirmation for an unknown charge, and one for the provider not configured", async () => {
    const delivery = signed("A".repeat(32), "99.90");
    expect((await call("POST", "/webhooks/pix/simulator", undefined, delivery.body, delivery.headers)).json().error).toBe("ERR_NO_CHARGE_FOUND");
    expect((await call("POST", "/webhooks/pix/efi?hmac=x", undefined, { pix: [] })).statusCode).toBe(404);
  });

  it("applies the plan chosen at checkout when the payment settles", async () => {
    const [premium] = await t.db.insert(plans).values({ name: "Premium", users: 50, connections: 10, queues: 20, value: "249.50" }).returning();
    const invoice = await openInvoice(a.adminToken);
    const pix = await pixFor(a.adminToken, invoice.id, { planId: premium!.id });
    await call("POST", `/payment-simulator/charges/${pix.txid}/pay`, a.adminToken);
    expect((await companyRow(a.company.id)).planId).toBe(premium!.id);
    expect((await invoicesOf(a.company.id))[0]).toMatchObject({ status: "paid", valueCents: 24950 });
  });

  it("lets a company blocked for an overdue date log in at once after paying the Pix code of its reminder", async () => {
    const overdue = await createTenant(t.app, t.db, { name: "Loja Vencida" });
    const past = new Date(Date.now() - 10 * DAY);
    await t.db.update(companies).set({ dueDate: past }).where(eq(companies.id, overdue.company.id));
    expect((await t.app.inject({ method: "POST", url: "/auth/login", payload: { email: overdue.admin.email, password: DEFAULT_PASSWORD } })).json().error).toBe("ERR_SUBSCRIPTION_EXPIRED");
    await runInvoiceSweep(deps());
    const [charge] = await t.db.select().from(paymentCharges).where(eq(paymentCharges.companyId, overdue.company.id));
    expect(charge).toBeDefined();
    const delivery = signed(charge!.txid, "99.90");
    expect((await call("POST", "/webhooks/pix/simulator", undefined, delivery.body, delivery.headers)).json()).toEqual({ settled: 1 });
    const renewed = (await companyRow(overdue.company.id)).dueDate!;
    // Renewed from today, not from the past due date.
    expect(renewed.getTime()).toBeGreaterThan(Date.now() + 27 * DAY);
    expect(await loginAs(t.app, overdue.admin.email)).toMatchObject({ token: expect.any(String) });
  });

  it("pays only a charge of the session's company through the simulator", async () => {
    const invoice = await openInvoice(a.adminToken);
    const pix = await pixFor(a.adminToken, invoice.id);
    const response = await call("POST", `/payment-simulator/charges/${pix.txid}/pay`, b.adminToken);
    expect({ status: response.statusCode, error: response.json().error }).toEqual({ status: 404, error: "ERR_NO_CHARGE_FOUND" });
    expect((await invoicesOf(a.company.id))[0]!.status).toBe("open");
  });
});

describe("due-date renewal", () => {
  const months: Record<Recurrence, string> = {
    MENSAL: "2026-02-15T15:00:00.000Z",
    BIMESTRAL: "2026-03-15T15:00:00.000Z",
    TRIMESTRAL: "2026-04-15T15:00:00.000Z",
    SEMESTRAL: "2026-07-15T15:00:00.000Z",
    ANUAL: "2027-01-15T15:00:00.000Z",
  };
  it.each(RECURRENCES)("adds the months of %s to a due date still ahead", (recurrence) => {
    const now = new Date("2026-01-10T12:00:00.000Z");
    expect(renewedDueDate(new Date("2026-01-15T15:00:00.000Z"), recurrence, "America/Sao_Paulo", now).toISOString()).toBe(months[recurrence]);
  });

  it.each(RECURRENCES)("renews %s from today when the due date has passed", (recurrence) => {
    const now = new Date("2026-03-20T12:00:00.000Z");
    const expected = { MENSAL: "2026-04-20", BIMESTRAL: "2026-05-20", TRIMESTRAL: "2026-06-20", SEMESTRAL: "2026-09-20", ANUAL: "2027-03-20" }[recurrence];
    expect(renewedDueDate(new Date("2026-01-15T15:00:00.000Z"), recurrence, "America/Sao_Paulo", now).toISOString()).toBe(`${expected}T12:00:00.000Z`);
  });

  it("keeps the last day of a shorter month and treats an unknown recurrence as MENSAL", () => {
    expect(renewedDueDate(new Date("2026-01-31T15:00:00.000Z"), "MENSAL", "America/Sao_Paulo", new Date("2026-01-01T00:00:00Z")).toISOString()).toBe("2026-02-28T15:00:00.000Z");
    expect(renewedDueDate(new Date("2026-01-15T15:00:00.000Z"), null, "America/Sao_Paulo", new Date("2026-01-01T00:00:00Z")).toISOString()).toBe("2026-02-15T15:00:00.000Z");
  });

  it("reads plan values as exact cents", () => {
    expect([planValueCents("99.90"), planValueCents("0.1"), planValueCents("1234.05"), planValueCents("7")]).toEqual([9990, 10, 123405, 700]);
  });

  it.each(RECURRENCES)("moves a company on %s by its months when it pays", async (recurrence) => {
    const due = new Date(Date.now() + 5 * DAY);
    await t.db.update(companies).set({ recurrence, dueDate: due }).where(eq(companies.id, a.company.id));
    const invoice = await openInvoice(a.adminToken);
    const pix = await pixFor(a.adminToken, invoice.id);
    await call("POST", `/payment-simulator/charges/${pix.txid}/pay`, a.adminToken);
    expect((await companyRow(a.company.id)).dueDate).toEqual(renewedDueDate(due, recurrence, "America/Sao_Paulo", new Date()));
  });
});

describe("the super users' invoices", () => {
  let superToken: string;
  beforeEach(async () => {
    const superUser = await createUser(t.db, { companyId: a.company.id, profile: "admin", isSuper: true, email: "billing-super@example.com" });
    superToken = (await loginAs(t.app, superUser.email)).token;
    await runInvoiceSweep(deps());
  });

  it("lists every company's invoices with the company's name", async () => {
    const response = await call("GET", "/billing/invoices", superToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ invoices: { companyName: string }[] }>().invoices.map((i) => i.companyName).sort()).toEqual(["Loja A", "Loja B"]);
    const onlyB = (await call("GET", `/billing/invoices?companyId=${b.company.id}`, superToken)).json<{ invoices: { companyId: number }[] }>();
    expect(onlyB.invoices.map((i) => i.companyId)).toEqual([b.company.id]);
  });

  it("marks an invoice paid by hand and renews the company", async () => {
    const [invoice] = await invoicesOf(b.company.id);
    const before = await companyRow(b.company.id);
    const response = await call("POST", `/billing/invoices/${invoice!.id}/mark-paid`, superToken, { note: "TED 123" });
    expect(response.json()).toMatchObject({ status: "paid", paidBy: "manual", companyName: "Loja B" });
    expect((await companyRow(b.company.id)).dueDate!.getTime()).toBeGreaterThan(before.dueDate!.getTime() + 27 * DAY);
    expect((await call("POST", `/billing/invoices/${invoice!.id}/mark-paid`, superToken, {})).json().error).toBe("ERR_INVOICE_NOT_OPEN");
  });

  it("cancels an invoice keeping the reason, and it can no longer be paid", async () => {
    const [invoice] = await invoicesOf(b.company.id);
    const response = await call("POST", `/billing/invoices/${invoice!.id}/cancel`, superToken, { reason: "Cobrança duplicada" });
    expect(response.json()).toMatchObject({ status: "cancelled", cancelReason: "Cobrança duplicada" });
    expect((await call("POST", "/subscription", b.adminToken, checkout(invoice!.id))).json().error).toBe("ERR_INVOICE_NOT_OPEN");
    expect((await call("POST", `/billing/invoices/${invoice!.id}/cancel`, superToken, { reason: "de novo" })).json().error).toBe("ERR_INVOICE_NOT_OPEN");
  });

  it("refuses a cancellation without a reason", async () => {
    const [invoice] = await invoicesOf(b.company.id);
    expect((await call("POST", `/billing/invoices/${invoice!.id}/cancel`, superToken, { reason: "" })).json().error).toBe("ERR_VALIDATION");
  });

  it("answers 403 to a company's admin", async () => {
    const [invoice] = await invoicesOf(b.company.id);
    expect((await call("GET", "/billing/invoices", b.adminToken)).json().error).toBe("ERR_NO_PERMISSION");
    expect((await call("POST", `/billing/invoices/${invoice!.id}/mark-paid`, b.adminToken, {})).json().error).toBe("ERR_NO_PERMISSION");
    expect((await call("POST", `/billing/invoices/${invoice!.id}/cancel`, b.adminToken, { reason: "porque sim" })).json().error).toBe("ERR_NO_PERMISSION");
    expect((await invoicesOf(b.company.id))[0]!.status).toBe("open");
  });
});

describe("GET /subscription", () => {
  it("answers the trial days left, the billing e-mail and the plan", async () => {
    await t.db.update(companies).set({ trialExpiration: new Date(Date.now() + 2.5 * DAY), email: "financeiro@loja-a.example" }).where(eq(companies.id, a.company.id));
    const response = await call("GET", "/subscription", a.adminToken);
    expect(response.json()).toMatchObject({ trialDaysLeft: 3, billingEmail: "financeiro@loja-a.example", plan: { id: a.company.plan.id, value: 99.9 } });
  });

  it("opens one invoice for the current due date however often it is asked", async () => {
    const first = await openInvoice(a.adminToken);
    const second = await openInvoice(a.adminToken);
    expect(second.id).toBe(first.id);
    expect(await invoicesOf(a.company.id)).toHaveLength(1);
  });
});

describe("the log of a payment confirmation", () => {
  it("names the webhook route but never the secret its URL carries", async () => {
    const lines: string[] = [];
    const logged = await buildTestApp({ logLevel: "info" }, { logDestination: { write: (line: string) => void lines.push(line) } });
    try {
      const secret = "Webhook-Secret-0123456789abcdefXYZ";
      for (const url of [`/webhooks/pix/efi?hmac=${secret}`, `/webhooks/pix/efi/pix?hmac=${secret}/pix`, `/webhooks/pix/simulator?hmac=${secret}`, `/webhooks/pix/${secret}/pix`]) {
        expect((await logged.app.inject({ method: "POST", url, payload: { pix: [] } })).statusCode).toBeGreaterThanOrEqual(400);
      }
      const text = lines.join("");
      expect(text).toContain('"url":"/webhooks/pix/efi?hmac=[Redacted]"');
      expect(text).toContain('"url":"/webhooks/pix/efi/pix?hmac=[Redacted]"');
      expect(text).toContain('"url":"/webhooks/pix/simulator?hmac=[Redacted]"');
      expect(text).toContain('"url":"/webhooks/pix/[Redacted]/pix"');
      expect(text).not.toContain(secret);
    } finally {
      await logged.close();
    }
  });
});

describe("the audit log", () => {
  const entriesOf = (invoiceId: number) =>
    t.db.select().from(auditLogs).where(eq(auditLogs.targetId, String(invoiceId))).then((rows) => rows.filter((row) => row.targetType === "invoice").sort((x, y) => x.id - y.id));

  it("records the invoice an admin opens, the checkout, and its settlement by the payment as the system's", async () => {
    const invoice = await openInvoice(a.adminToken);
    await openInvoice(a.adminToken);
    const pix = await pixFor(a.adminToken, invoice.id);
    expect((await call("POST", `/payment-simulator/charges/${pix.txid}/pay`, a.adminToken)).json()).toEqual({ settled: 1 });

    const entries = await entriesOf(invoice.id);
    expect(entries.map((entry) => [entry.action, entry.actorKind, entry.companyId, entry.userId])).toEqual([
      ["invoice.create", "user", a.company.id, a.admin.id],
      ["subscription.checkout", "user", a.company.id, a.admin.id],
      ["invoice.paid", "system", a.company.id, null],
    ]);
    expect(entries[2]!.changes).toMatchObject({ status: { before: "open", after: "paid" }, paidBy: { before: null, after: "provider" } });
    expect(entries[2]!.changes).not.toHaveProperty("valueCents");
  });

  it("records a super user's manual payment and cancellation in the invoice's company, as the provider", async () => {
    const superUser = await createUser(t.db, { companyId: a.company.id, profile: "admin", isSuper: true, email: "billing-audit-super@example.com" });
    const superToken = (await loginAs(t.app, superUser.email)).token;
    await runInvoiceSweep(deps());
    const [paid] = await invoicesOf(b.company.id);
    expect((await call("POST", `/billing/invoices/${paid!.id}/mark-paid`, superToken, {})).statusCode).toBe(200);
    const [, open] = await invoicesOf(b.company.id).then((rows) => rows.sort((x, y) => x.id - y.id));
    const cancelled = open ?? (await openInvoice(b.adminToken));
    expect((await call("POST", `/billing/invoices/${cancelled.id}/cancel`, superToken, { reason: "Cobrança duplicada" })).statusCode).toBe(200);

    const [markPaid] = await entriesOf(paid!.id);
    expect(markPaid).toMatchObject({ action: "invoice.mark_paid", actorKind: "provider", companyId: b.company.id, companyName: "Loja B", userId: superUser.id });
    expect(markPaid!.changes).toMatchObject({ status: { before: "open", after: "paid" } });
    const cancellation = (await entriesOf(cancelled.id)).find((entry) => entry.action === "invoice.cancel");
    expect(cancellation).toMatchObject({ actorKind: "provider", companyId: b.company.id });
    expect(cancellation!.changes).toEqual({ status: { before: "open", after: "cancelled" }, cancelReason: { before: null, after: "Cobrança duplicada" } });
  });
});
