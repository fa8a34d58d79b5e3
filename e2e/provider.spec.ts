import { type Page, expect, test } from "@playwright/test";
import { codeOf, lastMailTo, logIn } from "./helpers.ts";

/** A field of the /settings tab shown (each tab renders only its own form). */
const field = (page: Page, label: string) => page.getByRole("textbox", { name: label, exact: true });

test("the super admin creates a plan, a company and a help video; the company's new admin sets a password from the e-mail, logs in and plays the video", async ({
  browser,
  page,
}) => {
  const stamp = Date.now();
  const planName = `Plano Prata ${stamp}`;
  const companyName = `Padaria ${stamp}`;
  const adminEmail = `dona.${stamp}@padaria.test`;
  const helpTitle = `Como atender ${stamp}`;

  await logIn(page);
  await page.goto("/settings");

  await page.getByRole("tab", { name: "Planos" }).click();
  await field(page, "Nome").fill(planName);
  await field(page, "Usuários").fill("3");
  await field(page, "Conexões").fill("1");
  await field(page, "Filas").fill("2");
  await page.getByRole("textbox", { name: /^Valor/ }).fill("89.9");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Operação realizada com sucesso!").first()).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(planName) })).toContainText("R$ 89,90");

  await page.getByRole("tab", { name: "Empresas" }).click();
  await field(page, "Nome").fill(companyName);
  await field(page, "E-mail").fill(adminEmail);
  await page.getByRole("combobox", { name: "Plano" }).click();
  await page.getByRole("option", { name: planName }).click();
  await page.getByLabel("Data de vencimento").fill("2031-03-15T10:00");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText(`Convite enviado para ${adminEmail}`)).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(companyName) })).toContainText("15/03/31 10:00");

  await page.getByRole("tab", { name: "Ajuda" }).click();
  await field(page, "Título").fill(helpTitle);
  await field(page, "Código do vídeo").fill("dQw4w9WgXcQ");
  await field(page, "Descrição").fill("O primeiro dia no atendimento");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Operação realizada com sucesso!").first()).toBeVisible();

  // The new company's admin, in a browser of their own.
  const context = await browser.newContext();
  try {
    const newcomer = await context.newPage();
    const mail = await lastMailTo(adminEmail);
    const link = /^(http:\/\/\S+\/forgetpsw\?email=\S+)$/m.exec(mail.text)?.[1];
    expect(link).toBeDefined();
    await newcomer.goto(link!);
    await expect(newcomer.getByLabel(/^E-mail/)).toHaveValue(adminEmail);
    await newcomer.getByLabel(/^Código/).fill(codeOf(mail));
    await newcomer.getByLabel(/^Nova senha/).fill("Padaria-2031");
    await newcomer.getByLabel(/^Confirme a nova senha/).fill("Padaria-2031");
    await newcomer.getByRole("button", { name: "Redefinir senha" }).click();
    await expect(newcomer.getByText("Senha redefinida com sucesso.")).toBeVisible();
    await expect(newcomer).toHaveURL(/\/login$/);

    await logIn(newcomer, adminEmail, "Padaria-2031");
    await expect(newcomer.getByText(companyName).first()).toBeVisible();
    await newcomer.goto("/helps");
    await newcomer.getByRole("button", { name: `Assistir: ${helpTitle}` }).click();
    const player = newcomer.getByRole("dialog").locator("iframe");
    await expect(player).toHaveAttribute("src", /^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ/);
    await newcomer.keyboard.press("Escape");
    await expect(newcomer.getByRole("dialog")).toHaveCount(0);
  } finally {
    await context.close();
  }
});
