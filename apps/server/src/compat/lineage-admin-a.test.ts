/**
 * The previous generation's administration screens (client 4.8.2) against Conversa, part A: billing,
 * plans, companies, contact lists and campaigns. Each block sends the client's exact body and reads every
 * field the client reads back (docs/compatibility.md, "Accepted for compatibility").
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { campaigns, contactListItems, plans } from "../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../test/build-test-app.ts";
import { bearer, createPlan, createTenant, createUser, loginAs } from "../../test/factories.ts";

let t: TestApp;
let a: Awaited<ReturnType<typeof createTenant>>;
let b: Awaited<ReturnType<typeof createTenant>>;

beforeEach(async () => {
  t = await buildTestApp();
  await t.platform.jobs.start();
  a = await createTenant(t.app, t.db, { name: "Loja A", dueDate: new Date(Date.now() + 5 * 86_400_000) });
  b = await createTenant(t.app, t.db, { name: "Loja B", dueDate: new Date(Date.now() + 5 * 86_400_000) });
});
afterEach(async () => {
  await t.platform.jobs.stop();
  await t.close();
});

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (method: Method, url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });

async function superToken(): Promise<string> {
  const root = await createUser(t.db, { companyId: a.company.id, profile: "admin", isSuper: true });
  return (await loginAs(t.app, root.email)).token;
}

async function makePrivate(planId: number): Promise<void> {
  await t.db.update(plans).set({ isPublic: false }).where(eq(plans.id, planId));
}

describe("1. Financeiro: GET /invoices/all", () => {
  it("answers an array the client iterates over, with the fields of its table", async () => {
    const opened = await call("POST", "/subscription/invoice", a.adminToken);
    expect(opened.statusCode, opened.body).toBe(200);
    // pages/Financeiro/index.js: api.get("/invoices/all", { params: { searchParam, pageNumber } }), then invoices.forEach
    const response = await call("GET", "/invoices/all?searchParam=&pageNumber=1", a.adminToken);
    expect(response.statusCode, response.body).toBe(200);
    const invoices = response.json<{ id: number; detail: string; value: number; dueDate: string; status: string }[]>();
    expect(Array.isArray(invoices)).toBe(true);
    expect(invoices).toHaveLength(1);
    const [invoice] = invoices;
    expect(invoice!.id).toBe(opened.json<{ id: number }>().id);
    expect(typeof invoice!.detail).toBe("string");
    expect(invoice!.value).toBe(99.9);
    expect(Number.isNaN(Date.parse(invoice!.dueDate))).toBe(false);
    // Anything but "paid" shows PAGAR.
    expect(invoice!.status).toBe("open");
  });

  it("never lists another company's invoices", async () => {
    await call("POST", "/subscription/invoice", b.adminToken);
    expect((await call("GET", "/invoices/all?pageNumber=1", a.adminToken)).json()).toEqual([]);
  });
});

describe("2. Checkout: GET /plans/{id}", () => {
  it("answers the company's own plan, private as it may be, with the fields the plan card reads", async () => {
    await makePrivate(a.company.plan.id);
    // components/CheckoutPage/Forms/PaymentForm.js: finder(companiesList.planId) → GET /plans/{id}
    const response = await call("GET", `/plans/${a.company.plan.id}`, a.adminToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: a.company.plan.id, name: a.company.plan.name, value: 99.9, users: 10, connections: 5, queues: 10 });
  });

  it("answers a public plan to any account, and any plan to a super user", async () => {
    const offered = await createPlan(t.db);
    expect((await call("GET", `/plans/${offered.id}`, a.agentToken)).json()).toMatchObject({ id: offered.id });
    await makePrivate(b.company.plan.id);
    expect((await call("GET", `/plans/${b.company.plan.id}`, await superToken())).json()).toMatchObject({ id: b.company.plan.id });
  });

  it("answers 404 for another company's private plan and for no plan, 401 without a session", async () => {
    await makePrivate(b.company.plan.id);
    for (const url of [`/plans/${b.company.plan.id}`, "/plans/999999"]) {
      const response = await call("GET", url, a.adminToken);
      expect({ status: response.statusCode, error: response.json().error }).toEqual({ status: 404, error: "ERR_NO_PLAN_FOUND" });
    }
    expect((await call("GET", `/plans/${a.company.plan.id}`)).statusCode).toBe(401);
  });
});

describe("3. Checkout: POST /subscription", () => {
  /** components/CheckoutPage/CheckoutPage.js `_submitForm`: the stepper starts on Personalizar, so step 1's fields stay as formInitialValues left them. */
  function lineageCheckout(invoiceId: number, plan: { id: number; name: string; value: number; users: number; connections: number; queues: number }) {
    const tier = {
      title: plan.name,
      planId: plan.id,
      price: plan.value,
      description: [`${plan.users} Usuários`, `${plan.connections} Conexão`, `${plan.queues} Filas`],
      users: plan.users,
      connections: plan.connections,
      queues: plan.queues,
      buttonText: "SELECIONAR",
      buttonVariant: "outlined",
    };
    return {
      firstName: "",
      lastName: "",
      city: "",
      state: "",
      zipcode: "",
      country: "",
      useAddressForPaymentDetails: false,
      nameOnCard: "",
      cardNumber: "",
      cvv: "",
      plan: JSON.stringify(tier),
      price: tier.price,
      users: tier.users,
      connections: tier.connections,
      invoiceId,
    };
  }

  it("answers the Pix data the success view reads, for the plan named inside the serialised plan", async () => {
    const invoice = (await call("POST", "/subscription/invoice", a.adminToken)).json<{ id: number }>();
    const premium = await createPlan(t.db);
    await t.db.update(plans).set({ value: "249.50" }).where(eq(plans.id, premium.id));
    const response = await call("POST", "/subscription", a.adminToken, lineageCheckout(invoice.id, { ...premium, value: 249.5 }));
    expect(response.statusCode, response.body).toBe(200);
    const pix = response.json<{ qrcode: { qrcode: string }; valor: { original: string }; planId: number }>();
    expect(pix.qrcode.qrcode).toMatch(/^000201/);
    expect(pix.valor.original).toBe("249.50");
    expect(pix.planId).toBe(premium.id);
  });

  it("still refuses another company's invoice, another company's private plan and a country not offered", async () => {
    const invoice = (await call("POST", "/subscription/invoice", a.adminToken)).json<{ id: number }>();
    const invoiceOfB = (await call("POST", "/subscription/invoice", b.adminToken)).json<{ id: number }>();
    const ownPlan = { ...a.company.plan, value: 99.9 };
    const foreign = await call("POST", "/subscription", a.adminToken, lineageCheckout(invoiceOfB.id, ownPlan));
    expect(foreign.json().error).toBe("ERR_NO_INVOICE_FOUND");
    await makePrivate(b.company.plan.id);
    const privatePlan = await call("POST", "/subscription", a.adminToken, lineageCheckout(invoice.id, { ...b.company.plan, value: 99.9 }));
    expect(privatePlan.json().error).toBe("ERR_NO_PLAN_FOUND");
    const country = await call("POST", "/subscription", a.adminToken, { ...lineageCheckout(invoice.id, ownPlan), country: "AR" });
    expect({ status: country.statusCode, error: country.json().error }).toEqual({ status: 400, error: "ERR_VALIDATION" });
  });
});

