import { expect, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { createCompanyViaApi, createUserViaApi, logIn } from "./helpers.ts";

const suffix = () => Math.random().toString(36).slice(2, 8);

/** The code an authenticator app shows for the secret, `offsetMs` from now. */
function codeOf(secret: string, offsetMs = 0): string {
  const totp = new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  return totp.generate({ timestamp: Date.now() + offsetMs });
}

test.describe("two-step verification", () => {
  test("a user turns it on from Profile with the app's code, then signs in with password and code", async ({ page, request }) => {
    const tag = suffix();
    const email = `duas-etapas-${tag}@example.com`;
    const password = "Senha-2fa-1";
    await createUserViaApi(request, { name: `Duas Etapas ${tag}`, email, password });
    await logIn(page, email, password);

    await page.getByRole("button", { name: "Conta" }).click();
    await page.getByRole("menuitem", { name: "Perfil" }).click();
    const dialog = page.getByRole("dialog", { name: "Perfil" });
    const section = dialog.getByRole("region", { name: "Verificação em duas etapas" });
    await section.getByRole("button", { name: "Ativar" }).click();

    // What the app would scan: the QR code, and the same secret as text.
    await expect(section.getByRole("img", { name: "Código QR da verificação em duas etapas" })).toBeVisible();
    const secret = await section.getByLabel("Chave para digitação manual").inputValue();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await section.getByLabel(/Código de 6 dígitos/).fill(codeOf(secret));
    await section.getByRole("button", { name: "Confirmar" }).click();

    const codes = section.getByRole("list", { name: "Códigos de recuperação" }).getByRole("listitem");
    await expect(codes).toHaveCount(10);
    await section.getByRole("button", { name: "Concluir" }).click();
    await expect(section.getByText(/^Ativada/)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    await page.getByRole("button", { name: "Conta" }).click();
    await page.getByRole("menuitem", { name: "Sair" }).click();
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel(/^Senha/).fill(password);
    await page.getByRole("button", { name: "Entrar" }).click();
    const code = page.getByLabel(/Código de verificação/);
    await expect(code).toBeVisible();
    // The code of the step after the one that turned it on (a code is accepted once).
    await code.fill(codeOf(secret, 30_000));
    await page.getByRole("button", { name: "Verificar" }).click();
    await expect(page).toHaveURL(/\/tickets$/);
  });
});

test.describe("required two-step verification", () => {
  test("an admin who requires it for the company is taken to its setup at the next step, and back to the app once it is on", async ({ page, request }) => {
    const tag = suffix();
    const admin = await createCompanyViaApi(request, `Empresa 2FA ${tag}`, `exige-2fa-${tag}@example.com`);
    await logIn(page, admin.email, admin.password);

    await page.goto("/settings");
    await page.getByRole("switch", { name: "Exigir verificação em duas etapas" }).check();
    await expect(page.getByText("Operação atualizada com sucesso.").first()).toBeVisible();

    // The server now refuses the session everything but the setup; the app follows at its next request.
    await page.getByRole("link", { name: "Contatos" }).click();
    await expect(page.getByRole("heading", { name: "Configure a verificação em duas etapas" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Contatos" })).toHaveCount(0);

    // The setup starts by itself here: the QR code and the key are already shown.
    await expect(page.getByRole("img", { name: "Código QR da verificação em duas etapas" })).toBeVisible();
    const secret = await page.getByLabel("Chave para digitação manual").inputValue();
    await page.getByLabel(/Código de 6 dígitos/).fill(codeOf(secret));
    await page.getByRole("button", { name: "Confirmar" }).click();
    await expect(page.getByRole("list", { name: "Códigos de recuperação" }).getByRole("listitem")).toHaveCount(10);
    await page.getByRole("button", { name: "Concluir" }).click();

    await page.goto("/contacts");
    await expect(page.getByRole("heading", { name: "Contatos" })).toBeVisible();
  });
});
