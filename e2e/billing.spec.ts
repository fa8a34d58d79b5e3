import { expect, test } from "@playwright/test";
import { createCompanyViaApi, logIn, tokenOf } from "./helpers.ts";

test("a company admin pays an invoice from /financeiro through the checkout and Pix; the payment simulator settles it, the licence is renewed and the row reads Pago", async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const company = await createCompanyViaApi(request, `Floricultura ${stamp}`, `dona.${stamp}@floricultura.test`);
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
