import { expect, test } from "@playwright/test";
import { createCompanyViaApi, createPlanViaApi, logIn, tokenOf } from "./helpers.ts";

// Each journey goes through sign-up or company creation, the checkout and the settlement: more than the default budget.
test.describe.configure({ timeout: 120_000 });

test("a company admin pays an invoice from /financeiro through the checkout and Pix; the payment simulator settles it, the licence is renewed and the row reads Pago", async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  // A paid plan: the seeded demo plan is free, and a free plan is never invoiced.
  const planId = await createPlanViaApi(request, { name: `Flores ${stamp}`, value: 89.9, isPublic: true });
  const company = await createCompanyViaApi(request, `Floricultura ${stamp}`, `dona.${stamp}@floricultura.test`, undefined, planId);
  await logIn(page, company.email, company.password);
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  // The invoice of the company's current due date (the daily run creates it some days before that date).
  const opened = await request.post("/subscription/invoice", { headers });
  expect(opened.status(), await opened.text()).toBe(200);
  const invoice = (await opened.json()) as { id: number; dueDate: string };

  await page.goto("/financeiro");
  const row = page.locator(`tr[data-invoice-id="${invoice.id}"]`);
  await expect(row).toContainText("Em Aberto");
  await expect(row).toContainText(/R\$\s?\d+,\d{2}/);
  await row.getByRole("button", { name: "PAGAR" }).click();

  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Dados")).toBeVisible();
  await dialog.getByRole("textbox", { name: /^Nome completo/ }).fill("");
  await dialog.getByRole("button", { name: "Próximo" }).click();
  await expect(dialog.getByText("O nome completo é obrigatório")).toBeVisible();
  await expect(dialog.getByText("O Endereço é obrigatório")).toBeVisible();
  await expect(dialog.getByText("Cidade é obrigatória")).toBeVisible();
  await expect(dialog.getByText("CEP é obrigatório")).toBeVisible();
  await dialog.getByRole("textbox", { name: /^Nome completo/ }).fill("Rosa Maria");
  await dialog.getByRole("textbox", { name: /^Endereço/ }).fill("Rua das Hortênsias, 12");
  await dialog.getByRole("textbox", { name: /^Cidade/ }).fill("Holambra");
  await dialog.getByRole("textbox", { name: /^CEP/ }).fill("13825-000");
  await dialog.getByRole("button", { name: "Próximo" }).click();

  await expect(dialog.getByText("(plano atual)")).toBeVisible();
  await dialog.getByRole("button", { name: "Próximo" }).click();
  await expect(dialog.getByTestId("checkout-total")).toContainText(/Total: R\$\s?\d+,\d{2}/);
  await dialog.getByRole("button", { name: "PAGAR" }).click();

  await expect(dialog.getByText("Assinatura realizada com sucesso!, aguardando a realização do pagamento").first()).toBeVisible();
  await expect(dialog.getByRole("img", { name: "QR Code do Pix" })).toBeVisible();
  await expect(dialog.getByTestId("pix-amount")).toContainText(/R\$\s?\d+,\d{2}/);
  const code = await dialog.getByRole("textbox", { name: "Código Pix copia e cola" }).inputValue();
  expect(code).toMatch(/^000201.*br\.gov\.bcb\.pix.*6304[0-9A-F]{4}$/);
  await dialog.getByRole("button", { name: "Copiar código" }).click();
  await expect(dialog.getByRole("button", { name: "Copiado" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Copiar código" })).toBeVisible();

  await dialog.getByRole("button", { name: "Pagar no simulador de pagamentos" }).click();
  const subscription = (await (await request.get("/subscription", { headers })).json()) as { dueDate: string };
  expect(new Date(subscription.dueDate).getTime()).toBeGreaterThan(new Date(invoice.dueDate).getTime() + 27 * 86_400_000);
  const renewedUntil = await page.evaluate((iso) => {
    const date = new Date(iso);
    return `${String(date.getDate()).padStart(2, "0")}/${String(date.getMonth() + 1).padStart(2, "0")}/${date.getFullYear()}`;
  }, subscription.dueDate);
  await expect(page.getByText(`Licença renovada com sucesso até ${renewedUntil}!`).first()).toBeVisible();
  // The toast first, then the app goes to / (after 4 s).
  await expect(page).toHaveURL(/\/financeiro$/);
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });

  await page.goto("/financeiro");
  await expect(row).toContainText("Pago");
  await expect(row.getByRole("button", { name: "PAGO" })).toBeDisabled();
});

