import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { type APIRequestContext, type Locator, type Page, expect } from "@playwright/test";
import { ADMIN_EMAIL, ADMIN_PASSWORD, MAIL_DIR } from "./playwright.config.ts";

/** Logs in through the login page and waits for the tickets page. */
export async function logIn(page: Page, email = ADMIN_EMAIL, password = ADMIN_PASSWORD): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel(/^Senha/).fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/tickets$/);
}

/** A user to create with `createUserViaApi` (profile "user", no queues unless told). */
export interface NewUser {
  name: string;
  email: string;
  password: string;
  profile?: "admin" | "user";
  queueIds?: number[];
}

/**
 * Creates a user through POST /users and answers its id. Without `token` it first logs the admin in
 * through the API, which ends any admin session open in a browser page (one session per account):
 * call it before the admin logs in on a page, or pass that page's token (`await tokenOf(page)`).
 */
export async function createUserViaApi(request: APIRequestContext, user: NewUser, token?: string): Promise<number> {
  let bearer = token;
  if (!bearer) {
    const login = await request.post("/auth/login", { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    expect(login.status()).toBe(200);
    const body: unknown = await login.json();
    bearer = typeof body === "object" && body !== null && "token" in body && typeof body.token === "string" ? body.token : undefined;
    if (!bearer) throw new Error("login answered no token");
  }
  const response = await request.post("/users", { headers: { authorization: `Bearer ${bearer}` }, data: { profile: "user", queueIds: [], ...user } });
  expect(response.status(), await response.text()).toBe(200);
  const created: unknown = await response.json();
  if (typeof created !== "object" || created === null || !("id" in created) || typeof created.id !== "number") throw new Error("POST /users answered no id");
  return created.id;
}

/** The access token of an API login (ends any browser session of the same account: one session per account). */
async function apiToken(request: APIRequestContext, email = ADMIN_EMAIL, password = ADMIN_PASSWORD): Promise<string> {
  const login = await request.post("/auth/login", { data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
  const body: unknown = await login.json();
  if (typeof body !== "object" || body === null || !("token" in body) || typeof body.token !== "string") throw new Error("login answered no token");
  return body.token;
}

/** The first admin of a company made with `createCompanyViaApi`. */
export interface NewCompanyAdmin {
  companyId: number;
  companyName: string;
  email: string;
  password: string;
}

/**
 * Creates another company through POST /companies as the seeded super admin (see `createUserViaApi`
 * about sessions), on the seeded admin company's plan, and sets its first admin's password with the
 * code of the invitation mail, as that admin would from /forgetpsw.
 */
export async function createCompanyViaApi(request: APIRequestContext, name: string, email: string, password = "Outra-Empresa-1", onPlanId?: number): Promise<NewCompanyAdmin> {
  const token = await apiToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const plans: unknown = await (await request.get("/plans/all", { headers })).json();
  const planId = onPlanId ?? (Array.isArray(plans) && typeof plans[0] === "object" && plans[0] !== null && "id" in plans[0] ? plans[0].id : undefined);
  const created = await request.post("/companies", {
    headers,
    data: { name, email, phone: null, planId, status: true, campaignsEnabled: true, dueDate: new Date(Date.now() + 30 * 86_400_000).toISOString(), recurrence: "MENSAL" },
  });
  expect(created.status(), await created.text()).toBe(200);
  const company: unknown = await created.json();
  if (typeof company !== "object" || company === null || !("id" in company) || typeof company.id !== "number") throw new Error("POST /companies answered no id");
  const code = codeOf(await lastMailTo(email));
  const reset = await request.post(`/resetpasswords/${encodeURIComponent(email)}/${code}/${encodeURIComponent(password)}`);
  expect(reset.status(), await reset.text()).toBe(200);
  return { companyId: company.id, companyName: name, email, password };
}

/** Creates a plan through POST /plans as the seeded super admin; answers its id. Every feature is on. */
export async function createPlanViaApi(request: APIRequestContext, plan: { name: string; value: number; isPublic: boolean }): Promise<number> {
  const headers = { authorization: `Bearer ${await apiToken(request)}` };
  const flags = { useCampaigns: true, useSchedules: true, useInternalChat: true, useExternalApi: true, useKanban: true, useOpenAi: true, useIntegrations: true };
  const created = await request.post("/plans", { headers, data: { users: 10, connections: 5, queues: 10, ...flags, ...plan } });
  expect(created.status(), await created.text()).toBe(200);
  const body: unknown = await created.json();
  if (typeof body !== "object" || body === null || !("id" in body) || typeof body.id !== "number") throw new Error("POST /plans answered no id");
  return body.id;
}

/** Deletes a user through DELETE /users/{id} with an admin's token (see `createUserViaApi` about sessions). */
export async function deleteUserViaApi(request: APIRequestContext, id: number, token: string): Promise<void> {
  const response = await request.delete(`/users/${id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
}

/** The access token of the session signed in on `page`. */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem("token"));
  if (!token) throw new Error("no session on this page");
  return token;
}

/**
 * Pairs the seeded simulator connection by "scanning" its QR code on the simulator page, unless it is already connected.
 * The simulator needs an admin's session: open `simulator` in the browser context of a page where the admin logged in
 * (both pages from one `browser.newContext()`), since logging the same account in again would end that page's session.
 */
export async function pairSimulator(simulator: Page): Promise<void> {
  await simulator.goto("/simulator");
  if (new URL(simulator.url()).pathname === "/login") throw new Error("the simulator page has no session: open it in the admin's browser context");
  await expect(simulator.getByRole("heading", { name: "Simulador de WhatsApp" })).toBeVisible({ timeout: 15_000 });
  const connected = simulator.getByText("Conectado", { exact: true }).first();
  const qrCode = simulator.getByLabel("QR Code mostrado");
  // The page reads the connection's state after it renders: wait for one state or the other.
  await expect(connected.or(qrCode)).toBeVisible({ timeout: 15_000 });
  if (await connected.isVisible()) return;
  await simulator.getByLabel("Número do celular que lê o QR Code").fill("5511955550000");
  // The QR code is replaced now and then: a scan that read the code just replaced is refused, so scan the new one.
  await expect(async () => {
    if (await connected.isVisible()) return;
    await simulator.getByRole("button", { name: "Ler com este número" }).click({ timeout: 5_000 });
    await expect(connected).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 40_000 });
}

/** A customer writes on the simulator page; answers once the composer was cleared (the message was taken). */
export async function customerSays(simulator: Page, number: string, name: string, text: string): Promise<void> {
  await simulator.getByLabel("Número do cliente").fill(number);
  await simulator.getByLabel("Nome do cliente").fill(name);
  await simulator.getByLabel("Mensagem", { exact: true }).fill(text);
  await simulator.getByRole("button", { name: "Enviar", exact: true }).click();
  await expect(simulator.getByLabel("Mensagem", { exact: true })).toHaveValue("", { timeout: 15_000 });
}

/** Changes a setting through the API with the session of `page`. */
export async function setSetting(page: Page, key: string, value: string): Promise<void> {
  const status = await page.evaluate(
    async ([k, v]) => {
      const response = await fetch(`/settings/${k}`, {
        method: "PUT",
        headers: { "content-type": "application/json", authorization: `Bearer ${localStorage.getItem("token")}` },
        body: JSON.stringify({ value: v }),
      });
      return response.status;
    },
    [key, value],
  );
  expect(status).toBe(200);
}

/** A message the e2e server sent, as the run's SMTP server received it (e2e/mail-sink.ts). */
export interface SentMail {
  to: string[];
  subject: string;
  /** The plain-text part. */
  text: string;
}

function readSentMail(file: string): SentMail {
  const parsed: unknown = JSON.parse(readFileSync(path.join(MAIL_DIR, file), "utf8"));
  if (typeof parsed !== "object" || parsed === null || !("to" in parsed) || !("subject" in parsed) || !("text" in parsed)) throw new Error(`${file} is no mail`);
  const { to, subject, text } = parsed;
  if (!Array.isArray(to) || typeof subject !== "string" || typeof text !== "string") throw new Error(`${file} is no mail`);
  return { to: to.map(String), subject, text };
}

/** The newest message sent to `email`, waiting up to 15 s for one. */
export async function lastMailTo(email: string): Promise<SentMail> {
  let found: SentMail | undefined;
  await expect(() => {
    const files = readdirSync(MAIL_DIR).filter((file) => file.endsWith(".json")).sort();
    found = files.map(readSentMail).filter((mail) => mail.to.some((to) => to.toLowerCase() === email.toLowerCase())).at(-1);
    expect(found, `a mail to ${email}`).toBeDefined();
  }).toPass({ timeout: 15_000 });
  return found!;
}

/** The code of a password reset or invitation mail: the line of its plain text that holds only the code. */
export function codeOf(mail: SentMail): string {
  const code = /^\s*([A-Z0-9]{8})\s*$/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in the mail:\n${mail.text}`);
  return code;
}

/**
 * The row of `name` in the open tab's waiting line. That list shows the longest-waiting first, so a
 * new ticket joins its end: the list is scrolled down (loading further pages) until the row shows.
 */
export async function waitingRow(page: Page, name: string | RegExp, timeout = 15_000): Promise<Locator> {
  const row = page.getByRole("listitem", { name });
  await expect(async () => {
    await page.getByRole("list").evaluateAll((lists) => {
      for (const list of lists) list.parentElement?.scrollTo({ top: list.parentElement.scrollHeight });
    });
    await expect(row).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout });
  await row.scrollIntoViewIfNeeded();
  return row;
}