describe("4. Empresas: /companies/list and the form's calls", () => {
  interface Row {
    id: number;
    name: string;
    email: string | null;
    phone: string | null;
    planId: number | null;
    plan: { name: string } | null;
    status: boolean;
    dueDate: string | null;
    recurrence: string | null;
    createdAt: string;
    settings: { key: string; value: string }[];
  }
  const rowOf = async (token: string, id: number) => (await call("GET", "/companies/list", token)).json<Row[]>().find((row) => row.id === id)!;

  it("lists each company with its campaignsEnabled setting as the Campanhas column reads it", async () => {
    const token = await superToken();
    const row = await rowOf(token, b.company.id);
    expect(row).toMatchObject({ id: b.company.id, name: "Loja B", planId: b.company.plan.id, plan: { name: b.company.plan.name }, status: true });
    expect(row.settings).toEqual([{ key: "campaignsEnabled", value: "true" }]);
    expect(Number.isNaN(Date.parse(row.createdAt))).toBe(false);
  });

  it("saves the form as handleSelect loads it, renews by the date the client moved, and deletes", async () => {
    const token = await superToken();
    const row = await rowOf(token, b.company.id);
    // components/CompaniesManager/index.js handleSelect: the record the form submits.
    const setting = row.settings.find((s) => s.key.indexOf("campaignsEnabled") > -1);
    const record = {
      id: row.id,
      name: row.name || "",
      phone: row.phone || "",
      email: row.email || "",
      planId: row.planId || "",
      status: row.status !== false,
      campaignsEnabled: setting?.value === "true" || setting?.value === "enabled",
      dueDate: row.dueDate || "",
      recurrence: row.recurrence || "",
    };
    const edited = await call("PUT", `/companies/${row.id}`, token, { ...record, email: "loja-b@example.com", campaignsEnabled: false });
    expect(edited.statusCode, edited.body).toBe(200);
    const afterEdit = await rowOf(token, b.company.id);
    expect(afterEdit.settings).toEqual([{ key: "campaignsEnabled", value: "false" }]);
    expect(afterEdit.email).toBe("loja-b@example.com");
    expect(afterEdit.recurrence).toBe("MENSAL");

    // incrementDueDate: the client adds the month itself and submits YYYY-MM-DD.
    const renewed = await call("PUT", `/companies/${row.id}`, token, { ...record, email: "loja-b@example.com", campaignsEnabled: false, dueDate: "2031-03-15", recurrence: "MENSAL" });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect((await rowOf(token, b.company.id)).dueDate).toBe("2031-03-15T00:00:00.000Z");

    const deleted = await call("DELETE", `/companies/${row.id}`, token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await rowOf(token, b.company.id)).toBeUndefined();
  });

  it("refuses an unknown field and stays for super users only", async () => {
    const token = await superToken();
    const row = await rowOf(token, b.company.id);
    const unknown = await call("PUT", `/companies/${row.id}`, token, { name: row.name, email: "x@example.com", planId: row.planId, settings: row.settings, extra: 1 });
    expect({ status: unknown.statusCode, error: unknown.json().error }).toEqual({ status: 400, error: "ERR_VALIDATION" });
    expect((await call("GET", "/companies/list", a.adminToken)).json().error).toBe("ERR_NO_PERMISSION");
  });
});

