import { type APIRequestContext, expect, test } from "@playwright/test";
import { logIn } from "./helpers.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "./playwright.config.ts";

const suffix = () => Math.random().toString(36).slice(2, 8);
const PLAN_DENIED = "Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.";

/** dd/MM/yyyy of a day `days` from today, as the top bar writes it. */
function dayFromToday(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return `${String(date.getDate()).padStart(2, "0")}/${String(date.getMonth() + 1).padStart(2, "0")}/${date.getFullYear()}`;
}

/** A public plan, made by the seeded super admin through the API (before any page logs that account in). */
async function createPlan(request: APIRequestContext, name: string, { useKanban }: { useKanban: boolean }): Promise<number> {
  const login = await request.post("/auth/login", { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const flags = { useCampaigns: true, useSchedules: true, useInternalChat: true, useExternalApi: true, useKanban, useOpenAi: true, useIntegrations: true };
  const response = await request.post("/plans", { headers: { authorization: `Bearer ${token}` }, data: { name, users: 3, connections: 1, queues: 3, value: 29.9, ...flags } });
  expect(response.status(), await response.text()).toBe(200);
  const plan = (await response.json()) as { id: number };
  return plan.id;
}

test.describe("sign-up and plan gating", () => {
  test("a newcomer signs a company up on /signup, logs in at once and sees the trial in the top bar", async ({ page, request }) => {
    const tag = suffix();
    // The seeded "Plano Completo" is not public: the newcomer picks a public plan.
    const planName = `Padaria Mensal ${tag}`;
    await createPlan(request, planName, { useKanban: true });
    const company = `Padaria ${tag}`;
    const email = `dono-${tag}@example.com`;

    await page.goto("/login");
    await page.getByRole("link", { name: "Não tem uma conta? Cadastre-se!" }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await page.getByLabel(/^Nome da empresa/).fill(company);
    await page.getByLabel(/^E-mail/).fill(email);
    await page.getByLabel(/^Senha/).fill("Pao-quente-1");
    await page.getByLabel(/^Telefone/).pressSequentially("11987654321");
    await expect(page.getByLabel(/^Telefone/)).toHaveValue("(11) 98765-4321");
    await page.getByRole("combobox", { name: /Plano/ }).click();
    await expect(page.getByRole("option", { name: /^Plano Completo/ })).toHaveCount(0);
    await page.getByRole("option", { name: new RegExp(`^${planName}`) }).click();
    await page.getByRole("button", { name: "Cadastrar" }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(/Cadastro realizado com sucesso!/).first()).toBeVisible();

    await logIn(page, email, "Pao-quente-1");
    await expect(page.getByText(`Olá ${company}, Bem-vindo à ${company}!`)).toBeVisible();
    await expect(page.getByText(`Período de teste até ${dayFromToday(3)}`)).toBeVisible();
    await expect(page.getByRole("status")).toHaveText(/Sua assinatura vence em [23] dia\(s\)/);
  });

  test("an admin whose plan lacks kanban is told so on /kanban and sent to / after a second", async ({ page, request }) => {
    const tag = suffix();
    const planId = await createPlan(request, `Sem Kanban ${tag}`, { useKanban: false });
    const email = `sem-kanban-${tag}@example.com`;
    const signUp = await request.post("/companies/cadastro", { data: { name: `Loja ${tag}`, email, password: "Loja-e2e-1", planId } });
    expect(signUp.status(), await signUp.text()).toBe(200);

    await logIn(page, email, "Loja-e2e-1");
    // The plan is read (its other features are in the menu), and kanban is not among them.
    const menu = page.getByRole("navigation", { name: "Menu principal" });
    await expect(menu.getByRole("link", { name: "Agendamentos" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Kanban" })).toHaveCount(0);
    await page.goto("/kanban");
    await expect(page.getByText(PLAN_DENIED).first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Kanban" })).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/, { timeout: 5_000 });
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();

    // The server refuses the feature's data as well.
    const lanes = await page.evaluate(async () => {
      const response = await fetch("/tags/kanban", { headers: { authorization: `Bearer ${localStorage.getItem("token")}` } });
      return { status: response.status, body: (await response.json()) as { error: string; details?: { planFlag?: string } } };
    });
    expect(lanes).toEqual({ status: 403, body: expect.objectContaining({ error: "ERR_PLAN_FEATURE_DISABLED", details: { planFlag: "useKanban" } }) });
  });
});