const dayOf = (iso: string) => {
  const date = new Date(iso);
  return `${String(date.getDate()).padStart(2, "0")}/${String(date.getMonth() + 1).padStart(2, "0")}/${date.getFullYear()}`;
};

test("a signed-up company pays from /subscription and every screen stops saying trial; a free plan is neither offered nor sold", async ({ page, request }) => {
  const stamp = Date.now();
  const paidPlan = `Essencial ${stamp}`;
  const freePlan = `Gratuito ${stamp}`;
  await createPlanViaApi(request, { name: paidPlan, value: 59.9, isPublic: true });
  const freeId = await createPlanViaApi(request, { name: freePlan, value: 0, isPublic: true });

  // The seeded demo plan (free, not public) is not offered at sign-up.
  await page.goto("/signup");
  await page.getByRole("combobox", { name: /Plano/ }).click();
  await expect(page.getByRole("option", { name: new RegExp(paidPlan) })).toBeVisible();
  await expect(page.getByRole("option", { name: /Plano Completo/ })).toHaveCount(0);
  await page.getByRole("option", { name: new RegExp(paidPlan) }).click();
  const email = `dono.${stamp}@padaria.test`;
  await page.getByLabel(/Nome da empresa/).fill(`Padaria ${stamp}`);
  await page.getByLabel(/E-mail/).fill(email);
  await page.getByLabel(/Senha/).fill("Pao-quente-1");
  await page.getByLabel(/Telefone/).fill("11987654321");
  await page.getByRole("button", { name: "Cadastrar" }).click();
  await expect(page).toHaveURL(/\/login/);

  await logIn(page, email, "Pao-quente-1");
  await expect(page.getByText(/Período de teste até \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await page.goto("/subscription");
  await expect(page.getByLabel("Dias restantes do período de teste")).toHaveValue("3");
  await page.getByRole("button", { name: "Assinar agora" }).click();

  const dialog = page.getByRole("dialog");
  await dialog.getByRole("textbox", { name: /^Nome completo/ }).fill("Maria Souza");
  await dialog.getByRole("textbox", { name: /^Endereço/ }).fill("Rua do Trigo, 5");
  await dialog.getByRole("textbox", { name: /^Cidade/ }).fill("Campinas");
  await dialog.getByRole("textbox", { name: /^CEP/ }).fill("13000-000");
  await dialog.getByRole("button", { name: "Próximo" }).click();
  await expect(dialog.getByText(paidPlan)).toBeVisible();
  await expect(dialog.getByText(freePlan)).toHaveCount(0);
  await expect(dialog.getByText("Plano Completo")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Próximo" }).click();
  await dialog.getByRole("button", { name: "PAGAR" }).click();
  await dialog.getByRole("button", { name: "Pagar no simulador de pagamentos" }).click();
  await expect(page.getByText(/Licença renovada com sucesso até/).first()).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });

  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const subscription = (await (await request.get("/subscription", { headers })).json()) as { dueDate: string; trialDaysLeft: number | null };
  expect(subscription.trialDaysLeft).toBeNull();
  const until = dayOf(subscription.dueDate);
  await expect(page.getByText(`Ativo até ${until}`)).toBeVisible();
  await expect(page.getByText(/Período de teste/)).toHaveCount(0);
  await page.goto("/subscription");
  await expect(page.getByLabel("Assinatura ativa até")).toHaveValue(until);
  await expect(page.getByLabel("Dias restantes do período de teste")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Assinar agora" })).toHaveCount(0);
  await expect(page.getByText(/Período de teste/)).toHaveCount(0);
  await page.reload();
  await expect(page.getByText(`Ativo até ${until}`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Pagar fatura" })).toBeVisible();
  await page.screenshot({ path: "/tmp/billing-paid.png" });

  // A free plan forced into the checkout is refused, and no charge of R$ 0,00 is made.
  const opened = await request.post("/subscription/invoice", { headers });
  expect(opened.status(), await opened.text()).toBe(200);
  const invoice = (await opened.json()) as { id: number };
  const forced = await request.post("/subscription", {
    headers,
    data: { firstName: "Maria Souza", address2: "Rua do Trigo, 5", city: "Campinas", zipcode: "13000-000", country: "BR", invoiceId: invoice.id, planId: freeId },
  });
  expect(forced.status()).toBe(409);
  expect(((await forced.json()) as { error: string }).error).toBe("ERR_FREE_PLAN");
  const listed = (await (await request.get("/plans/list")).json()) as { name: string }[];
  expect(listed.map((plan) => plan.name)).not.toContain("Plano Completo");
});