describe("5. Planos: the plan's value as the form sends it back", () => {
  const planBody = (value: unknown) => ({
    name: `Plano ${String(value)}`,
    users: 5,
    connections: 2,
    queues: 3,
    value,
    useCampaigns: true,
    useSchedules: true,
    useInternalChat: true,
    useExternalApi: true,
    useKanban: true,
    useOpenAi: true,
    useIntegrations: true,
  });

  it.each([
    ["99,9", 99.9, "99.90"],
    ["99", 99, "99.00"],
    ["0,05", 0.05, "0.05"],
    ["1234.56", 1234.56, "1234.56"],
    [49.9, 49.9, "49.90"],
  ])("takes %j as exactly %s BRL", async (sent, answered, stored) => {
    const response = await call("POST", "/plans", await superToken(), planBody(sent));
    expect(response.statusCode, response.body).toBe(200);
    const plan = response.json<{ id: number; value: number }>();
    expect(plan.value).toBe(answered);
    const [row] = await t.db.select({ value: plans.value }).from(plans).where(eq(plans.id, plan.id));
    expect(row!.value).toBe(stored);
  });

  it("takes the value on PUT with the row the table loaded", async () => {
    const token = await superToken();
    const created = (await call("POST", "/plans", token, planBody(10))).json<Record<string, unknown> & { id: number }>();
    const response = await call("PUT", `/plans/${created.id}`, token, { ...created, value: "99,9" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ value: 99.9 });
  });

  it.each([["R$ 99,90"], ["99,999"], ["1.234,56"], ["abc"], [""], ["-5"], ["99,"]])("refuses %j with 400 ERR_VALIDATION", async (sent) => {
    const response = await call("POST", "/plans", await superToken(), planBody(sent));
    expect({ status: response.statusCode, error: response.json().error }).toEqual({ status: 400, error: "ERR_VALIDATION" });
  });
});

describe("6. List contacts: POST and PUT /contact-list-items", () => {
  const listOf = async (token: string, name: string) => (await call("POST", "/contact-lists", token, { name })).json<{ id: number }>();

  it("adds a contact with contactListId as the page's path text and the session's companyId", async () => {
    const list = await listOf(a.adminToken, "Clientes");
    // components/ContactListItemModal/index.js: { ...values, companyId, contactListId } with contactListId from useParams()
    const response = await call("POST", "/contact-list-items", a.adminToken, { name: "Maria", number: "5511988887777", email: "", companyId: a.company.id, contactListId: String(list.id) });
    expect(response.statusCode, response.body).toBe(200);
    const item = response.json<{ id: number; name: string; number: string; email: string; contactListId: number; companyId: number }>();
    expect(item).toMatchObject({ name: "Maria", number: "5511988887777", email: "", contactListId: list.id, companyId: a.company.id });

    // On edit the modal sends back the item as GET /contact-list-items/{id} answered it.
    const loaded = (await call("GET", `/contact-list-items/${item.id}`, a.adminToken)).json<Record<string, unknown>>();
    const edited = await call("PUT", `/contact-list-items/${item.id}`, a.adminToken, { ...loaded, name: "Maria Souza", companyId: a.company.id, contactListId: String(list.id) });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id: item.id, name: "Maria Souza", contactListId: list.id });
  });

  it("refuses another company's companyId (403) and another company's list (404), storing nothing", async () => {
    const list = await listOf(a.adminToken, "Clientes");
    const listOfB = await listOf(b.adminToken, "Clientes B");
    const foreignCompany = await call("POST", "/contact-list-items", a.adminToken, { name: "Maria", number: "5511988887777", email: "", companyId: b.company.id, contactListId: String(list.id) });
    expect({ status: foreignCompany.statusCode, error: foreignCompany.json().error }).toEqual({ status: 403, error: "ERR_COMPANY_MISMATCH" });
    const foreignList = await call("POST", "/contact-list-items", a.adminToken, { name: "Maria", number: "5511988887777", email: "", companyId: a.company.id, contactListId: String(listOfB.id) });
    expect({ status: foreignList.statusCode, error: foreignList.json().error }).toEqual({ status: 404, error: "ERR_NO_CONTACT_LIST_FOUND" });
    expect(await t.db.select().from(contactListItems)).toEqual([]);
  });

  it.each([["12a"], ["-3"], ["1.5"], [" 7"], [true]])("refuses contactListId %j with 400 ERR_VALIDATION", async (contactListId) => {
    const response = await call("POST", "/contact-list-items", a.adminToken, { name: "Maria", number: "5511988887777", email: "", companyId: a.company.id, contactListId });
    expect({ status: response.statusCode, error: response.json().error }).toEqual({ status: 400, error: "ERR_VALIDATION" });
  });
});

describe("7. Campaigns: POST and PUT /campaigns", () => {
  /** components/CampaignModal/index.js handleSaveCampaign: "" becomes null, scheduledAt is formatted YYYY-MM-DD HH:mm:ss. */
  const lineageCampaign = (overrides: Record<string, unknown> = {}) => ({
    name: "Black Friday",
    message1: "Olá {nome}, temos ofertas!",
    message2: null,
    message3: null,
    message4: null,
    message5: null,
    confirmationMessage1: null,
    confirmationMessage2: null,
    confirmationMessage3: null,
    confirmationMessage4: null,
    confirmationMessage5: null,
    status: "INATIVA",
    confirmation: false,
    scheduledAt: null,
    whatsappId: null,
    contactListId: null,
    tagListId: "Nenhuma",
    companyId: a.company.id,
    ...overrides,
  });

  it("creates an inactive campaign from the client's body, with the fields its list reads", async () => {
    const response = await call("POST", "/campaigns", a.adminToken, lineageCampaign());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      name: "Black Friday",
      message1: "Olá {nome}, temos ofertas!",
      message2: "",
      confirmationMessage1: "",
      status: "INATIVA",
      scheduledAt: null,
      completedAt: null,
      contactList: null,
      whatsapp: null,
      companyId: a.company.id,
    });
  });

  it("schedules on the company's clock and saves the campaign back as the dialog loaded it", async () => {
    const connection = (await call("POST", "/whatsapp", a.adminToken, { name: "Loja A WhatsApp", provider: "simulator" })).json<{ id: number }>();
    const list = (await call("POST", "/contact-lists", a.adminToken, { name: "Clientes" })).json<{ id: number }>();
    const response = await call("POST", "/campaigns", a.adminToken, lineageCampaign({ scheduledAt: "2031-01-15 10:30:00", whatsappId: connection.id, contactListId: list.id }));
    expect(response.statusCode, response.body).toBe(200);
    const created = response.json<Record<string, unknown> & { id: number }>();
    // America/Sao_Paulo, the company's zone: 10:30 there is 13:30 UTC.
    expect(created).toMatchObject({ status: "PROGRAMADA", scheduledAt: "2031-01-15T13:30:00.000Z", whatsapp: { id: connection.id }, contactList: { id: list.id } });

    // The dialog turns every null of the GET into "" and back to null, and sends the whole record.
    const loaded = (await call("GET", `/campaigns/${created.id}`, a.adminToken)).json<Record<string, unknown>>();
    const echoed = Object.fromEntries(Object.entries(loaded).map(([key, value]) => [key, value === "" ? null : value]));
    const saved = await call("PUT", `/campaigns/${created.id}`, a.adminToken, { ...echoed, name: "Black Friday 2031", scheduledAt: "2031-01-15 11:00:00", tagListId: null });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ name: "Black Friday 2031", status: "PROGRAMADA", scheduledAt: "2031-01-15T14:00:00.000Z" });
  });

  it("refuses another company's companyId, another company's list, another status and impossible dates", async () => {
    const listOfB = (await call("POST", "/contact-lists", b.adminToken, { name: "Clientes B" })).json<{ id: number }>();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ companyId: b.company.id }, 403, "ERR_COMPANY_MISMATCH"],
      [{ contactListId: listOfB.id }, 404, "ERR_NO_CONTACT_LIST_FOUND"],
      [{ status: "EM_ANDAMENTO" }, 400, "ERR_VALIDATION"],
      [{ scheduledAt: "2031-02-30 10:00:00" }, 400, "ERR_VALIDATION"],
      [{ scheduledAt: "2031-01-15 24:00:00" }, 400, "ERR_VALIDATION"],
      [{ scheduledAt: "15/01/2031 10:00" }, 400, "ERR_VALIDATION"],
      [{ message2: 5 }, 400, "ERR_VALIDATION"],
    ];
    for (const [overrides, status, error] of cases) {
      const response = await call("POST", "/campaigns", a.adminToken, lineageCampaign(overrides));
      expect({ sent: overrides, status: response.statusCode, error: response.json().error }).toEqual({ sent: overrides, status, error });
    }
    expect(await t.db.select().from(campaigns)).toEqual([]);
  });
});

describe("8. Campaign settings: GET and POST /campaign-settings", () => {
  it("answers the list the page parses with JSON.parse, and saves { settings } with the intervals the page offers", async () => {
    // pages/CampaignsConfig/index.js: data.forEach(item => [item.key, JSON.parse(item.value)]), then api.post("/campaign-settings", { settings })
    const listed = (await call("GET", "/campaign-settings", a.adminToken)).json<{ key: string; value: string }[]>();
    const settings = Object.fromEntries(listed.map((item) => [item.key, JSON.parse(item.value) as unknown]));
    expect(settings).toMatchObject({ messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60, variables: [] });
    const sent = { ...settings, messageInterval: 30, longerIntervalAfter: 600, greaterInterval: 600, variables: [{ key: "cupom", value: "BLACK10" }] };
    const saved = await call("POST", "/campaign-settings", a.adminToken, { settings: sent });
    expect(saved.statusCode, saved.body).toBe(200);
    const reread = (await call("GET", "/campaign-settings", a.adminToken)).json<{ key: string; value: string }[]>();
    expect(Object.fromEntries(reread.map((item) => [item.key, JSON.parse(item.value) as unknown]))).toEqual(sent);
    // Company B's settings are its own.
    const ofB = (await call("GET", "/campaign-settings", b.adminToken)).json<{ key: string; value: string }[]>();
    expect(ofB).toContainEqual({ key: "variables", value: "[]" });
  });

  it("refuses an interval that is no offered pace and a body without settings", async () => {
    for (const body of [{ settings: { messageInterval: 45 } }, { settings: { greaterInterval: 3600 } }, { messageInterval: 30 }]) {
      const response = await call("POST", "/campaign-settings", a.adminToken, body);
      expect({ status: response.statusCode, error: response.json().error }).toEqual({ status: 400, error: "ERR_VALIDATION" });
    }
  });
});
